/**
 * What the viewer accepts from a user: loose files and zip archives, flattened into one list of
 * named files, with every refused entry and the reason. Shared by the browser worker and the tests.
 */
import { isZip, readZip, ZipError, ZIP_LIMITS, type ZipArchiveProblem, type ZipEntryProblem } from "./zip.ts";
import type { InputFile } from "./board.ts";

export const LOAD_LIMITS = {
  /** Files after unpacking archives. */
  files: 300,
  /** One loose file. */
  fileBytes: ZIP_LIMITS.fileBytes,
} as const;

export type LoadProblem = ZipArchiveProblem | ZipEntryProblem | "too-many-files" | "empty";

export interface LoadResult {
  files: InputFile[];
  problems: { name: string; problem: LoadProblem }[];
}

export function expandFiles(inputs: InputFile[]): LoadResult {
  const files: InputFile[] = [];
  const problems: LoadResult["problems"] = [];
  for (const input of inputs) {
    if (isZip(input.bytes)) {
      try {
        const archive = readZip(input.bytes);
        for (const entry of archive.files) files.push({ name: entry.name, bytes: entry.bytes });
        for (const entry of archive.rejected)
          problems.push({ name: `${input.name}: ${entry.name}`, problem: entry.problem });
      } catch (error) {
        problems.push({ name: input.name, problem: error instanceof ZipError ? error.problem : "corrupt" });
      }
      continue;
    }
    if (input.bytes.length > LOAD_LIMITS.fileBytes) {
      problems.push({ name: input.name, problem: "too-large" });
      continue;
    }
    if (input.bytes.length === 0) {
      problems.push({ name: input.name, problem: "empty" });
      continue;
    }
    files.push(input);
  }
  if (files.length > LOAD_LIMITS.files) {
    problems.push({ name: "", problem: "too-many-files" });
    return { files: [], problems };
  }
  return { files, problems };
}

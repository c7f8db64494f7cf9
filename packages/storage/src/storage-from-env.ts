import { join } from "node:path";
import { z } from "zod";
import type { FileStorage } from "./file-storage.ts";
import { LocalFileStorage } from "./local-storage.ts";
import { S3FileStorage } from "./s3-storage.ts";

/** The four variables that switch storage to S3; all of them, or none. */
export const requiredS3Variables = [
  "S3_ENDPOINT",
  "S3_BUCKET",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
] as const;

/**
 * The storage variables as a zod shape, to spread into the server's environment schema
 * (`z.object({ ...s3EnvShape, … }).superRefine(refineS3Env)`). Values stay strings, so parsing an
 * already parsed environment again gives the same result.
 */
export const s3EnvShape = {
  /** An S3-compatible endpoint; with the bucket and both keys, files go there instead of DATA_DIR. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be an S3 bucket name (3–63 lower-case letters, digits, . and -)",
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  /** true: endpoint/bucket/key (MinIO, Ceph and most self-hosted stores); false: bucket.endpoint/key. */
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("true"),
};

type S3EnvInput = Partial<Record<(typeof requiredS3Variables)[number], string>>;

/** The required S3 variables that are missing while others are set; empty when all or none are set. */
export function missingS3Variables(env: S3EnvInput): string[] {
  const missing = requiredS3Variables.filter((name) => env[name] === undefined);
  return missing.length === requiredS3Variables.length ? [] : missing;
}

/** The all-or-none rule as a zod refinement: one issue per missing variable, each naming it. */
export function refineS3Env(env: S3EnvInput, ctx: z.RefinementCtx): void {
  const missing = missingS3Variables(env);
  if (missing.length === 0) return;
  const present = requiredS3Variables.filter((name) => env[name] !== undefined);
  for (const name of missing)
    ctx.addIssue({
      code: "custom",
      path: [name],
      message: `S3 storage needs ${requiredS3Variables.join(", ")} together; ${present.join(", ")} ${present.length === 1 ? "is" : "are"} set: set ${name} too, or unset them all to store files under DATA_DIR`,
    });
}

export const s3EnvSchema = z.object(s3EnvShape).superRefine(refineS3Env);

export class StorageConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid file storage configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "StorageConfigError";
  }
}

/**
 * S3 when S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are all set, otherwise
 * local disk under `<dataDir>/files`. Some but not all of them set is a StorageConfigError naming the
 * missing ones: silently storing customer files on one instance's disk would be worse than not starting.
 */
export function storageFromEnv(
  source: Record<string, string | undefined>,
  options: { dataDir: string },
): FileStorage {
  // As in the server's env.ts, an empty value means unset.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = s3EnvSchema.safeParse(cleaned);
  if (!result.success)
    throw new StorageConfigError(
      result.error.issues.map((issue) => {
        const name = issue.path.join(".");
        return cleaned[name] === undefined
          ? `${name} is missing: ${issue.message}`
          : `${name} is invalid: ${issue.message}`;
      }),
    );
  const env = result.data;
  if (
    env.S3_ENDPOINT === undefined ||
    env.S3_BUCKET === undefined ||
    env.S3_ACCESS_KEY_ID === undefined ||
    env.S3_SECRET_ACCESS_KEY === undefined
  )
    return new LocalFileStorage({ directory: join(options.dataDir, "files") });
  return new S3FileStorage({
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
  });
}

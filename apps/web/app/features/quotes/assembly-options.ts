/** A version of one of the company's assembly specifications that a request line may refer to. */
export interface AssemblyOption {
  spec_id: string;
  version_id: string;
  number: string;
  name: string;
  version: number;
}

export interface AssemblyOptions {
  options: AssemblyOption[];
  /** The company has more active specifications than the dialog offers. */
  more: boolean;
  /** The version the dialog opens with, from the specification's "Request a quote". */
  preselect: AssemblyOption | null;
}

/** How many assembly specifications the request dialog offers (the most recently changed). */
export const ASSEMBLY_OPTIONS_MAX = 100;

/** The version the address asks for: a whole number from 1, or null for the latest. */
export function wantedVersionNumber(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const version = Number(value);
  return Number.isSafeInteger(version) && version > 0 ? version : null;
}

/** A request line as the dialog's form starts it: quantity boxes are text until filled in. */
export interface StartLine {
  category: "assemblies" | "pcb";
  description: string;
  pcb_spec_version_id?: string;
  assembly_spec_version_id?: string;
  quantities: string[];
}

export const NEW_REQUEST_LINE: StartLine = { category: "assemblies", description: "", quantities: [""] };

/**
 * The lines the request dialog opens with: one per version the address asks to quote (a PCB
 * specification's from ?request=, an assembly specification's from ?request_pcba=), named after it;
 * otherwise one empty assembly line.
 */
export function requestStartLines(
  pcb: Pick<AssemblyOption, "version_id" | "name"> | null,
  assembly: Pick<AssemblyOption, "version_id" | "name"> | null,
): StartLine[] {
  const lines: StartLine[] = [];
  if (pcb)
    lines.push({
      category: "pcb",
      description: pcb.name,
      pcb_spec_version_id: pcb.version_id,
      quantities: [""],
    });
  if (assembly)
    lines.push({
      category: "assemblies",
      description: assembly.name,
      assembly_spec_version_id: assembly.version_id,
      quantities: [""],
    });
  return lines.length > 0 ? lines : [NEW_REQUEST_LINE];
}

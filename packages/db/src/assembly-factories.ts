import { canonicalManufacturer } from "@ems/bom/manufacturers";
import { normaliseMpn } from "@ems/bom/mpn";
import { ASSEMBLY_SPEC_DEFAULTS, type AssemblySpecFields } from "@ems/contracts/assembly-spec";
import { nextDocumentNumber } from "./document-numbers.ts";
import type { Executor } from "./factories.ts";
import {
  assemblySpecs,
  assemblySpecVersions,
  bomLines,
  bomVersions,
  customerPartMpns,
  customerParts,
} from "./schema.ts";

/**
 * Factories with overrides for customer parts and assembly specifications with a BOM, shared by the
 * tests and the demo seed. MPN keys and manufacturer ids are derived as the API derives them.
 */

let sequence = 0;

export type CustomerPartRow = typeof customerParts.$inferSelect;

export async function createCustomerPart(
  db: Executor,
  overrides: {
    companyId: string;
    partNumber?: string;
    description?: string;
    type?: CustomerPartRow["type"];
    mpns?: { manufacturer: string | null; mpn: string }[];
    part?: Partial<typeof customerParts.$inferInsert>;
  },
): Promise<CustomerPartRow> {
  const partNumber = overrides.partNumber ?? `T-${Date.now().toString(36).toUpperCase()}-${++sequence}`;
  const [part] = await db
    .insert(customerParts)
    .values({
      companyId: overrides.companyId,
      partNumber,
      partNumberKey: partNumber.toUpperCase(),
      description: overrides.description ?? `Test part ${sequence}`,
      type: overrides.type ?? "resistor",
      ...overrides.part,
    })
    .returning();
  if (!part) throw new Error("createCustomerPart inserted no part");
  const mpns = overrides.mpns ?? [];
  if (mpns.length > 0)
    await db.insert(customerPartMpns).values(
      mpns.map(({ manufacturer, mpn }) => ({
        partId: part.id,
        companyId: overrides.companyId,
        manufacturer,
        manufacturerId: manufacturer ? (canonicalManufacturer(manufacturer)?.id ?? null) : null,
        mpn,
        mpnKey: normaliseMpn(mpn) || mpn.toUpperCase(),
      })),
    );
  return part;
}

export interface BomLineInput {
  designators: string[];
  value?: string | null;
  footprint?: string | null;
  description?: string | null;
  parts?: { manufacturer: string | null; mpn: string }[];
  dnp?: boolean;
  partId?: string | null;
  substitution?: Record<string, unknown> | null;
}

/**
 * An assembly specification with version 1 (the defaults, a name "Test assembly <n>", `fields`
 * overriding them) and, when `bom` is given, BOM version 1 with those lines, named by the version.
 */
export async function createAssemblySpec(
  db: Executor,
  overrides: {
    companyId: string;
    fields?: Partial<AssemblySpecFields>;
    pcbSpecVersionId?: string | null;
    bom?: BomLineInput[];
    createdByUserId?: string | null;
    version?: Partial<typeof assemblySpecVersions.$inferInsert>;
  },
) {
  const n = ++sequence;
  const [spec] = await db
    .insert(assemblySpecs)
    .values({
      companyId: overrides.companyId,
      number: await nextDocumentNumber(db, "assembly"),
      createdByUserId: overrides.createdByUserId ?? null,
    })
    .returning();
  if (!spec) throw new Error("createAssemblySpec inserted no specification");
  let bomVersion: typeof bomVersions.$inferSelect | null = null;
  if (overrides.bom) {
    const [inserted] = await db
      .insert(bomVersions)
      .values({
        assemblyId: spec.id,
        version: 1,
        sourceName: "bom.csv",
        format: "csv",
        encoding: "utf-8",
        tool: "kicad",
        headerRow: 1,
        headers: ["Reference", "Value", "Footprint", "Manufacturer", "MPN"],
        mapping: ["designators", "value", "footprint", "manufacturer", "mpn"],
        problems: [],
        createdByUserId: overrides.createdByUserId ?? null,
      })
      .returning();
    if (!inserted) throw new Error("createAssemblySpec inserted no BOM version");
    bomVersion = inserted;
    const versionId = inserted.id;
    await db.insert(bomLines).values(
      overrides.bom.map((line, index) => ({
        bomVersionId: versionId,
        position: index + 1,
        sourceRow: index + 2,
        designators: line.designators,
        quantity: line.designators.length,
        value: line.value ?? null,
        footprint: line.footprint ?? null,
        description: line.description ?? null,
        parts: line.parts ?? [],
        dnp: line.dnp ?? false,
        warnings: [],
        partId: line.partId ?? null,
        matchStatus: line.partId ? ("matched" as const) : ("unmatched" as const),
        substitution: line.substitution ?? null,
      })),
    );
  }
  const [version] = await db
    .insert(assemblySpecVersions)
    .values({
      specId: spec.id,
      version: 1,
      fields: { ...ASSEMBLY_SPEC_DEFAULTS, name: `Test assembly ${n}`, ...overrides.fields },
      pcbSpecVersionId: overrides.pcbSpecVersionId ?? null,
      bomVersionId: bomVersion?.id ?? null,
      createdByUserId: overrides.createdByUserId ?? null,
      ...overrides.version,
    })
    .returning();
  if (!version) throw new Error("createAssemblySpec inserted no version");
  return { spec, version, bomVersion };
}

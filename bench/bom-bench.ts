/**
 * npm run bench:bom — importing and matching a 10,000-line BOM against a company with 100,000 parts
 * (issue 18: under 1 s median on the server), beside papaparse's bare parse of the same file in the
 * same run as the baseline. Nothing is asserted; it prints and exits non-zero only when a result is
 * wrong (not when it is slow).
 *
 * Setup (not timed): a fresh embedded PGlite with the migrations, one company, 100,000 parts each with
 * one MPN (normalised key as the API writes it), and a KiCad-style CSV of 10,000 lines
 * (`Reference,Value,Footprint,Qty,Manufacturer,MPN`, two designators per line). Half of the lines name
 * an MPN of the company's parts, written as BOMs write them (lower case, a packaging suffix, spaces
 * instead of dashes); the other half name MPNs the company does not have.
 *
 * Timed, per run (performance.now()): ours = importBom(bytes) (decode, header and column detection,
 * designator expansion, DNP and warnings) + matchBomLines(db, company, lines) (the candidate query
 * and the match), exactly what POST /api/pcbas/:id/bom/preview does after reading the file; the
 * baseline = Papa.parse(text) of the same file, decoded. BOM_BENCH_WARMUP (default 3) untimed runs
 * each, then BOM_BENCH_RUNS (default 9) timed; medians and the median of per-run ratios are printed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import Papa from "papaparse";
import { importBom } from "@ems/bom/bom-import";
import { MANUFACTURERS } from "@ems/bom/manufacturers";
import { normaliseMpn } from "@ems/bom/mpn";
import { createDb } from "@ems/db/client";
import { createCompany } from "@ems/db/factories";
import { runMigrations } from "@ems/db/migrate";
import { customerPartMpns, customerParts } from "@ems/db/schema";
import { matchBomLines } from "../apps/api/src/modules/parts/part-match-service.ts";
import { median } from "./stats.ts";

const PARTS = Number(process.env.BOM_BENCH_PARTS ?? 100_000);
const LINES = Number(process.env.BOM_BENCH_LINES ?? 10_000);
const WARMUP = Number(process.env.BOM_BENCH_WARMUP ?? 3);
const RUNS = Number(process.env.BOM_BENCH_RUNS ?? 9);
const TARGET_MS = 1000;

/** A part's MPN as its maker writes it: letters, digits and dashes, unique per index. */
const mpnOf = (i: number) => `BX${(i * 7919).toString(36).toUpperCase()}-${String(i).padStart(6, "0")}TR`;

async function seed(db: Awaited<ReturnType<typeof createDb>>["db"], companyId: string) {
  const BATCH = 2000;
  for (let start = 0; start < PARTS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, PARTS - start) }, (_, k) => {
      const i = start + k;
      const number = `P-${String(i + 1).padStart(6, "0")}`;
      return {
        companyId,
        partNumber: number,
        partNumberKey: number,
        description: `Part ${i + 1}`,
        type: "resistor" as const,
      };
    });
    const parts = await db
      .insert(customerParts)
      .values(rows)
      .returning({ id: customerParts.id, number: customerParts.partNumber });
    await db.insert(customerPartMpns).values(
      parts.map((part, k) => {
        const i = start + k;
        const maker = MANUFACTURERS[i % MANUFACTURERS.length]!;
        return {
          partId: part.id,
          companyId,
          manufacturer: maker.name,
          manufacturerId: maker.id,
          mpn: mpnOf(i),
          mpnKey: normaliseMpn(mpnOf(i)),
        };
      }),
    );
  }
}

/** The BOM: even lines name a known part's MPN as a BOM would write it, odd lines an unknown one. */
function bomCsv(): { bytes: Uint8Array; known: number } {
  const rows = ["Reference,Value,Footprint,Qty,Manufacturer,MPN"];
  let known = 0;
  for (let line = 0; line < LINES; line++) {
    const i = (line * 9973) % PARTS;
    const maker = MANUFACTURERS[i % MANUFACTURERS.length]!;
    const mpn = line % 2 === 0 ? mpnOf(i).toLowerCase().replace("-", " ") : `UNKNOWN-${line}`;
    if (line % 2 === 0) known++;
    rows.push(`"R${2 * line + 1}, R${2 * line + 2}",10k,R_0603_1608Metric,2,${maker.name},${mpn}`);
  }
  return { bytes: new TextEncoder().encode(rows.join("\r\n") + "\r\n"), known };
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ems-bench-bom-"));
  const handle = await createDb({ kind: "pglite", dataDir: path.join(dir, "pglite") });
  try {
    await runMigrations(handle);
    const company = await createCompany(handle.db, { name: "Bench Electronics" });
    const seeded = performance.now();
    await seed(handle.db, company.id);
    console.log(
      `Seeded ${PARTS.toLocaleString("en")} parts in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const { bytes, known } = bomCsv();
    const text = new TextDecoder().decode(bytes);
    console.log(
      `BOM: ${LINES.toLocaleString("en")} lines, ${(bytes.length / 1024).toFixed(0)} KiB, ${known} naming a known part`,
    );

    const ours = async () => {
      const result = importBom(bytes, "bom.csv");
      const matches = await matchBomLines(handle.db, company.id, result.lines);
      return { lines: result.lines.length, matched: matches.filter((m) => m.status === "matched").length };
    };
    const baseline = () => Papa.parse<string[]>(text, { skipEmptyLines: true }).data.length;

    for (let i = 0; i < WARMUP; i++) {
      await ours();
      baseline();
    }
    const oursMs: number[] = [];
    const baseMs: number[] = [];
    let last = { lines: 0, matched: 0 };
    for (let i = 0; i < RUNS; i++) {
      let start = performance.now();
      last = await ours();
      oursMs.push(performance.now() - start);
      start = performance.now();
      baseline();
      baseMs.push(performance.now() - start);
    }
    const ratios = oursMs.map((ms, i) => ms / baseMs[i]!);
    const ourMedian = median(oursMs);
    console.log(`import + match (ours)   median ${ourMedian.toFixed(0)} ms over ${RUNS} runs`);
    console.log(`papaparse bare parse    median ${median(baseMs).toFixed(0)} ms`);
    console.log(`median ratio ours / papaparse: ${median(ratios).toFixed(1)}×`);
    console.log(
      `target under ${TARGET_MS} ms: ${ourMedian < TARGET_MS ? "pass" : "FAIL"} · lines ${last.lines}, matched ${last.matched} of ${known} expected`,
    );
    if (last.lines !== LINES || last.matched !== known) {
      console.error("Wrong result: every line must be read and every known MPN matched.");
      process.exitCode = 1;
    }
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

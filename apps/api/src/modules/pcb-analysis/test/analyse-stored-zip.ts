// Run as a child process by pcb-analysis.test.ts with `node --import tsx`, the way `npm start` and
// the e2e server run the API: analyses a stored zip and prints the board data as one JSON line.
import { LocalFileStorage } from "@ems/storage/local-storage";
import { analyseGerberZip } from "../pcb-analysis-service.ts";

const [directory, sha256] = process.argv.slice(2);
if (!directory || !sha256) throw new Error("usage: analyse-stored-zip.ts <storage directory> <sha256>");
const analysis = await analyseGerberZip(new LocalFileStorage({ directory }), sha256, {});
process.stdout.write(`${JSON.stringify({ board: analysis.board, previews: analysis.previews })}\n`);

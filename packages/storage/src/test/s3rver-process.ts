// Runs s3rver in its own process for s3-test-server.ts, so that its memory is not counted as the
// storage's: prints the port once listening, stops when its parent closes stdin.
import S3rver from "s3rver";

const [directory, bucket] = process.argv.slice(2);
if (directory === undefined || bucket === undefined)
  throw new Error("usage: s3rver-process.ts <directory> <bucket>");
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`${port}\n`);
process.stdin.resume();
process.stdin.on("end", () => void server.close().then(() => process.exit(0)));

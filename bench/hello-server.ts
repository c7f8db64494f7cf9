import Fastify from "fastify";

/** The baseline: a bare Fastify "hello world" on the same machine, in its own process. */
const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(`LISTENING ${typeof address === "object" && address ? address.port : ""}\n`);

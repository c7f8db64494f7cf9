import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/**
 * A stand-in for the React Router build (apps/web/build): one catch-all page route whose document
 * names the path it rendered, so these tests need no `npm run build`.
 */
const FAKE_SERVER_BUILD = `
const Page = () => null;
export const entry = {
  module: {
    default: (request, status) =>
      new Response("rendered " + new URL(request.url).pathname, {
        status,
        headers: { "Content-Type": "text/html; charset=utf-8" },
      }),
  },
};
export const routes = {
  root: { id: "root", path: "", module: { default: Page } },
  page: { id: "page", parentId: "root", path: "*", module: { default: Page } },
};
export const assets = { url: "/assets/manifest.js", version: "test", entry: { module: "/assets/entry.js", imports: [] }, routes: {} };
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const publicPath = "/";
export const assetsBuildDirectory = "build/client";
export const basename = "/";
export const routeDiscovery = { mode: "initial", manifestPath: "/__manifest" };
`;

let buildDir: string;
let t: TestApp;
let port: number;

beforeAll(async () => {
  buildDir = await mkdtemp(path.join(os.tmpdir(), "web-build-"));
  await mkdir(path.join(buildDir, "server"), { recursive: true });
  await mkdir(path.join(buildDir, "client"), { recursive: true });
  await writeFile(path.join(buildDir, "server", "index.js"), FAKE_SERVER_BUILD);
  t = await createTestApp({}, { webBuildDir: buildDir });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await t?.close();
  await rm(buildDir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  location: string | undefined;
  body: string;
}

/**
 * Sends the request target byte for byte, as an attacker's client would: app.inject (and fetch)
 * would first resolve "/.//x" or "/\\x" the way a browser does, which hides exactly these cases.
 */
function send(method: string, target: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const [head = "", body = ""] = text.split("\r\n\r\n");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      const location = /^location: (.*)$/im.exec(head)?.[1];
      resolve({ status, location, body });
    });
    socket.write(
      `${method} ${target} HTTP/1.1\r\nHost: www.example.test\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  });
}

/** Where a browser would go with this Location, read against this site. */
function locationOrigin(location: string): string {
  return new URL(location, "https://www.example.test").origin;
}

describe("page requests with malformed paths (issue 15 point 5)", () => {
  it("still renders ordinary pages and redirects a trailing slash on this site", async () => {
    const page = await send("GET", "/de/kontakt?x=1");
    expect(page.status).toBe(200);
    expect(page.body).toContain("rendered /de/kontakt");
    const slash = await send("GET", "/de/kontakt//?x=1");
    expect(slash.status).toBe(301);
    expect(slash.location).toBe("/de/kontakt?x=1");
  });

  it.each(["//", "///", "//?x=1", "////"])("sends %s home", async (url) => {
    const answer = await send("GET", url);
    expect(answer.status).toBe(301);
    expect(answer.location).toBe("/");
  });

  it.each([
    "//evil.example/x",
    "//evil.example/x/",
    "//evil.example",
    "/%2F%2Fevil.example",
    "/%2F%2Fevil.example/",
    "//%5Cevil",
    "/%5C%5Cevil.example",
    "/\\evil.example",
    "/\\/evil.example/",
    "/.//evil.example",
    "/.//evil.example/",
    "/x/..//evil.example/",
    "/%2e%2e//evil.example",
    "/de//kontakt",
    "/de/kontakt%2F",
    "http://evil.example/x",
  ])("answers %s with 404, never a 500 or a redirect off this site", async (url) => {
    for (const method of ["GET", "HEAD", "POST"]) {
      const answer = await send(method, url);
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.location, `${method} ${url}`).toBeUndefined();
    }
  });

  it("refuses a broken escape before routing (Fastify's own 400)", async () => {
    const answer = await send("GET", "/%E0%A4%A");
    expect(answer.status).toBe(400);
    expect(answer.location).toBeUndefined();
  });

  it("never answers a path made of slashes, dots and escapes with a 500 or an off-site Location", async () => {
    const pieces = ["/", "//", "\\", ".", "..", "%2F", "%5C", "%2e", "evil.example", "x", "?", "@"];
    for (const a of pieces)
      for (const b of pieces)
        for (const c of pieces) {
          const url = `/${a}${b}${c}`;
          const answer = await send("GET", url);
          expect(answer.status, url).toBeLessThan(500);
          if (answer.location !== undefined)
            expect(locationOrigin(answer.location), url).toBe("https://www.example.test");
        }
  });
});

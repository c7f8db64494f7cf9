import { createHash } from "node:crypto";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/**
 * The web plugin against a stand-in React Router build: its document entry writes the nonce it
 * is handed into an inline script, as entry.server.tsx does, so these tests see what the browser
 * would get. The real build is checked by the e2e journey site-shell/csp.spec.ts.
 */
const SERVER_BUILD = `
const page = () => null;
export const entry = {
  module: {
    default(request, status, headers, _context, loadContext) {
      headers.set("Content-Type", "text/html; charset=utf-8");
      if (new URL(request.url).pathname === "/shared") headers.set("Cache-Control", "public, max-age=600");
      const nonce = loadContext && loadContext.cspNonce;
      return new Response(
        '<!DOCTYPE html><html><head><script nonce="' + nonce + '">document.title = "rendered";</script></head><body></body></html>',
        { status, headers },
      );
    },
  },
};
export const routes = {
  root: { id: "root", path: "", module: { default: page } },
  feed: { id: "feed", parentId: "root", path: "feed.json", module: { loader: () => Response.json({ items: [] }) } },
  any: { id: "any", parentId: "root", path: "*", module: { default: page } },
};
const route = (id, parentId, path, hasLoader) => ({
  id, parentId, path, module: "/assets/" + id + ".js", hasLoader, hasAction: false, hasClientLoader: false,
  hasClientAction: false, hasClientMiddleware: false, hasErrorBoundary: false, imports: [], css: [],
});
export const assets = {
  entry: { module: "/assets/entry.js", imports: [] },
  routes: { root: route("root", undefined, "", false), feed: route("feed", "root", "feed.json", true), any: route("any", "root", "*", false) },
  url: "/assets/manifest.js",
  version: "test",
};
export const publicPath = "/";
export const assetsBuildDirectory = "build/client";
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const basename = "/";
export const routeDiscovery = { mode: "initial" };
`;

const PRERENDERED_SCRIPT = 'window.__reactRouterContext = {"url":"/about"};';
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");
const scriptSrc = (policy: unknown) =>
  String(policy)
    .split("; ")
    .find((part) => part.startsWith("script-src "));

describe("the Content-Security-Policy of pages", () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "web-csp-"));
    await mkdir(path.join(dir, "server"));
    await mkdir(path.join(dir, "client", "about"), { recursive: true });
    await writeFile(path.join(dir, "server", "index.js"), SERVER_BUILD);
    await writeFile(
      path.join(dir, "client", "about", "index.html"),
      `<!DOCTYPE html><html><head><script>${PRERENDERED_SCRIPT}</script></head><body><p>About</p></body></html>`,
    );
    await writeFile(path.join(dir, "client", "about.data"), '[{"_1":2},"loaderData"]');
    t = await createTestApp({}, { webBuildDir: dir });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("allows a rendered page's inline scripts by a nonce of its own, new for every response", async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: "GET", url: "/contact-us" });
      expect(res.statusCode).toBe(200);
      const rendered = /<script nonce="([^"]+)">/.exec(res.body)?.[1];
      expect(rendered).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(scriptSrc(res.headers["content-security-policy"])).toBe(`script-src 'self' 'nonce-${rendered}'`);
      expect(res.headers["cache-control"]).toBe("private, no-cache");
      nonces.push(rendered!);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it("keeps a nonce'd page out of shared caches even when the route asks for one", async () => {
    const res = await t.app.inject({ method: "GET", url: "/shared" });
    expect(scriptSrc(res.headers["content-security-policy"])).toMatch(/^script-src 'self' 'nonce-[^']+'$/);
    expect(res.headers["cache-control"]).toBe("private, no-cache");
  });

  it("allows a prerendered page's inline scripts by their hashes, and no nonce", async () => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const res = await t.app.inject({
        method: "GET",
        url: "/about",
        headers: { "accept-encoding": encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(scriptSrc(res.headers["content-security-policy"])).toBe(
        `script-src 'self' 'sha256-${sha256(PRERENDERED_SCRIPT)}'`,
      );
    }
    // A search is rendered per request, so it gets a nonce instead.
    const search = await t.app.inject({ method: "GET", url: "/about?q=smt" });
    expect(scriptSrc(search.headers["content-security-policy"])).toMatch(/^script-src 'self' 'nonce-[^']+'$/);
  });

  it("gives data, prerendered or rendered, the policy that allows nothing", async () => {
    const prerendered = await t.app.inject({ method: "GET", url: "/about.data" });
    expect(prerendered.statusCode).toBe(200);
    expect(prerendered.headers["content-security-policy"]).toMatch(/^default-src 'none'/);
    const resource = await t.app.inject({ method: "GET", url: "/feed.json" });
    expect(resource.json()).toEqual({ items: [] });
    expect(resource.headers["content-security-policy"]).toMatch(/^default-src 'none'/);
    expect(resource.headers["cache-control"]).toBeUndefined();
  });
});

import { existsSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import { createRequestHandler, type ServerBuild } from "react-router";
import { isbot } from "isbot";
import { siteConfig } from "@ems/config/site";
import { LANGUAGE_COOKIE } from "@ems/config/constants";
import { languageRedirect } from "@ems/i18n/language-redirect";
import { legacyCaseStudyTarget } from "@ems/i18n/route-map";
import { sameOriginPath } from "@ems/contracts/safe-paths";
import type { RedirectRuleCache } from "../modules/redirects/redirects-service.ts";
import { acceptsBrotli, PrerenderedPages } from "./prerendered-pages.ts";
import { cspNonce } from "./security-headers.ts";
import { sendRouteNotFound } from "./errors.ts";

/**
 * Serves the React Router production build in the same process as the API: hashed assets with
 * long cache headers, prerendered pages from memory, everything else server-rendered. Loaders reach the API in-process through
 * `context.apiFetch` (app.inject), so SSR costs no loopback round trip.
 */
function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

export default async function webPlugin(
  app: FastifyInstance,
  options: { buildDir: string; redirectRules: RedirectRuleCache },
): Promise<void> {
  const serverEntry = path.join(options.buildDir, "server", "index.js");
  const clientDir = path.join(options.buildDir, "client");
  if (!existsSync(serverEntry))
    throw new Error(`Web build not found at ${serverEntry}; run npm run build first.`);
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const prerendered = await PrerenderedPages.scan(clientDir);
  const routeOptions = { productSlug: siteConfig.brand.productSlug };

  const apiFetchFor =
    (clientIp: string): typeof fetch =>
    async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
      const response = await app.inject({
        method: request.method as "GET",
        url: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
        remoteAddress: clientIp,
        ...(body ? { payload: body } : {}),
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        if (Array.isArray(value)) for (const v of value) headers.append(name, String(v));
        else if (value !== undefined) headers.set(name, String(value));
      }
      const empty = response.statusCode === 204 || response.statusCode === 304;
      return new Response(empty ? null : response.rawPayload, { status: response.statusCode, headers });
    };

  const handleRequest = createRequestHandler(build, "production");

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: "/",
    wildcard: false,
    index: false,
    decorateReply: false,
    // Prerendered HTML and route data are served from memory by the page handler below, which
    // renders per request instead when a search or a preview asks for it.
    globIgnore: ["**/index.html", "**/*.data", "**/*.br", "**/*.gz"],
    // The build writes .br and .gz beside scripts and stylesheets (apps/web/scripts/precompress.ts).
    preCompressed: true,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });

  // Unknown API routes stay JSON envelopes; they must never fall through to the page renderer.
  app.all("/api/*", sendRouteNotFound);

  await app.register(async (pages) => {
    // Page requests (form posts to actions included) go to React Router unparsed.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (_request: FastifyRequest, _payload: unknown, done: (e: null) => void) =>
      done(null),
    );
    pages.all("/*", async (request, reply) => {
      // Malformed paths (issue 15) never reach a parser: "//host/x" would be read as another site
      // (and "//" alone throws). Only slashes: home; any other path the redirect check refuses
      // (backslashes, encoded or dot-made double slashes, absolute-form targets): 404.
      const rawPath = request.url.split("?")[0] ?? "";
      const bare = rawPath.replace(/\/+$/, "");
      if (bare === "" && rawPath !== "/") return reply.redirect("/", 301);
      if (sameOriginPath(bare || "/") === null)
        return reply.status(404).type("text/plain; charset=utf-8").send("Not Found");
      const url = new URL(request.url, "http://local.invalid");
      let pathname: string;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        pathname = url.pathname;
      }
      const isRead = request.method === "GET" || request.method === "HEAD";

      if (isRead) {
        // One address per page: a trailing slash redirects to the path without it (which is
        // prerendered), instead of rendering a duplicate of the page per request.
        if (pathname.length > 1 && pathname.endsWith("/")) {
          const target = `/${url.pathname.replace(/^\/+|\/+$/g, "")}`;
          return reply.redirect(sameOriginPath(`${target}${url.search}`) ?? target, 301);
        }
        // Legacy case-study paths, then the operator's redirect rules, keep the query string.
        const legacy = legacyCaseStudyTarget(pathname, routeOptions);
        if (legacy) return reply.redirect(`${legacy}${url.search}`, 301);
        const rule = await options.redirectRules.resolve(pathname);
        if (rule) {
          const target =
            rule.target.includes("?") || !url.search ? rule.target : `${rule.target}${url.search}`;
          return reply.redirect(target, rule.statusCode);
        }
        const userAgent = request.headers["user-agent"] ?? "";
        const language = languageRedirect(
          pathname,
          readCookie(request.headers.cookie, LANGUAGE_COOKIE),
          isbot(userAgent),
          request.headers["accept-language"],
        );
        if (language)
          return reply.header("Vary", "Cookie, Accept-Language").redirect(`${language}${url.search}`, 302);

        // Search results and previews of drafts are rendered per request, not prerendered.
        const perRequest =
          url.searchParams.has("q") ||
          url.searchParams.has("preview") ||
          readCookie(request.headers.cookie, "preview_token") !== undefined;
        const page = perRequest
          ? undefined
          : await prerendered.body(pathname, acceptsBrotli(request.headers["accept-encoding"]));
        if (page) {
          if (pathname.endsWith(".data")) reply.type("text/x-script");
          else
            reply
              .header("Content-Security-Policy", app.pageCsp({ hashes: page.scriptHashes }))
              .type("text/html; charset=utf-8");
          // Without Content-Encoding the compression hook gzips the decoded page for gzip-only clients.
          if (page.encoding) reply.header("Content-Encoding", page.encoding);
          return (
            reply
              .header("Cache-Control", "public, max-age=0, must-revalidate")
              // The root answers by Accept-Language too (a first visit is redirected by it).
              .header(
                "Vary",
                pathname === "/" ? "Cookie, Accept-Language, Accept-Encoding" : "Cookie, Accept-Encoding",
              )
              .send(page.body)
          );
        }
      }

      // Rendered per request through Fastify's reply, so compression and the security headers apply.
      const controller = new AbortController();
      reply.raw.once("close", () => controller.abort());
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (Array.isArray(value)) for (const v of value) headers.append(name, v);
        else if (value !== undefined) headers.set(name, value);
      }
      const init: RequestInit & { duplex?: "half" } = {
        method: request.method,
        headers,
        signal: controller.signal,
      };
      if (!isRead) {
        init.body = Readable.toWeb(request.raw) as ReadableStream;
        init.duplex = "half";
      }
      // The page's inline scripts carry this nonce (entry.server.tsx); it is never reused.
      const nonce = cspNonce();
      const response = await handleRequest(
        new Request(`${request.protocol}://${request.host}${request.url}`, init),
        {
          // The client address as the API sees it (TRUST_PROXY applied) for rate limits and geolocation.
          apiFetch: apiFetchFor(request.ip),
          cspNonce: nonce,
        },
      );
      reply.status(response.status);
      for (const [name, value] of response.headers) if (name !== "set-cookie") reply.header(name, value);
      if (response.headers.get("content-type")?.startsWith("text/html")) {
        reply.header("Content-Security-Policy", app.pageCsp({ nonce }));
        // A stored copy would hand the same nonce to everyone: no shared cache may keep the page.
        if (!/\b(?:private|no-store)\b/.test(response.headers.get("cache-control") ?? ""))
          reply.header("Cache-Control", "private, no-cache");
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      return reply.send(response.body ? Readable.fromWeb(response.body as never) : null);
    });
  });
}

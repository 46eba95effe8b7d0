import fs from "node:fs";
import path from "node:path";
import { MESSAGES } from "@certidesk/shared";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppInstance } from "../app-instance.js";
import { allowedMethodsOf } from "./allowed-methods.js";
import { answerForStatus, errorBody } from "./error-handler.js";

/** Addresses that belong to the API: never answered with the web app. */
export const API_PREFIXES = ["/api/", "/auth/", "/configuration/", "/requestclients/", "/health"];

const NO_CACHE = "no-cache";
// Vite names every built asset after its content hash: a new build gives new names.
const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=3600";

/**
 * The policy of a served file, read from its own name: with `preCompressed` the file sent is the build's
 * `index.html.br` or `.gz` copy (every browser accepts one), which must be as uncached as `index.html`.
 */
function cacheControlFor(filePath: string): string {
  const served = filePath.replace(/\.(br|gz)$/, "");
  if (served.endsWith(".html")) return NO_CACHE;
  if (served.split(path.sep).includes("assets")) return IMMUTABLE;
  return SHORT;
}

/** A client-side route of the single-page app (a deep link), as opposed to a missing file or an API call. */
function isAppRoute(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const pathname = request.url.split("?")[0] ?? "";
  if (API_PREFIXES.some((p) => pathname.startsWith(p) || `${pathname}/` === p)) return false;
  if (request.headers.accept?.includes("text/html")) return true;
  // A browser always asks for HTML; without the header, a path with no extension is still a page.
  return !path.posix.basename(pathname).includes(".");
}

export function sendIndex(reply: FastifyReply) {
  return reply.header("cache-control", NO_CACHE).sendFile("index.html", { cacheControl: false });
}

/**
 * Serves the built web app: `/` and every deep link answer index.html (never cached), hashed assets
 * are cached for a year, source maps are never served. Text files come compressed from the build
 * (.br, .gz beside them); anything else is compressed by @fastify/compress.
 */
export async function serveWebApp(app: AppInstance, webDist: string | undefined) {
  const root = webDist && fs.existsSync(path.join(webDist, "index.html")) ? path.resolve(webDist) : null;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ["index.html"],
      cacheControl: false,
      // The build writes .br and .gz copies (scripts/build.mjs): sent as they are, not compressed again.
      preCompressed: true,
      // Source maps would hand out the whole client source: kept out of production answers.
      allowedPath: (pathname) => !pathname.endsWith(".map"),
      setHeaders: (res, filePath) => res.header("cache-control", cacheControlFor(filePath)),
    });
  }
  const allowedMethods = allowedMethodsOf(app.routeAccess);
  app.setNotFoundHandler((request, reply) => {
    // An API path that exists with other methods: 405 and the methods it takes, not "unknown address".
    const allow = allowedMethods(request.url.split("?")[0] ?? "");
    if (allow.length > 0) {
      const answer = answerForStatus(405);
      return reply
        .status(405)
        .header("allow", allow.join(", "))
        .send(errorBody(answer.code, answer.message, request.id));
    }
    if (root && isAppRoute(request)) return sendIndex(reply);
    return reply.status(404).send(errorBody("NOT_FOUND", MESSAGES.routeNotFound, request.id));
  });
}

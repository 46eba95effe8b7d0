import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * The headers helmet writes for these options, computed once. @fastify/helmet built helmet's middleware
 * again on every request (its directives parsed and checked each time: 25 µs of a list page's 2 to 4 ms
 * of processor, measured on the load benchmark's machine); without nonces the headers never change.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * What a browser or a proxy may keep of an answer, unless its route says otherwise: nothing. The API's answers
 * (JSON, exports, PDFs, documents) are one user's data; a shared computer's cache or a proxy must not keep
 * them. The routes that may be kept set their own: the web app's shell (`no-cache`) and hashed assets
 * (`immutable`, plugins/web-app.ts), the public logo.
 */
export const DEFAULT_CACHE_CONTROL = "no-store";

/** Every answer, the API's and the web app's, carries them; a route may still set its own (a document's CSP). */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = { ...securityHeaders(options), "cache-control": DEFAULT_CACHE_CONTROL };
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

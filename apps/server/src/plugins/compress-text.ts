import zlib from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppInstance } from "../app-instance.js";

/**
 * Answers given as text (JSON serialized by a route's schema or built by the database, plain text, CSV),
 * compressed in one synchronous call as the browser accepts them: brotli, else gzip, with the settings of
 * the compression plugin (app.ts), which leaves an answer already encoded alone and still handles streams.
 *
 * Why not the plugin: it compresses through streams (a readable from the text, the compressor, a chunked
 * answer) on zlib's thread pool. For 63 kB of prospects that cost 1.4 ms of processor, the one call 0.2 ms;
 * a page of clients cost the server 3.3 ms compressed against 0.9 ms uncompressed (docs/performance.md).
 * Blocking the event loop 0.2 ms for a page (2 to 3 ms for a page of 1,000 rows) is less than the pool's
 * hand-offs cost it.
 *
 * Registered after the idempotency plugin: its onSend hook keeps the answer's text to replay it, and hooks
 * run in the order they were added.
 */
export function registerTextCompression(app: AppInstance) {
  // Callback style: the work is synchronous (an async hook costs every request a promise). What it throws,
  // Fastify's hook runner catches and answers as an error.
  app.addHook("onSend", (request, reply, payload, done) => done(null, compressed(request, reply, payload) ?? payload));
}

/** The answer compressed as the request accepts it, its headers set; undefined when it is sent as it is. */
function compressed(request: FastifyRequest, reply: FastifyReply, payload: unknown): Buffer | undefined {
  if (typeof payload !== "string" || payload.length < COMPRESS_FROM) return undefined;
  if (reply.getHeader("content-encoding")) return undefined;
  if (!COMPRESSIBLE.test(String(reply.getHeader("content-type") ?? ""))) return undefined;
  const encoding = acceptedEncoding(request.headers["accept-encoding"]);
  if (!encoding) return undefined;
  const vary = reply.getHeader("vary");
  if (!vary || !/accept-encoding/i.test(String(vary)))
    reply.header("vary", vary ? `${vary}, accept-encoding` : "accept-encoding");
  reply.header("content-encoding", encoding);
  return ENCODERS[encoding](Buffer.from(payload, "utf8"));
}

/** The compression plugin's threshold (app.ts), in characters: a shorter answer is sent as it is. */
const COMPRESS_FROM = 1024;
const COMPRESSIBLE = /^(application\/json|text\/)/i;

// Quality 1 and level 1, as the compression plugin is set (app.ts, docs/performance.md). Brotli's window is
// the text's size rounded up to a power of two (64 kB to 4 MB), not its default 4 MB: preparing that window
// cost more than compressing a page (0.7 ms against 0.1 ms for 63 kB of prospects, the same 13.8 kB out).
const ENCODERS = {
  br: (input: Buffer) =>
    zlib.brotliCompressSync(input, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
        [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(16, Math.ceil(Math.log2(input.length)))),
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
      },
    }),
  gzip: (input: Buffer) => zlib.gzipSync(input, { level: 1 }),
};

/**
 * What an Accept-Encoding header allows of brotli and gzip: the one with the higher weight, brotli on a tie;
 * none when neither is named (nor `*`) or both are refused (`;q=0`).
 */
export function acceptedEncoding(header: string | string[] | undefined): keyof typeof ENCODERS | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of String(header).split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  const br = weightOf("br");
  const gz = weightOf("gzip");
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? "br" : "gzip";
}

import { isDeepStrictEqual, promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyReply } from "fastify";
import { safeParse, type ZodType } from "zod";
import type { AppInstance } from "../app-instance.js";
import type { JsonText } from "../lib/sql-json.js";

declare module "fastify" {
  interface FastifyReply {
    /** Sends JSON built by the database as it is (lib/sql-json.ts), not through the response serializer. */
    jsonText(value: JsonText<unknown>): FastifyReply;
  }
}

/**
 * `reply.jsonText(text)`. The serializer, which checks an answer against its route's response schema,
 * is skipped: with `verify` (the tests, and any NODE_ENV but production) the text is checked here
 * instead, parsed and required to be exactly what the schema gives back — a key the schema does not
 * know (a column leaked to the screen) fails as surely as a missing or mistyped one.
 *
 * The text is compressed here, in one call, as the browser accepts it (brotli, else gzip; the settings of
 * the compression plugin, app.ts), and sent with its length: through the plugin's streams (a readable
 * from the text, the compressor, a chunked answer) a page of clients cost the server 3.3 ms of processor
 * against 0.9 ms uncompressed (docs/performance.md). The plugin leaves an answer already encoded alone.
 */
export function registerJsonText(app: AppInstance, { verify }: { verify: boolean }) {
  app.decorateReply("jsonText", function (this: FastifyReply, value: JsonText<unknown>) {
    if (verify) verifyAgainstSchema(this, value.text);
    this.type("application/json; charset=utf-8");
    const encoding =
      value.text.length >= COMPRESS_FROM ? acceptedEncoding(this.request.headers["accept-encoding"]) : null;
    if (!encoding) return this.send(value.text);
    ENCODERS[encoding](Buffer.from(value.text, "utf8")).then(
      (body) => this.header("content-encoding", encoding).header("vary", "accept-encoding").send(body),
      (error: unknown) => this.send(error),
    );
    return this;
  });
}

/** The compression plugin's threshold (app.ts), in characters: a shorter answer is sent as it is. */
const COMPRESS_FROM = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Quality 1 and level 1, as the compression plugin is set (app.ts, docs/performance.md).
const ENCODERS = {
  br: (input: Buffer) => brotli(input, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }),
  gzip: (input: Buffer) => gzip(input, { level: 1 }),
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

function verifyAgainstSchema(reply: FastifyReply, text: string) {
  const schemas = reply.routeOptions.schema?.response as Record<string, ZodType> | undefined;
  const schema = schemas?.[String(reply.statusCode)] ?? schemas?.["2xx"];
  if (!schema) throw new Error(`${reply.request.url} : réponse JSON sans schéma à vérifier`);
  const sent: unknown = JSON.parse(text);
  const checked = safeParse(schema, sent);
  if (!checked.success) throw new Error(`${reply.request.url} : réponse hors schéma`, { cause: checked.error });
  if (!isDeepStrictEqual(checked.data, sent)) {
    throw new Error(`${reply.request.url} : la réponse diffère de ce que son schéma en garde`);
  }
}

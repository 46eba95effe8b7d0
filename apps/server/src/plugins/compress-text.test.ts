import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { JsonText } from "../lib/sql-json.js";
import { acceptedEncoding } from "./compress-text.js";

// Over the compression threshold (1 kB): 200 rows, as a list answers them.
const page = { items: Array.from({ length: 200 }, (_, n) => ({ id: `établissement ${n}`, n })), total: 200 };
const pageText = JSON.stringify(page);
const pageSchema = z.object({ items: z.array(z.object({ id: z.string(), n: z.number() })), total: z.number() });

describe("answers given as text, compressed", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      routes: (app) => {
        const options = { config: { access: "public" as const }, schema: { response: { 200: pageSchema } } };
        // Built by the database (reply.jsonText) and serialized by the route's schema: the same answer.
        app.get("/test/compressed/json-text", options, async (_request, reply) =>
          reply.jsonText(new JsonText(pageText)),
        );
        app.get("/test/compressed/serialized", options, async () => page);
        app.get("/test/compressed/short", options, async () => ({ items: [], total: 0 }));
      },
    });
  });
  afterAll(() => ctx.close());

  const get = (path: string, acceptEncoding?: string) =>
    ctx.app.inject({
      url: `/test/compressed/${path}`,
      headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
    });

  it("as the browser accepts them, brotli first, with their length", async () => {
    for (const path of ["json-text", "serialized"]) {
      const br = await get(path, "gzip, deflate, br");
      expect(br.headers["content-encoding"], path).toBe("br");
      expect(br.headers.vary, path).toContain("accept-encoding");
      expect(Number(br.headers["content-length"]), path).toBe(br.rawPayload.length);
      expect(br.rawPayload.length, path).toBeLessThan(pageText.length / 3);
      expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString("utf8")), path).toEqual(page);

      const gzip = await get(path, "gzip;q=1, br;q=0.5");
      expect(gzip.headers["content-encoding"], path).toBe("gzip");
      expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString("utf8")), path).toEqual(page);
    }
  });

  it("not when the browser refuses both or the answer is short", async () => {
    for (const plain of [undefined, "identity", "br;q=0, gzip;q=0", "deflate"]) {
      const response = await get("json-text", plain);
      expect(response.headers["content-encoding"], plain).toBeUndefined();
      expect(response.body, plain).toBe(pageText);
    }
    const short = await get("short", "br");
    expect(short.headers["content-encoding"]).toBeUndefined();
    expect(short.json()).toEqual({ items: [], total: 0 });
  });

  it("reads Accept-Encoding's weights and wildcard", () => {
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedEncoding("gzip")).toBe("gzip");
    expect(acceptedEncoding("BR;Q=0.2, GZIP;q=0.8")).toBe("gzip");
    expect(acceptedEncoding("*")).toBe("br");
    expect(acceptedEncoding("*;q=0.5, br;q=0")).toBe("gzip");
    expect(acceptedEncoding("identity, deflate")).toBeNull();
    expect(acceptedEncoding("br;q=abc")).toBeNull();
  });
});

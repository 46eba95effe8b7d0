import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { JsonText } from "../lib/sql-json.js";
import { acceptedEncoding } from "./json-text.js";

// What a route answers with reply.jsonText, checked against its response schema when verify is on.
const answers: Record<string, string> = {
  right: '{"items":[{"id":"a","n":1}],"total":1}',
  extraKey: '{"items":[{"id":"a","n":1,"passwordHash":"x"}],"total":1}',
  wrongType: '{"items":[{"id":"a","n":"1"}],"total":1}',
  missing: '{"items":[{"id":"a"}],"total":1}',
  // Over the compression threshold (1 kB).
  long: JSON.stringify({ items: Array.from({ length: 200 }, (_, n) => ({ id: `établissement ${n}`, n })), total: 200 }),
};
const schema = z.object({ items: z.array(z.object({ id: z.string(), n: z.number() })), total: z.number() });

function withRoutes(verify: boolean) {
  return createTestApp({
    config: { verifyJsonText: verify },
    routes: (app) =>
      app.get(
        "/test/json-text/:answer",
        {
          config: { access: "public" },
          schema: { params: z.object({ answer: z.string() }), response: { 200: schema } },
        },
        async (request, reply) => reply.jsonText(new JsonText(answers[request.params.answer] ?? "")),
      ),
  });
}

describe("JSON built by the database", () => {
  let checked: TestContext;
  let unchecked: TestContext;
  beforeAll(async () => {
    [checked, unchecked] = await Promise.all([withRoutes(true), withRoutes(false)]);
  });
  afterAll(() => Promise.all([checked.close(), unchecked.close()]));

  it("is sent as it is, as JSON", async () => {
    const response = await checked.app.inject({ url: "/test/json-text/right" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.body).toBe(answers.right);
  });

  it("fails in the tests when it leaves its schema: an extra key, a wrong type, a missing key", async () => {
    for (const answer of ["extraKey", "wrongType", "missing"]) {
      const response = await checked.app.inject({ url: `/test/json-text/${answer}` });
      expect(response.statusCode, answer).toBe(500);
      expect(response.body, answer).not.toContain("passwordHash");
    }
  });

  it("is not checked by a production server", async () => {
    const response = await unchecked.app.inject({ url: "/test/json-text/extraKey" });
    expect(response.statusCode).toBe(200);
  });

  it("is compressed as the browser accepts it, brotli first, and sent with its length", async () => {
    const long = answers.long ?? "";
    const get = (acceptEncoding?: string) =>
      checked.app.inject({
        url: "/test/json-text/long",
        headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
      });
    const br = await get("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(long.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(long);

    const gzip = await get("gzip;q=1, br;q=0.5");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString("utf8")).toBe(long);

    for (const plain of [undefined, "identity", "br;q=0, gzip;q=0", "deflate"]) {
      const response = await get(plain);
      expect(response.headers["content-encoding"], plain).toBeUndefined();
      expect(response.body, plain).toBe(long);
    }
    // A short answer is not worth compressing.
    const short = await checked.app.inject({ url: "/test/json-text/right", headers: { "accept-encoding": "br" } });
    expect(short.headers["content-encoding"]).toBeUndefined();
    expect(short.body).toBe(answers.right);
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

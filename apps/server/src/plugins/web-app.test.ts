import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorOf } from "../../test/session.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

describe("the built web app", () => {
  let ctx: TestContext;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "certidesk-dist-"));
  const script = `console.log(${JSON.stringify("Certidesk ".repeat(2000))});`;
  const index = `<!doctype html><div id="root"></div><!--${"x".repeat(2000)}-->`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, "assets"));
    // Over 1 kB, as the real one: the build writes its .br and .gz copies, which are what browsers get.
    fs.writeFileSync(path.join(dist, "index.html"), index);
    fs.writeFileSync(path.join(dist, "index.html.br"), zlib.brotliCompressSync(index));
    fs.writeFileSync(path.join(dist, "index.html.gz"), zlib.gzipSync(index));
    fs.writeFileSync(path.join(dist, "assets", "index-Bx12Ab.js"), script);
    fs.writeFileSync(path.join(dist, "assets", "index-Bx12Ab.js.map"), '{"version":3}');
    fs.writeFileSync(path.join(dist, "favicon.svg"), "<svg/>");
    // A script the build compressed (scripts/build.mjs writes .br and .gz beside each text file). The
    // copies differ from the file by a last line, so the test tells them from on-the-fly compression.
    fs.writeFileSync(path.join(dist, "assets", "chunk-Zz99.js"), script);
    fs.writeFileSync(path.join(dist, "assets", "chunk-Zz99.js.br"), zlib.brotliCompressSync(`${script}\n// br`));
    fs.writeFileSync(path.join(dist, "assets", "chunk-Zz99.js.gz"), zlib.gzipSync(`${script}\n// gzip`));
    ctx = await createTestApp({ config: { webDist: dist } });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  /** The app shell as a browser gets it: compressed (brotli or gzip) or, without Accept-Encoding, plain. */
  const shellBody = (response: { headers: Record<string, unknown>; rawPayload: Buffer }) => {
    const encoding = response.headers["content-encoding"];
    if (encoding === "br") return zlib.brotliDecompressSync(response.rawPayload).toString();
    if (encoding === "gzip") return zlib.gunzipSync(response.rawPayload).toString();
    return response.rawPayload.toString();
  };
  const encodings = [undefined, "br", "gzip", "gzip, deflate, br, zstd"];

  it("never lets the browser keep the app shell, on any path, compressed or not", async () => {
    for (const url of ["/", "/index.html", "/app/client/123?tab=contrat"]) {
      for (const encoding of encodings) {
        const headers = { accept: "text/html", ...(encoding ? { "accept-encoding": encoding } : {}) };
        const response = await ctx.app.inject({ url, headers });
        const label = `${url} ${encoding ?? "(no Accept-Encoding)"}`;
        expect(response.statusCode, label).toBe(200);
        expect(response.headers["content-encoding"], label).toBe(
          encoding ? (encoding === "gzip" ? "gzip" : "br") : undefined,
        );
        expect(shellBody(response), label).toBe(index);
        expect(response.headers["cache-control"], label).toBe("no-cache");
      }
    }
  });

  it("answers every deep link with the app, with or without an Accept header", async () => {
    for (const headers of [{ accept: "text/html,application/xhtml+xml" }, {}]) {
      const response = await ctx.app.inject({ url: "/app/client/123?tab=contrat", headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('id="root"');
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("caches hashed assets for a year and compresses text", async () => {
    const response = await ctx.app.inject({
      url: "/assets/index-Bx12Ab.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it("sends the build's compressed copy as it is, brotli or gzip as the browser accepts", async () => {
    for (const encoding of ["br", "gzip"]) {
      const response = await ctx.app.inject({
        url: "/assets/chunk-Zz99.js",
        headers: { "accept-encoding": encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["content-type"]).toContain("javascript");
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const body =
        encoding === "br" ? zlib.brotliDecompressSync(response.rawPayload) : zlib.gunzipSync(response.rawPayload);
      expect(body.toString()).toBe(`${script}\n// ${encoding}`);
    }
    const plain = await ctx.app.inject({ url: "/assets/chunk-Zz99.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("never serves source maps", async () => {
    const response = await ctx.app.inject({ url: "/assets/index-Bx12Ab.js.map" });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("version");
  });

  it("keeps API addresses and missing files out of the fallback, in the API's French shape", async () => {
    for (const url of ["/api/nothing-here", "/auth/nothing"]) {
      const response = await ctx.app.inject({ url, headers: { accept: "text/html" } });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toMatchObject({ code: "NOT_FOUND", message: "Adresse inconnue." });
    }
    const missing = await ctx.app.inject({ url: "/assets/missing-1234.js" });
    expect(missing.statusCode).toBe(404);
  });
});

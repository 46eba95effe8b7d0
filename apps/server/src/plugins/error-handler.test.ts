import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../test/factories.js";
import { multipartBody } from "../../test/multipart.js";
import { type Session, signIn } from "../../test/session.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

/** Every error answer: the one shape, a French message, a request id, nothing echoed back. */
function expectShape(response: { statusCode: number; body: string }, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = JSON.parse(response.body) as { error: { code: string; message: string; requestId: string } };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.code).toBe(code);
  expect(body.error.requestId).toBeTruthy();
  expect(body.error.message).not.toMatch(/\b(the|is|expected|Invalid|Too|Client Error|exceeding)\b/);
  return body.error;
}

describe("one French error shape for every failure", () => {
  let ctx: TestContext;
  let dir: Session;

  beforeAll(async () => {
    ctx = await createTestApp();
    dir = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
  });
  afterAll(() => ctx.close());

  it("labels the framework's refusals with their own code, in French", async () => {
    const textBody = await ctx.app.inject({
      method: "POST",
      url: "/auth/login",
      headers: { "content-type": "text/plain" },
      payload: "x",
    });
    expectShape(textBody, 415, "UNSUPPORTED_MEDIA_TYPE");
    const badJson = await ctx.app.inject({
      method: "POST",
      url: "/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(expectShape(badJson, 400, "BAD_REQUEST").message).toBe("Le corps de la requête n'est pas du JSON valide.");
    const huge = await ctx.app.inject({
      method: "POST",
      url: "/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ identifier: "x".repeat(2 * 1024 * 1024), password: "x" }),
    });
    expectShape(huge, 413, "PAYLOAD_TOO_LARGE");
    const longParam = await ctx.app.inject({ url: `/api/clients/${"a".repeat(300)}`, headers: dir.bearer });
    const longError = expectShape(longParam, 414, "URI_TOO_LONG");
    expect(longParam.body).not.toContain("aaaa");
    expect(longError.message).toBe("L'adresse demandée est trop longue.");
    const denied = await ctx.app.inject({
      url: "/api/users",
      headers: (await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier)).bearer,
    });
    expectShape(denied, 403, "FORBIDDEN");
  });

  it("answers 431 for oversized headers in the same shape, not Fastify's English one", async () => {
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = ctx.app.server.address() as AddressInfo;
    const response = await new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
      const request = http.request(
        { port, host: "127.0.0.1", path: "/health", headers: { "x-junk": "j".repeat(40_000) } },
        (res) => {
          let body = "";
          res.on("data", (chunk) => {
            body += chunk;
          });
          res.on("end", () => resolve({ statusCode: res.statusCode ?? 0, body }));
        },
      );
      request.on("error", reject);
      request.end();
    });
    expectShape(response, 431, "HEADERS_TOO_LARGE");
  });

  it("writes every validation message in French, details included", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { identifier: "x".repeat(250), password: 12 },
    });
    const error = expectShape(response, 400, "BAD_REQUEST") as unknown as {
      message: string;
      details: Array<{ path: string; message: string }>;
    };
    expect(error.details).toEqual([
      { path: "body.identifier", message: "Ce texte ne peut pas dépasser 200 caractères." },
      { path: "body.password", message: "Le mot de passe est obligatoire." },
    ]);
    expect(error.message).toBe("Ce texte ne peut pas dépasser 200 caractères.");
  });

  it("refuses control characters in bodies, searches and parameters with a French 400, never a 500", async () => {
    const login = await ctx.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { identifier: "dir\u0000@demo.fr", password: "x" },
    });
    expect(expectShape(login, 400, "BAD_REQUEST").message).toBe(
      "Ce texte contient des caractères de contrôle invisibles : retirez-les.",
    );
    for (const url of [
      "/api/clients?search=%00",
      "/api/requestclients?search=a%00b",
      "/api/mails?search=%1B",
      "/api/audit-log?search=%00",
    ]) {
      const response = await ctx.app.inject({ url, headers: dir.bearer });
      expect(response.statusCode, url).not.toBe(500);
      expectShape(response, 400, "BAD_REQUEST");
    }
    const param = await ctx.app.inject({ url: "/api/clients/%00", headers: dir.bearer });
    expectShape(param, 400, "BAD_REQUEST");
    const write = await ctx.app.inject({
      method: "POST",
      url: "/api/mails",
      headers: dir.bearer,
      payload: { to: ["a@b.fr"], subject: "Bonjour\u0000", body: "Texte" },
    });
    expectShape(write, 400, "BAD_REQUEST");
  });

  it("turns a reference to a missing row into a French 400", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/mails",
      headers: dir.bearer,
      payload: {
        to: ["a@b.fr"],
        subject: "Bonjour",
        body: "Texte",
        clientId: "00000000-0000-4000-8000-000000000000",
      },
    });
    expect(expectShape(response, 400, "BAD_REQUEST").message).toBe("Un élément référencé n'existe pas (ou plus).");
  });

  it("answers a malformed or oversized multipart upload with 400 / 413, never a 500", async () => {
    const truncated = await ctx.app.inject({
      method: "POST",
      url: "/configuration/logo",
      headers: { ...dir.bearer, "content-type": "multipart/form-data; boundary=xyz" },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    });
    expectShape(truncated, 400, "BAD_REQUEST");
    const notMultipart = await ctx.app.inject({
      method: "POST",
      url: "/configuration/logo",
      headers: { ...dir.bearer, "content-type": "application/json" },
      payload: "{}",
    });
    expect(notMultipart.statusCode).toBe(415);
    // Multipart is read only by the routes that take uploads (app.ts, uploadsScope): a JSON route refuses it.
    const multipartToJson = await ctx.app.inject({
      method: "POST",
      url: "/api/client/getListClient",
      headers: { ...dir.bearer, "content-type": "multipart/form-data; boundary=xyz" },
      payload: '--xyz\r\nContent-Disposition: form-data; name="pageSize"\r\n\r\n50\r\n--xyz--\r\n',
    });
    expectShape(multipartToJson, 415, "UNSUPPORTED_MEDIA_TYPE");
    const junkFields = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, "x".repeat(10)]));
    const many = multipartBody(junkFields, { name: "a.pdf", data: Buffer.from("%PDF-1.4") }, dir.bearer);
    const manyResponse = await ctx.app.inject({ method: "POST", url: "/api/documents", ...many });
    expectShape(manyResponse, 413, "PAYLOAD_TOO_LARGE");
    const bigField = multipartBody(
      { family: "GENERAL", name: "x".repeat(200_000) },
      { name: "a.pdf", data: Buffer.from("%PDF-1.4") },
      dir.bearer,
    );
    expectShape(await ctx.app.inject({ method: "POST", url: "/api/documents", ...bigField }), 400, "BAD_REQUEST");
    const unknown = multipartBody(
      { family: "GENERAL", surprise: "1" },
      { name: "a.pdf", data: Buffer.from("%PDF-1.4") },
      dir.bearer,
    );
    const unknownResponse = await ctx.app.inject({ method: "POST", url: "/api/documents", ...unknown });
    expect(expectShape(unknownResponse, 400, "BAD_REQUEST").message).toBe("Champ non reconnu : surprise.");
  });
});

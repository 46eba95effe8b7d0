import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { JsonText } from "../lib/sql-json.js";

// What a route answers with reply.jsonText, checked against its response schema when verify is on.
const answers: Record<string, string> = {
  right: '{"items":[{"id":"a","n":1}],"total":1}',
  extraKey: '{"items":[{"id":"a","n":1,"passwordHash":"x"}],"total":1}',
  wrongType: '{"items":[{"id":"a","n":"1"}],"total":1}',
  missing: '{"items":[{"id":"a"}],"total":1}',
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
});

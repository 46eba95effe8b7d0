import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEssms, buildRequest, buildUser } from "../../test/factories.js";
import { errorOf, type Session, signIn } from "../../test/session.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { idempotencyKeys, quotes } from "../db/schema/index.js";

const quoteBody = {
  lines: [{ service: "Visite sur site (binôme)", days: 2, unitPrice: 1960, quantity: 1 }],
  vatRate: 0.2,
  travelExpenseMode: 1,
  travelExpenseAmount: 0,
  validUntil: null,
  notes: "",
};

describe("Idempotency-Key on creations", () => {
  let ctx: TestContext;
  let cc: Session;

  beforeAll(async () => {
    ctx = await createTestApp();
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
  });
  afterAll(() => ctx.close());

  const newRequest = async () => {
    const essms = await buildEssms(ctx.handle.db, { prospect: true });
    return (await buildRequest(ctx.handle.db, { clientIds: [essms.id] })).id;
  };
  const createQuote = (requestId: string, key?: string, body: object = quoteBody) =>
    ctx.app.inject({
      method: "POST",
      url: `/api/requestclients/${requestId}/quotes`,
      headers: { ...cc.browser, ...(key ? { "idempotency-key": key } : {}) },
      payload: body,
    });
  const quotesOf = (requestId: string) => ctx.handle.db.select().from(quotes).where(eq(quotes.requestId, requestId));

  it("makes one draft out of 50 concurrent identical creations, each answered with it", async () => {
    const requestId = await newRequest();
    const answers = await Promise.all(Array.from({ length: 50 }, () => createQuote(requestId, "double-clic-1")));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const ids = new Set(answers.map((a) => a.json().id));
    expect(ids.size).toBe(1);
    expect(await quotesOf(requestId)).toHaveLength(1);
    const later = await createQuote(requestId, "double-clic-1");
    expect(later.json().id).toBe([...ids][0]);
    expect(later.headers["idempotent-replayed"]).toBe("true");
  });

  it("refuses the same key for another request, and creates again with a new key or none", async () => {
    const requestId = await newRequest();
    expect((await createQuote(requestId, "cle-a")).statusCode).toBe(200);
    const reused = await createQuote(requestId, "cle-a", { ...quoteBody, notes: "autre" });
    expect(reused.statusCode).toBe(422);
    expect(errorOf(reused).message).toMatch(/déjà servi/);
    expect((await createQuote(requestId, "cle-b")).statusCode).toBe(200);
    expect((await createQuote(requestId)).statusCode).toBe(200);
    expect(await quotesOf(requestId)).toHaveLength(3);
  });

  it("forgets a key whose request failed, so it can be retried", async () => {
    const failed = await createQuote("00000000-0000-4000-8000-000000000000", "cle-echec");
    expect(failed.statusCode).toBe(404);
    const requestId = await newRequest();
    const again = await ctx.app.inject({
      method: "POST",
      url: "/api/requestclients/00000000-0000-4000-8000-000000000000/quotes",
      headers: { ...cc.browser, "idempotency-key": "cle-echec" },
      payload: quoteBody,
    });
    expect(again.statusCode).toBe(404);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    // Nothing was kept for the failed request: the key is free for a new one.
    expect((await createQuote(requestId, "cle-echec")).statusCode).toBe(200);
  });

  it("keeps nothing for a POST that only reads (a list with its filters in the body)", async () => {
    const list = () =>
      ctx.app.inject({
        method: "POST",
        url: "/api/client/getListClient",
        headers: { ...cc.browser, "idempotency-key": "cle-liste" },
        payload: { pageSize: 5 },
      });
    const first = await list();
    expect(first.statusCode).toBe(200);
    const again = await list();
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    const kept = await ctx.handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "cle-liste"));
    expect(kept).toEqual([]);
  });
});

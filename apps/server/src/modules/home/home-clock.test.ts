import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContract, buildEssms, buildRequest, buildUser } from "../../../test/factories.js";
import { type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { quotes } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";
import { countCases, listCases, thresholds } from "../alerts/alerts.repository.js";
import { ALERT_RULES } from "../alerts/index.js";

/**
 * 30 June 2026 at 22:30 UTC is already 1 July at 00:30 in Paris: the database's current_date (UTC
 * on most servers) would still say 30 June. Counts and lists must both use the Paris date.
 */
describe("one clock near midnight", () => {
  let ctx: TestContext;
  let dir: Session;
  const clock = fixedClock("2026-06-30T22:30:00Z");

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const db = ctx.handle.db;
    await buildEssms(db, { raisonSocial: "Visite d'hier", evaluationDate: "2026-06-30", dateRelance: "2026-07-01" });
    await buildEssms(db, { raisonSocial: "Visite de demain", evaluationDate: "2026-07-02", dateRelance: "2026-07-02" });
    const request = await buildRequest(db, { status: "CONTRACT_SENT" });
    const client = await buildEssms(db, { prospect: true });
    await buildContract(db, { requestId: request.id, clientIds: [client.id], status: "SENT", deadline: "2026-06-30" });
    await buildContract(db, { requestId: request.id, clientIds: [client.id], status: "SENT", deadline: "2026-07-01" });
    const quoteRow = (sentAt: string) => ({
      requestId: request.id,
      number: `D-${sentAt}`,
      status: "SENT",
      vatRate: 0.2,
      travelExpenseMode: 2,
      totalHT: 100,
      totalVAT: 20,
      totalTTC: 120,
      sentAt: new Date(sentAt),
    });
    // Sent on 1 June in Paris (00:29, though still 31 May in UTC): 30 days before today; and on 2 June in Paris.
    await db.insert(quotes).values([quoteRow("2026-05-31T22:29:00Z"), quoteRow("2026-06-01T22:30:00Z")]);
    dir = await signIn(ctx, (await buildUser(db, "DIR")).identifier);
  });
  afterAll(() => ctx.close());

  it("counts on the Paris date, from the injected clock", async () => {
    const response = await ctx.app.inject({ url: "/api/home/work-items", headers: dir.bearer });
    expect(response.statusCode).toBe(200);
    const alertCtx = { db: ctx.handle.db, today: clock.today(), now: clock.now() };
    const count = async (code: string) => {
      const rule = ALERT_RULES.find((r) => r.code === code);
      if (!rule) throw new Error(code);
      return countCases(alertCtx, { rules: [rule], days: await thresholds(ctx.handle.db, [rule]) });
    };
    expect(await count("client-follow-up")).toBe(1);
    expect(await count("contract-overdue")).toBe(1);
    expect(await count("quote-unanswered")).toBe(1);
  });

  it("filters the client list on the same date", async () => {
    const list = async (filter: string) => {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/client/getListClient",
        headers: dir.bearer,
        payload: { filter },
      });
      return (response.json() as { items: Array<{ raisonSocial: string }> }).items.map((i) => i.raisonSocial);
    };
    expect(await list("AUDIT_DATE_PAST")).toEqual(["Visite d'hier"]);
    expect(await list("EVALUATION_DATE")).toEqual(["Visite de demain"]);
  });

  it("lists, for every rule, the records it counts", async () => {
    const alertCtx = { db: ctx.handle.db, today: clock.today(), now: clock.now() };
    for (const rule of ALERT_RULES) {
      const q = { rules: [rule], days: await thresholds(ctx.handle.db, [rule]) };
      const [count, items] = await Promise.all([
        countCases(alertCtx, q),
        listCases(alertCtx, q, { limit: 100, offset: 0 }),
      ]);
      expect(items, rule.code).toHaveLength(count);
    }
    const overdue = ALERT_RULES.filter((r) => r.code === "contract-overdue");
    const rows = await listCases(alertCtx, { rules: overdue, days: new Map() }, { limit: 10, offset: 0 });
    expect(rows).toEqual([expect.objectContaining({ due_date: "2026-06-30" })]);
  });
});

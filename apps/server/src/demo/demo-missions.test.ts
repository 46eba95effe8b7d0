import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { contractEstablishments, contracts, missionOrders, missions } from "../db/schema/index.js";
import { DEMO_PASSWORD } from "./demo-data.js";

describe("demo missions", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { demoData: true } });
  });
  afterAll(() => ctx.close());

  it("has a mission for every establishment of every signed contract, in every state and order status", async () => {
    const db = ctx.handle.db;
    const [expected] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(contractEstablishments)
      .innerJoin(contracts, eq(contracts.id, contractEstablishments.contractId))
      .where(eq(contracts.status, "SIGNED"));
    const [made] = await db.select({ n: sql<number>`count(*)::int` }).from(missions);
    expect(made?.n).toBe(expected?.n);
    expect(made?.n).toBeGreaterThan(10);
    const statuses = await db.selectDistinct({ s: missionOrders.status }).from(missionOrders);
    expect(statuses.map((s) => s.s).sort()).toEqual(["ACCEPT", "REFUSE", "SENT", "WAITING"]);

    const login = await ctx.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { identifier: "cpi@demo.fr", password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${(login.json() as { accessToken: string }).accessToken}` };
    for (const status of ["TO_PLAN", "PLANNED", "VISIT_PAST", "REPORT_LATE", "FINALISED"]) {
      const page = await ctx.app.inject({ method: "GET", url: `/api/missions?status=${status}&pageSize=1`, headers });
      expect((page.json() as { total: number }).total, status).toBeGreaterThan(0);
    }
  });
});

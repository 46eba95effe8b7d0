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

  it("gives auditeur@demo.fr orders to answer, a coming visit, a report due and one late; client@demo.fr a team to answer", async () => {
    const headersOf = async (identifier: string) => {
      const login = await ctx.app.inject({
        method: "POST",
        url: "/auth/login",
        payload: { identifier, password: DEMO_PASSWORD },
      });
      const body = login.json() as { accessToken: string; auditorId: string | null };
      return { headers: { authorization: `Bearer ${body.accessToken}` }, user: body };
    };
    const marc = await headersOf("auditeur@demo.fr");
    const space = (
      await ctx.app.inject({
        method: "GET",
        url: `/api/auditors/${marc.user.auditorId}/mission-space`,
        headers: marc.headers,
      })
    ).json() as {
      orders: unknown[];
      visits: unknown[];
      reports: Array<{ late: boolean; canUpload: boolean }>;
    };
    expect(space.orders.length).toBeGreaterThanOrEqual(2);
    expect(space.visits.length).toBeGreaterThanOrEqual(1);
    expect(space.reports.some((r) => r.late && r.canUpload)).toBe(true);
    expect(space.reports.some((r) => !r.late && r.canUpload)).toBe(true);

    const client = await headersOf("client@demo.fr");
    const portal = (
      await ctx.app.inject({ method: "GET", url: "/api/client-portal/missions", headers: client.headers })
    ).json() as { items: Array<{ canAnswerTeam: boolean; team: unknown[] }> };
    expect(
      portal.items.some((m) => m.canAnswerTeam && m.team.length >= 2),
      JSON.stringify(portal).slice(0, 1500),
    ).toBe(true);
  });
});

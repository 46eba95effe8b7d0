import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEssms, buildUser } from "../../../test/factories.js";
import { type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { auditLog } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

type List = { items: Array<{ id: string }> };
type Report = { done: number; failed: Array<{ id: string; label: string; reason: string }> };

/** Postponing and removing many alerts at once: each through its single action, refusals reported. */
describe("alerts bulk actions", () => {
  let ctx: TestContext;
  let dir: Session;
  const clock = fixedClock("2026-04-15T08:00:00Z");
  const keys: string[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    for (const name of ["Foyer Les Tilleuls", "EHPAD Les Chênes", "IME Le Moulin"])
      keys.push(
        `client-follow-up:${(await buildEssms(ctx.handle.db, { raisonSocial: name, dateRelance: "2026-04-10" })).id}`,
      );
    dir = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
  });
  afterAll(() => ctx.close());

  const shown = async () => {
    const r = await ctx.app.inject({ url: "/api/alerts/getAlertDate?pageSize=1000", headers: dir.bearer });
    return (r.json() as List).items.map((i) => i.id);
  };
  const bulk = async (action: string, payload: object) => {
    const r = await ctx.app.inject({ method: "POST", url: `/api/alerts/bulk/${action}`, headers: dir.bearer, payload });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Report;
  };
  const journal = (action: string) =>
    ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), inArray(auditLog.entityId, keys)));

  it("postpones the ticked alerts: they leave the list, one journal entry each", async () => {
    const [a, b, c] = keys as [string, string, string];
    expect(await bulk("postpone", { ids: [a, b], date: "2026-05-01" })).toEqual({ done: 2, failed: [] });
    const now = await shown();
    expect(now).not.toContain(a);
    expect(now).not.toContain(b);
    expect(now).toContain(c);
    expect(await journal("alert.postponed")).toHaveLength(2);
  });

  it("removes what it can and reports the others with their reason", async () => {
    const c = keys[2] as string;
    const report = await bulk("remove", { ids: [c, "client-follow-up:inconnu", keys[0]] });
    expect(report).toEqual({
      done: 2,
      failed: [
        {
          id: "client-follow-up:inconnu",
          label: "client-follow-up:inconnu",
          reason: "Cette alerte n'existe plus : la situation a changé.",
        },
      ],
    });
    expect(await shown()).not.toContain(c);
    expect(await journal("alert.removed")).toHaveLength(2);
  });

  it("refuses more than 500 alerts, in French", async () => {
    const r = await ctx.app.inject({
      method: "POST",
      url: "/api/alerts/bulk/remove",
      headers: dir.bearer,
      payload: { ids: Array.from({ length: 501 }, (_, i) => `client-follow-up:${i}`) },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toContain("500 alertes au plus");
  });
});

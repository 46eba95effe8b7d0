import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMission } from "../../../test/alert-rule-fixtures.js";
import { buildUser } from "../../../test/factories.js";
import { type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { alertDigests, mailOutbox } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

// Wednesday 1 April 2026, 06:30 in Paris (CEST): before the digest's default hour (7 h).
const clock = fixedClock("2026-04-01T04:30:00Z");

describe("the daily digest of alerts", () => {
  let ctx: TestContext;
  let cmcc: Session;
  let cmccId: string;
  let quietId: string;
  let outId: string;
  let auditor: Session;
  let dir: Session;
  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const db = ctx.handle.db;
    const user = await buildUser(db, "CMCC");
    cmccId = user.id;
    cmcc = await signIn(ctx, user.identifier);
    // One opted out, one opted in but no longer active: neither gets a digest.
    outId = (await buildUser(db, "CPI")).id;
    quietId = (await buildUser(db, "CPI", { alertDigest: true, active: false })).id;
    auditor = await signIn(ctx, (await buildUser(db, "AUDITEUR")).identifier);
    dir = await signIn(ctx, (await buildUser(db, "DIR")).identifier);
  });
  afterAll(async () => ctx?.close());

  const digestMails = () => ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.templateCode, "ALERT_DIGEST"));
  const mailsTo = async (userId: string) => (await digestMails()).filter((m) => m.relatedId === userId);

  it("lets a staff user opt in for themselves; an evaluator cannot", async () => {
    const before = await ctx.app.inject({ url: "/api/alerts/digest/preference", headers: cmcc.bearer });
    expect(before.json()).toEqual({ alertDigest: false, hour: 7 });
    const on = await ctx.app.inject({
      method: "PUT",
      url: "/api/alerts/digest/preference",
      headers: cmcc.browser,
      payload: { alertDigest: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ alertDigest: true, hour: 7 });
    const refused = await ctx.app.inject({
      method: "PUT",
      url: "/api/alerts/digest/preference",
      headers: auditor.bearer,
      payload: { alertDigest: true },
    });
    expect(refused.statusCode).toBe(422);
    expect((await ctx.app.inject({ url: "/api/alerts/digest/preference", headers: auditor.bearer })).json()).toEqual({
      alertDigest: false,
      hour: 7,
    });
  });

  it("sends nothing before the configured hour, then one mail of the new alerts per user and day", async () => {
    const { mission, essms } = await buildMission(ctx.handle.db, { lastDay: "2026-02-20" });
    expect(await ctx.app.alertDigest.runOnce()).toBeUndefined();
    expect(await digestMails()).toHaveLength(0);

    clock.set("2026-04-01T05:00:00Z"); // 07:00 in Paris
    await Promise.all([ctx.app.alertDigest.runOnce(), ctx.app.alertDigest.runOnce()]);
    await ctx.app.alertDigest.runOnce();
    const mine = await mailsTo(cmccId);
    expect(mine).toHaveLength(1);
    const mail = mine[0];
    expect(mail?.to).toEqual([expect.stringMatching(/^cmcc-/)]);
    // Report due 22/03 (20 February + 30 days), so late; the mission's page is linked.
    expect(mail?.body).toContain("Missions : ");
    expect(mail?.body).toContain(`Rapport de l'évaluateur en retard : ${essms.raisonSocial} (${essms.postalCode})`);
    expect(mail?.body).toContain(`${ctx.config.publicUrl}/app/mission/${essms.id}/${mission.id}?onglet=evaluation`);
    // Opted out, or inactive: nothing.
    expect(await mailsTo(outId)).toHaveLength(0);
    expect(await mailsTo(quietId)).toHaveLength(0);
  });

  it("lists only what is new since the last digest; with nothing new, no mail", async () => {
    clock.set("2026-04-02T06:00:00Z");
    await ctx.app.alertDigest.runOnce();
    expect(await mailsTo(cmccId)).toHaveLength(1);
    const [claim] = await ctx.handle.db
      .select()
      .from(alertDigests)
      .where(and(eq(alertDigests.userId, cmccId), eq(alertDigests.day, "2026-04-02")));
    expect(claim).toMatchObject({ alertCount: 0, mailId: null });

    const { essms } = await buildMission(ctx.handle.db, { lastDay: "2026-03-01", preliminaryUploadedAt: "2026-03-20" });
    clock.set("2026-04-03T06:00:00Z");
    await ctx.app.alertDigest.runOnce();
    const mails = await mailsTo(cmccId);
    expect(mails).toHaveLength(2);
    const latest = mails.find((m) => m.body.includes(essms.raisonSocial));
    expect(latest?.body).toContain("Rapport préliminaire non envoyé");
    expect(latest?.body).not.toContain("Rapport de l'évaluateur en retard");
  });

  it("keeps the hour in Settings › Alertes (SETTING), with its version", async () => {
    const read = await ctx.app.inject({ url: "/api/alerts/digest/settings", headers: dir.bearer });
    expect(read.json()).toEqual({ hour: 7, version: 1 });
    const bad = await ctx.app.inject({
      method: "PUT",
      url: "/api/alerts/digest/settings",
      headers: dir.bearer,
      payload: { hour: 24, version: 1 },
    });
    expect(bad.statusCode).toBe(400);
    const saved = await ctx.app.inject({
      method: "PUT",
      url: "/api/alerts/digest/settings",
      headers: dir.bearer,
      payload: { hour: 9, version: 1 },
    });
    expect(saved.json()).toEqual({ hour: 9, version: 2 });
    const stale = await ctx.app.inject({
      method: "PUT",
      url: "/api/alerts/digest/settings",
      headers: dir.bearer,
      payload: { hour: 8, version: 1 },
    });
    expect(stale.statusCode).toBe(409);
  });
});

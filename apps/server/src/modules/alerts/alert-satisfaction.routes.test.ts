import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMission } from "../../../test/alert-rule-fixtures.js";
import { buildUser } from "../../../test/factories.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { alertActions, mailOutbox, satisfactionSurveys } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

// Friday 20 March 2026, 10:00 in Paris.
const clock = fixedClock("2026-03-20T09:00:00Z");

describe("POST /api/alerts/sendSatisfactionToAuditor", () => {
  let ctx: TestContext;
  let cmcc: Session;
  let cc: Session;
  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    cmcc = await signIn(ctx, (await buildUser(ctx.handle.db, "CMCC")).identifier);
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
  });
  afterAll(async () => ctx?.close());

  /** A mission whose ESSMS answered its questionnaire on 10 March. */
  async function answered() {
    const built = await buildMission(ctx.handle.db, { firstDay: "2026-02-27", lastDay: "2026-03-01" });
    await ctx.handle.db.insert(satisfactionSurveys).values({
      missionId: built.mission.id,
      sentTo: "direction@essms.fr",
      sentAt: new Date("2026-03-02T09:00:00Z"),
      expiresAt: new Date("2026-04-02T09:00:00Z"),
      answeredAt: new Date("2026-03-10T10:00:00Z"),
      answers: { ACCUEIL: 4 },
      comment: "Très bon échange.",
    });
    return { ...built, id: `performance-satisfaction-to-send:${built.mission.id}` };
  }
  const send = (session: Session, id: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/alerts/sendSatisfactionToAuditor",
      headers: session.bearer,
      payload: { id },
    });
  const performanceRows = async (session: Session) =>
    (
      (await ctx.app.inject({ url: "/api/alerts/getAlertPerformance", headers: session.bearer })).json() as {
        items: Array<{ id: string; isSendSatisfactionToAuditor: boolean }>;
      }
    ).items;

  it("sends the answers to the evaluators once, records SATISFACTION_SENT, and the row leaves; 409 the second time", async () => {
    const { id, mission, team } = await answered();
    const row = (await performanceRows(cmcc)).find((r) => r.id === id);
    expect(row?.isSendSatisfactionToAuditor).toBe(true);

    const first = await send(cmcc, id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ok: true });
    const mails = await ctx.handle.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.missionId, mission.id), eq(mailOutbox.relatedType, "SATISFACTION_TO_AUDITOR")));
    expect(mails).toHaveLength(1);
    expect([...(mails[0]?.to ?? [])].sort()).toEqual(team.map((a) => a.email).sort());
    const actions = await ctx.handle.db.select().from(alertActions).where(eq(alertActions.alertKey, id));
    expect(actions.map((a) => [a.action, a.dueDate])).toEqual([["SATISFACTION_SENT", "2026-03-10"]]);
    expect((await performanceRows(cmcc)).some((r) => r.id === id)).toBe(false);
    const history = await ctx.app.inject({
      url: `/api/alerts/history?id=${encodeURIComponent(id)}`,
      headers: cmcc.bearer,
    });
    expect((history.json() as Array<{ action: string }>).map((h) => h.action)).toEqual(["SATISFACTION_SENT"]);

    const again = await send(cmcc, id);
    expect(again.statusCode, again.body).toBe(409);
    expect(errorOf(again).message).toBe("Les réponses ont déjà été envoyées aux évaluateurs.");
    expect(
      await ctx.handle.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.missionId, mission.id), eq(mailOutbox.relatedType, "SATISFACTION_TO_AUDITOR"))),
    ).toHaveLength(1);
  });

  it("refuses a profile without MISSION update (403) and changes nothing", async () => {
    const { id } = await answered();
    const refused = await send(cc, id);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(await ctx.handle.db.select().from(alertActions).where(eq(alertActions.alertKey, id))).toHaveLength(0);
  });

  it("answers 404 for an alert of another kind or an unknown record", async () => {
    const { mission } = await answered();
    for (const id of [`performance-not-scored:${mission.id}`, "performance-satisfaction-to-send:inconnu", "xyz"]) {
      const response = await send(cmcc, id);
      expect(response.statusCode, `${id} ${response.body}`).toBe(404);
    }
  });
});

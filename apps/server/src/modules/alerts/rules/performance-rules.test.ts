import { PERFORMANCE_WITHOUT_SATISFACTION_TYPE } from "@certidesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMission, casesOf, finds } from "../../../../test/alert-rule-fixtures.js";
import { createTestApp, type TestContext } from "../../../../test/test-app.js";
import { performanceScores, satisfactionSurveys } from "../../../db/schema/index.js";
import { performanceNotScored } from "./performance-not-scored.js";
import { performanceSatisfactionMissing } from "./performance-satisfaction-missing.js";
import { performanceSatisfactionToSend } from "./performance-satisfaction-to-send.js";

/** The Performances page's rules at their thresholds (15 days after the visit by default). */
describe("alert rules of the Performances page", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());
  const db = () => ctx.handle.db;
  const survey = (missionId: string, values: Partial<typeof satisfactionSurveys.$inferInsert> = {}) =>
    db()
      .insert(satisfactionSurveys)
      .values({
        missionId,
        sentTo: "direction@essms.fr",
        sentAt: new Date("2026-03-02T09:00:00Z"),
        expiresAt: new Date("2026-04-02T09:00:00Z"),
        ...values,
      })
      .returning();

  it("satisfaction missing: 15 days after the visit, sent or not, until the ESSMS answers; not removable", async () => {
    expect(performanceSatisfactionMissing.code).toBe(PERFORMANCE_WITHOUT_SATISFACTION_TYPE);
    expect(performanceSatisfactionMissing.removable).toBe(false);
    const { mission, essms } = await buildMission(db(), { lastDay: "2026-03-01" });
    expect(await finds(db(), performanceSatisfactionMissing, "2026-03-15", mission.id)).toBe(false);
    const [row] = (await casesOf(db(), performanceSatisfactionMissing, "2026-03-16")).filter(
      (c) => c.record_id === mission.id,
    );
    expect(row).toMatchObject({
      due_date: "2026-03-16",
      display_value: "Questionnaire non envoyé, visite du 01/03/2026",
      link: `/app/mission/${essms.id}/${mission.id}?onglet=performance`,
    });
    const [s] = await survey(mission.id);
    expect(
      (await casesOf(db(), performanceSatisfactionMissing, "2026-03-16")).find((c) => c.record_id === mission.id)
        ?.display_value,
    ).toBe("Envoyé le 02/03/2026, sans réponse, visite du 01/03/2026");
    await db()
      .update(satisfactionSurveys)
      .set({ answeredAt: new Date("2026-03-17T10:00:00Z"), answers: { Q1: 4 } })
      .where(eq(satisfactionSurveys.id, s?.id ?? ""));
    expect(await finds(db(), performanceSatisfactionMissing, "2026-03-18", mission.id)).toBe(false);
  });

  it("performance not scored: 15 days after the visit, while an evaluator of the team has no score", async () => {
    const { mission, team } = await buildMission(db(), { lastDay: "2026-03-01" });
    expect(await finds(db(), performanceNotScored, "2026-03-15", mission.id)).toBe(false);
    expect(
      (await casesOf(db(), performanceNotScored, "2026-03-16")).find((c) => c.record_id === mission.id)?.display_value,
    ).toBe("2 évaluateurs sur 2 à noter, visite du 01/03/2026");
    const score = (auditorId: string) =>
      db().insert(performanceScores).values({ missionId: mission.id, auditorId, criterion: "QCPE", point: 4 });
    await score(team[0]?.id ?? "");
    expect(
      (await casesOf(db(), performanceNotScored, "2026-03-16")).find((c) => c.record_id === mission.id)?.display_value,
    ).toBe("1 évaluateur sur 2 à noter, visite du 01/03/2026");
    await score(team[1]?.id ?? "");
    expect(await finds(db(), performanceNotScored, "2026-03-16", mission.id)).toBe(false);
  });

  it("satisfaction to send: from the answer until the answers are sent to the evaluators", async () => {
    expect(performanceSatisfactionToSend.sendSatisfaction).toBe(true);
    const { mission } = await buildMission(db(), { lastDay: "2026-03-01" });
    const [s] = await survey(mission.id);
    expect(await finds(db(), performanceSatisfactionToSend, "2026-03-20", mission.id)).toBe(false);
    await db()
      .update(satisfactionSurveys)
      .set({ answeredAt: new Date("2026-03-10T10:00:00Z"), answers: { Q1: 3 } })
      .where(eq(satisfactionSurveys.id, s?.id ?? ""));
    expect(
      (await casesOf(db(), performanceSatisfactionToSend, "2026-03-20")).find((c) => c.record_id === mission.id),
    ).toMatchObject({
      due_date: "2026-03-10",
      display_value: "Réponse reçue le 10/03/2026",
    });
    await db()
      .update(satisfactionSurveys)
      .set({ sentToAuditorsAt: new Date("2026-03-21T10:00:00Z") })
      .where(eq(satisfactionSurveys.id, s?.id ?? ""));
    expect(await finds(db(), performanceSatisfactionToSend, "2026-03-21", mission.id)).toBe(false);
  });
});

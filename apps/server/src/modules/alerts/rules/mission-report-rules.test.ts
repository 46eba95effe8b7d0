import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMission, casesOf, finds } from "../../../../test/alert-rule-fixtures.js";
import { createTestApp, type TestContext } from "../../../../test/test-app.js";
import { missionDeadlineSettings, missions } from "../../../db/schema/index.js";
import { missionFinalReportLate } from "./mission-final-report-late.js";
import { missionObservationsEnded } from "./mission-observations-ended.js";
import { missionPreliminaryNotSent } from "./mission-preliminary-not-sent.js";
import { missionReportLate } from "./mission-report-late.js";

/** The Missions page's rules at their thresholds, on the report deadlines of Settings › Missions (30/15/15 by default). */
describe("alert rules of the Missions page", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());
  const db = () => ctx.handle.db;
  const set = (id: string, values: Partial<typeof missions.$inferInsert>) =>
    db().update(missions).set(values).where(eq(missions.id, id));

  it("report late: the day after the preliminary report's due date, until it is uploaded", async () => {
    const { mission, essms } = await buildMission(db(), { firstDay: "2026-02-27", lastDay: "2026-03-01" });
    // Due on 31/03 (1 March + 30 days): not late that day, late the next.
    expect(await finds(db(), missionReportLate, "2026-03-31", mission.id)).toBe(false);
    const [row] = (await casesOf(db(), missionReportLate, "2026-04-01")).filter((c) => c.record_id === mission.id);
    expect(row).toMatchObject({
      raison_social: essms.raisonSocial,
      postal_code: essms.postalCode,
      due_date: "2026-03-31",
      display_value: "Attendu le 31/03/2026, 1 jour de retard",
      link: `/app/mission/${essms.id}/${mission.id}?onglet=evaluation`,
    });
    await set(mission.id, { preliminaryUploadedAt: "2026-04-02" });
    expect(await finds(db(), missionReportLate, "2026-04-03", mission.id)).toBe(false);
  });

  it("report late follows the delay of Settings › Missions, and leaves finalised missions alone", async () => {
    const { mission } = await buildMission(db(), { lastDay: "2026-03-01" });
    await db().insert(missionDeadlineSettings).values({ id: 1 }).onConflictDoNothing();
    await db().update(missionDeadlineSettings).set({ preliminaryReportDays: 20 });
    try {
      expect(await finds(db(), missionReportLate, "2026-03-21", mission.id)).toBe(false);
      expect(await finds(db(), missionReportLate, "2026-03-22", mission.id)).toBe(true);
      await set(mission.id, { status: "FINALISED" });
      expect(await finds(db(), missionReportLate, "2026-03-22", mission.id)).toBe(false);
    } finally {
      await db().update(missionDeadlineSettings).set({ preliminaryReportDays: 30 });
    }
  });

  it("preliminary not sent: 7 days after its upload, reviewed or not, until it is sent", async () => {
    const { mission } = await buildMission(db(), { lastDay: "2026-03-01", preliminaryUploadedAt: "2026-04-01" });
    expect(await finds(db(), missionPreliminaryNotSent, "2026-04-07", mission.id)).toBe(false);
    const [row] = (await casesOf(db(), missionPreliminaryNotSent, "2026-04-08")).filter(
      (c) => c.record_id === mission.id,
    );
    expect(row?.due_date).toBe("2026-04-08");
    expect(row?.display_value).toBe("Déposé le 01/04/2026, à relire, Échéance aujourd'hui");
    await set(mission.id, { preliminaryReviewedAt: "2026-04-09" });
    expect(
      (await casesOf(db(), missionPreliminaryNotSent, "2026-04-10")).find((c) => c.record_id === mission.id)
        ?.display_value,
    ).toBe("Déposé le 01/04/2026, relu, 2 jours de retard");
    await set(mission.id, { preliminarySentAt: "2026-04-10" });
    expect(await finds(db(), missionPreliminaryNotSent, "2026-04-10", mission.id)).toBe(false);
    // A threshold set in Settings › Alertes moves the day.
    await set(mission.id, { preliminarySentAt: null });
    expect(
      (await casesOf(db(), missionPreliminaryNotSent, "2026-04-10", 10)).some((c) => c.record_id === mission.id),
    ).toBe(false);
  });

  it("observations ended: the day after their period (or on receipt), until the final report's due date", async () => {
    const values = { lastDay: "2026-03-01", preliminaryUploadedAt: "2026-03-20", preliminarySentAt: "2026-04-10" };
    const { mission } = await buildMission(db(), values);
    // Observations due 25/04; final report due 10/05.
    expect(await finds(db(), missionObservationsEnded, "2026-04-25", mission.id)).toBe(false);
    const [row] = (await casesOf(db(), missionObservationsEnded, "2026-04-26")).filter(
      (c) => c.record_id === mission.id,
    );
    expect(row).toMatchObject({
      due_date: "2026-05-10",
      display_value: "Sans observations depuis le 26/04/2026, définitif dans 14 jours",
    });
    expect(await finds(db(), missionObservationsEnded, "2026-05-10", mission.id)).toBe(true);
    expect(await finds(db(), missionObservationsEnded, "2026-05-11", mission.id)).toBe(false);

    const received = await buildMission(db(), { ...values, observationsReceivedAt: "2026-04-15" });
    expect(await finds(db(), missionObservationsEnded, "2026-04-14", received.mission.id)).toBe(false);
    expect(await finds(db(), missionObservationsEnded, "2026-04-15", received.mission.id)).toBe(true);
    await set(received.mission.id, { finalReportAt: "2026-04-20" });
    expect(await finds(db(), missionObservationsEnded, "2026-04-21", received.mission.id)).toBe(false);
  });

  it("final report late: the day after its due date, until it is uploaded", async () => {
    const { mission } = await buildMission(db(), {
      lastDay: "2026-03-01",
      preliminaryUploadedAt: "2026-03-20",
      preliminarySentAt: "2026-04-10",
      observationsReceivedAt: "2026-04-20",
    });
    // Final report due 05/05 (observations received 20/04 + 15 days).
    expect(await finds(db(), missionFinalReportLate, "2026-05-05", mission.id)).toBe(false);
    const [row] = (await casesOf(db(), missionFinalReportLate, "2026-05-06")).filter((c) => c.record_id === mission.id);
    expect(row).toMatchObject({ due_date: "2026-05-05", display_value: "Attendu le 05/05/2026, 1 jour de retard" });
    await set(mission.id, { finalReportAt: "2026-05-07" });
    expect(await finds(db(), missionFinalReportLate, "2026-05-08", mission.id)).toBe(false);
  });
});

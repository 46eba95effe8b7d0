import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildContract, buildEssms, buildRequest } from "../../../../test/factories.js";
import { createTestApp, type TestContext } from "../../../../test/test-app.js";
import type { Database } from "../../../db/client.js";
import {
  auditorLinks,
  auditors,
  documents,
  missionNonConformities,
  missionOrders,
  missions,
  missionTeamMembers,
} from "../../../db/schema/index.js";
import { caseIds, expectFrom } from "../rule-test-kit.js";
import { auditorDocumentExpiring } from "./auditor-document-expiring.js";
import { auditorImpartialityMissing } from "./auditor-impartiality-missing.js";
import { certRenewalDue } from "./cert-renewal-due.js";
import { certSurveillanceWindow } from "./cert-surveillance-window.js";
import { linkInterestMission } from "./link-interest-mission.js";
import { majorNcOverdue } from "./major-nc-overdue.js";
import { missionOrderAccepted } from "./mission-order-accepted.js";
import { missionOrderRefused } from "./mission-order-refused.js";
import { missionOrderUnanswered } from "./mission-order-unanswered.js";
import { missionTeamIncomplete } from "./mission-team-incomplete.js";
import { missionTeamUnfit } from "./mission-team-unfit.js";

/** Rules on evaluators, missions and certificates (Evaluateurs, Liens, Planifications, Dates), at their thresholds. */
describe("mission and evaluator alert rules", () => {
  let ctx: TestContext;
  let db: Database;
  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.handle.db;
  });
  afterAll(() => ctx.close());

  /** A mission of a signed contract, with its team (coordinator first). */
  const buildMission = async (
    team: string[],
    values: Partial<typeof missions.$inferInsert> = {},
    contract: Partial<Parameters<typeof buildContract>[1]> = {},
  ) => {
    const client = await buildEssms(db, { postalCode: "69005" });
    const request = await buildRequest(db, { clientIds: [client.id], status: "SIGNED" });
    const k = await buildContract(db, { requestId: request.id, clientIds: [client.id], status: "SIGNED", ...contract });
    const [m] = await db
      .insert(missions)
      .values({ contractId: k.id, clientId: client.id, kind: "ESSMS_EVALUATION", ...values })
      .returning();
    if (!m) throw new Error("mission");
    if (team.length)
      await db
        .insert(missionTeamMembers)
        .values(
          team.map((auditorId, i) => ({ missionId: m.id, auditorId, role: i === 0 ? "COORDINATOR" : "EVALUATOR" })),
        );
    return { mission: m, client, contract: k };
  };

  it("auditor-document-expiring: 30 days before the end of validity, unless a newer one replaces it", async () => {
    const a = await buildAuditor(db, { withDocuments: false });
    const doc = (validUntil: string) => ({
      family: "AUDITOR",
      auditorId: a.id,
      name: "Assurance RC Pro",
      auditorDocumentKind: "RC_PRO_INSURANCE",
      validUntil,
      fileName: "rc.pdf",
      mimeType: "application/pdf",
      size: 1,
      storageKey: `test/${a.id}/rc-${validUntil}`,
      sha256: "0".repeat(64),
    });
    const [d] = await db.insert(documents).values(doc("2026-06-30")).returning();
    await expectFrom(db, auditorDocumentExpiring, d?.id ?? "", "2026-05-30", "2026-05-31");
    expect(await caseIds(db, auditorDocumentExpiring, "2026-08-01")).toContain(d?.id);
    await db.insert(documents).values(doc("2027-06-30"));
    expect(await caseIds(db, auditorDocumentExpiring, "2026-08-01")).not.toContain(d?.id);
  });

  it("auditor-impartiality-missing: no declaration deposited since 1 January", async () => {
    const a = await buildAuditor(db, { withDocuments: false });
    await db.insert(documents).values({
      family: "AUDITOR",
      auditorId: a.id,
      name: "Déclaration",
      auditorDocumentKind: "IMPARTIALITY_DECLARATION",
      validUntil: "2027-03-01",
      fileName: "d.pdf",
      mimeType: "application/pdf",
      size: 1,
      storageKey: `test/${a.id}/decl`,
      sha256: "0".repeat(64),
      createdAt: new Date("2026-03-01T10:00:00Z"),
    });
    await expectFrom(db, auditorImpartialityMissing, a.id, "2026-12-31", "2027-01-01");
  });

  it("link-interest-mission: an evaluator employed by another ESSMS of the département, over the visit", async () => {
    const [coordinator, other] = [await buildAuditor(db), await buildAuditor(db)];
    const { mission } = await buildMission([coordinator.id, other.id], {
      firstDay: "2026-06-10",
      lastDay: "2026-06-11",
    });
    const neighbour = await buildEssms(db, { postalCode: "69100", raisonSocial: "Foyer Voisin" });
    await db.insert(auditorLinks).values({
      auditorId: other.id,
      organisationType: "ESSMS",
      organisationId: neighbour.id,
      organisationName: neighbour.raisonSocial,
      nature: "EMPLOYMENT",
      startDate: "2026-06-11",
      recordedByLabel: "RH",
    });
    // The job starts on the visit's last day: it touches the visit from the day before the visit on.
    expect(await caseIds(db, linkInterestMission, "2026-06-01")).toContain(mission.id);
    // After the visit the mission is no longer planned.
    expect(await caseIds(db, linkInterestMission, "2026-06-12")).not.toContain(mission.id);
  });

  it("mission-team-incomplete: fewer than two evaluators or no coordinator, until the visit is past", async () => {
    const a = await buildAuditor(db);
    const { mission } = await buildMission([a.id], { firstDay: "2026-06-10", lastDay: "2026-06-11" });
    const full = await buildMission([a.id, (await buildAuditor(db)).id], {
      firstDay: "2026-06-10",
      lastDay: "2026-06-11",
    });
    const ids = await caseIds(db, missionTeamIncomplete, "2026-06-01");
    expect(ids).toContain(mission.id);
    expect(ids).not.toContain(full.mission.id);
    expect(await caseIds(db, missionTeamIncomplete, "2026-06-12")).not.toContain(mission.id);
  });

  it("mission-team-unfit: an evaluator deactivated, or a document expiring before the visit, on every upcoming mission", async () => {
    const [a, b] = [await buildAuditor(db), await buildAuditor(db)];
    const first = await buildMission([a.id, b.id], { firstDay: "2026-06-10", lastDay: "2026-06-11" });
    const second = await buildMission([b.id, a.id], { firstDay: "2026-07-06", lastDay: "2026-07-07" });
    const past = await buildMission([a.id, b.id], { firstDay: "2026-05-04", lastDay: "2026-05-05" });
    expect(await caseIds(db, missionTeamUnfit, "2026-06-01")).not.toContain(first.mission.id);

    await db.update(auditors).set({ active: false }).where(eq(auditors.id, a.id));
    const ids = await caseIds(db, missionTeamUnfit, "2026-06-01");
    expect(ids).toEqual(expect.arrayContaining([first.mission.id, second.mission.id]));
    expect(ids).not.toContain(past.mission.id);
    await db.update(auditors).set({ active: true }).where(eq(auditors.id, a.id));

    // b's insurance ends on 30 June: the July visit is raised, the June one is not.
    await db
      .update(documents)
      .set({ validUntil: "2026-06-30" })
      .where(and(eq(documents.auditorId, b.id), eq(documents.auditorDocumentKind, "RC_PRO_INSURANCE")));
    const expired = await caseIds(db, missionTeamUnfit, "2026-06-01");
    expect(expired).toContain(second.mission.id);
    expect(expired).not.toContain(first.mission.id);
  });

  it("mission orders: unanswered after 7 days, refused until someone joins, accepted to acknowledge", async () => {
    const [a, b, c] = [await buildAuditor(db), await buildAuditor(db), await buildAuditor(db)];
    const { mission } = await buildMission([a.id, b.id], { firstDay: "2026-09-10", lastDay: "2026-09-11" });
    const order = async (auditorId: string, status: string, at: string, supersedes?: string) => {
      const [row] = await db
        .insert(missionOrders)
        .values({
          missionId: mission.id,
          auditorId,
          role: "EVALUATOR",
          status,
          sentAt: new Date("2026-05-01T08:00:00Z"),
          answeredAt: status === "SENT" ? null : new Date(at),
          supersedes,
          createdAt: new Date(at),
        })
        .returning();
      return row?.id ?? "";
    };
    const sentA = await order(a.id, "SENT", "2026-05-01T08:00:00Z");
    const sentB = await order(b.id, "SENT", "2026-05-01T08:00:00Z");
    await expectFrom(db, missionOrderUnanswered, sentA, "2026-05-07", "2026-05-08");
    const accepted = await order(a.id, "ACCEPT", "2026-05-09T08:00:00Z", sentA);
    const refused = await order(b.id, "REFUSE", "2026-05-09T09:00:00Z", sentB);
    expect(await caseIds(db, missionOrderUnanswered, "2026-05-10")).not.toContain(sentA);
    expect(await caseIds(db, missionOrderAccepted, "2026-05-10")).toContain(accepted);
    // Accepted on 9 May: news for 30 days, until 7 June included.
    expect(await caseIds(db, missionOrderAccepted, "2026-06-07")).toContain(accepted);
    expect(await caseIds(db, missionOrderAccepted, "2026-06-08")).not.toContain(accepted);
    expect(await caseIds(db, missionOrderRefused, "2026-05-10")).toContain(refused);
    // The replacement's WAITING order ends the refusal's alert.
    await order(c.id, "WAITING", "2026-05-10T08:00:00Z");
    expect(await caseIds(db, missionOrderRefused, "2026-05-10")).not.toContain(refused);
  });

  it("cert-surveillance-window: 60 days before the 14th month, gone once a surveillance audit is planned", async () => {
    const decision = {
      decision: "GRANTED",
      decidedBy: "DIR",
      decidedAt: "2026-01-15",
      validUntil: "2029-01-14",
      comment: null,
    };
    const { contract, client } = await buildMission([], { kind: "CERT_INITIAL" }, { decision });
    // 15 March 2027 (14 months) − 60 days = 14 January 2027.
    await expectFrom(db, certSurveillanceWindow, contract.id, "2027-01-13", "2027-01-14");
    // The surveillance audit, on its own contract for the same establishment, once it has days.
    const request = await buildRequest(db, { clientIds: [client.id], status: "SIGNED" });
    const next = await buildContract(db, { requestId: request.id, clientIds: [client.id], status: "SIGNED" });
    const [audit] = await db
      .insert(missions)
      .values({ contractId: next.id, clientId: client.id, kind: "CERT_SURVEILLANCE_1" })
      .returning();
    expect(await caseIds(db, certSurveillanceWindow, "2027-01-14")).toContain(contract.id);
    await db
      .update(missions)
      .set({ firstDay: "2027-04-01" })
      .where(eq(missions.id, audit?.id ?? ""));
    expect(await caseIds(db, certSurveillanceWindow, "2027-01-14")).not.toContain(contract.id);
  });

  it("cert-renewal-due: six months (183 days) before the certificate ends", async () => {
    const decision = {
      decision: "GRANTED",
      decidedBy: "DIR",
      decidedAt: "2024-01-15",
      validUntil: "2027-01-14",
      comment: null,
    };
    const { contract } = await buildMission([], { kind: "CERT_INITIAL" }, { decision });
    // 14 January 2027 − 183 days = 15 July 2026.
    await expectFrom(db, certRenewalDue, contract.id, "2026-07-14", "2026-07-15");
  });

  it("major-nc-overdue: a major non-conformity open past its due date", async () => {
    const { mission } = await buildMission([], { kind: "CERT_INITIAL" });
    const [nc] = await db
      .insert(missionNonConformities)
      .values({
        missionId: mission.id,
        criterion: "1.2",
        severity: "MAJOR",
        description: "Écart",
        dueDate: "2026-04-30",
      })
      .returning();
    await expectFrom(db, majorNcOverdue, nc?.id ?? "", "2026-04-30", "2026-05-01");
  });
});

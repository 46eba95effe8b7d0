import type { Database } from "../src/db/client.js";
import {
  auditorAssignmentJustifications,
  auditorAssignmentRefusals,
  auditorLinks,
  invoicePayments,
  invoices,
  missions,
  missionTeamMembers,
  performanceScores,
  quotes,
  satisfactionSurveys,
} from "../src/db/schema/index.js";
import {
  buildAuditor,
  buildContract,
  buildEssms,
  buildGestionnaire,
  buildLegalEntity,
  buildRequest,
} from "./factories.js";

let sequence = 0;
const next = () => ++sequence;

/**
 * A small, hand-countable world for the statistics tests (today 2026-06-15, period January to June
 * 2026): three ESSMS (A 69 PA and B 75 PH under one gestionnaire, C 13 PA without), their requests,
 * quotes, contracts, missions, invoices, questionnaires, scores, links of interest and the engine's
 * decisions. The expected figures are written beside each test, computed by hand from these rows.
 */
export async function statisticsWorld(db: Database) {
  const gestionnaire = await buildGestionnaire(db, { raisonSocial: "Gestionnaire Stat" });
  const grouped = await buildLegalEntity(db, { gestionnaireId: gestionnaire.id });
  const a = await buildEssms(db, { legalEntityId: grouped.id, postalCode: "69003", sectorDomains: ["PA"] });
  const b = await buildEssms(db, { legalEntityId: grouped.id, postalCode: "75011", sectorDomains: ["PH"] });
  const c = await buildEssms(db, { postalCode: "13001", sectorDomains: ["PA"] });

  const r0 = await buildRequest(db, { clientIds: [a.id], receivedAt: "2025-11-01" });
  const r1 = await buildRequest(db, { clientIds: [a.id], receivedAt: "2026-01-10" });
  const r2 = await buildRequest(db, { clientIds: [b.id], receivedAt: "2026-02-01" });
  const r3 = await buildRequest(db, { clientIds: [c.id], receivedAt: "2026-03-01" });
  await buildRequest(db, { clientIds: [c.id], receivedAt: "2026-04-01" });
  const quote = (requestId: string, sentAt: string) =>
    db.insert(quotes).values({
      requestId,
      number: `D-STAT-${next()}`,
      status: "SENT",
      vatRate: 0.2,
      travelExpenseMode: 2,
      totalHT: 5000,
      totalVAT: 1000,
      totalTTC: 6000,
      sentAt: new Date(sentAt),
    });
  await quote(r1.id, "2026-01-20T10:00:00Z");
  await quote(r2.id, "2026-02-11T10:00:00Z");
  await quote(r3.id, "2026-03-05T10:00:00Z");
  const signed = { status: "SIGNED" };
  const k0 = await buildContract(db, { requestId: r0.id, clientIds: [c.id], ...signed, signatureDate: "2025-12-15" });
  const k1 = await buildContract(db, { requestId: r1.id, clientIds: [a.id], ...signed, signatureDate: "2026-02-09" });
  const k2 = await buildContract(db, { requestId: r2.id, clientIds: [b.id], ...signed, signatureDate: "2026-03-13" });

  const mission = async (values: Partial<typeof missions.$inferInsert> & { contractId: string; clientId: string }) => {
    const [row] = await db
      .insert(missions)
      .values({ kind: "ESSMS_EVALUATION", ...values })
      .returning();
    if (!row) throw new Error("mission not inserted");
    return row;
  };
  const mA = await mission({
    contractId: k1.id,
    clientId: a.id,
    firstDay: "2026-03-10",
    lastDay: "2026-03-11",
    preliminaryUploadedAt: "2026-04-05",
    preliminarySentAt: "2026-04-06",
    observationsReceivedAt: "2026-04-15",
    finalReportAt: "2026-05-05",
    status: "FINALISED",
  });
  const mB = await mission({ contractId: k2.id, clientId: b.id, firstDay: "2026-04-20", lastDay: "2026-04-21" });
  await mission({ contractId: k0.id, clientId: c.id, firstDay: "2026-06-20", lastDay: "2026-06-20" });

  const invoice = async (values: Partial<typeof invoices.$inferInsert> & { contractId: string; clientId: string }) => {
    const [row] = await db
      .insert(invoices)
      .values({
        kind: "BALANCE",
        status: "INVOICE_SEND",
        number: `F-STAT-${next()}`,
        buyer: {
          name: "Client",
          legalForm: null,
          address: null,
          postalCode: null,
          city: null,
          siren: null,
          siret: null,
          vatNumber: null,
          email: null,
        },
        ...values,
      })
      .returning();
    if (!row) throw new Error("invoice not inserted");
    return row;
  };
  const i1 = await invoice({
    contractId: k1.id,
    clientId: a.id,
    issueDate: "2026-02-15",
    totalHtCents: 100_000,
    totalTtcCents: 120_000,
    paidCents: 50_000,
  });
  const i2 = await invoice({
    contractId: k2.id,
    clientId: b.id,
    kind: "DEPOSIT",
    issueDate: "2026-03-20",
    totalHtCents: 50_000,
    totalTtcCents: 60_000,
    paidCents: 60_000,
  });
  await invoice({
    contractId: k1.id,
    clientId: a.id,
    kind: "CREDIT_NOTE",
    creditedInvoiceId: i1.id,
    issueDate: "2026-03-01",
    totalHtCents: 20_000,
    totalTtcCents: 24_000,
  });
  await invoice({ contractId: k0.id, clientId: c.id, status: "INVOICE_PREPARE", number: null, totalHtCents: 99_999 });
  const i4 = await invoice({
    contractId: k0.id,
    clientId: c.id,
    issueDate: "2025-12-20",
    totalHtCents: 10_000,
    totalTtcCents: 12_000,
    paidCents: 10_000,
  });
  await db.insert(invoicePayments).values([
    { invoiceId: i4.id, date: "2026-01-05", amountCents: 10_000, method: "TRANSFER" },
    { invoiceId: i2.id, date: "2026-04-02", amountCents: 60_000, method: "TRANSFER" },
    { invoiceId: i1.id, date: "2026-05-10", amountCents: 50_000, method: "TRANSFER" },
  ]);

  const x = await buildAuditor(db, { firstName: "Xavier", lastName: "Statistique" });
  const y = await buildAuditor(db, { firstName: "Yvette", lastName: "Statistique" });
  const z = await buildAuditor(db, { firstName: "Zoé", lastName: "Statistique" });
  await db.insert(missionTeamMembers).values([
    { missionId: mA.id, auditorId: x.id, role: "COORDINATOR" },
    { missionId: mA.id, auditorId: y.id, role: "EVALUATOR" },
    { missionId: mB.id, auditorId: x.id, role: "COORDINATOR" },
  ]);
  const survey = (missionId: string, answeredAt: string, answers: Record<string, number>) =>
    db.insert(satisfactionSurveys).values({
      missionId,
      sentTo: "direction@essms.fr",
      sentAt: new Date("2026-05-01T08:00:00Z"),
      expiresAt: new Date("2026-06-01T08:00:00Z"),
      answeredAt: new Date(answeredAt),
      answers,
    });
  await survey(mA.id, "2026-05-10T10:00:00Z", { PREPARATION: 4, VISIT: 3 });
  await survey(mB.id, "2026-05-20T10:00:00Z", { PREPARATION: 2, VISIT: 2 });
  const scoredAt = new Date("2026-05-01T10:00:00Z");
  await db.insert(performanceScores).values([
    { missionId: mA.id, auditorId: x.id, criterion: "PREPARATION", point: 5, scoredAt },
    { missionId: mA.id, auditorId: x.id, criterion: "REPORT", point: 4, scoredAt },
    { missionId: mB.id, auditorId: x.id, criterion: "PREPARATION", point: 3, scoredAt },
    { missionId: mA.id, auditorId: y.id, criterion: "PREPARATION", point: 2, scoredAt },
  ]);

  const link = (auditorId: string, org: { type: string; id: string; name: string }, start: string, end?: string) =>
    db.insert(auditorLinks).values({
      auditorId,
      organisationType: org.type,
      organisationId: org.id,
      organisationName: org.name,
      nature: "INTEREST",
      startDate: start,
      endDate: end ?? null,
      recordedByLabel: "RH Test",
    });
  const essmsA = { type: "ESSMS", id: a.id, name: a.raisonSocial };
  await link(x.id, essmsA, "2025-01-01");
  await link(
    x.id,
    { type: "GESTIONNAIRE", id: gestionnaire.id, name: gestionnaire.raisonSocial },
    "2024-01-01",
    "2026-03-31",
  );
  await link(y.id, essmsA, "2020-01-01", "2025-06-30");
  await link(z.id, { type: "ESSMS", id: c.id, name: c.raisonSocial }, "2026-02-01");
  const reasons = [{ rule: "CURRENT_INTEREST", message: "Intérêt en cours avec l'établissement." }];
  await db.insert(auditorAssignmentRefusals).values([
    {
      auditorId: x.id,
      clientId: a.id,
      contractId: k1.id,
      reasons,
      createdByLabel: "CPI Test",
      createdAt: new Date("2026-03-01T09:00:00Z"),
    },
    {
      auditorId: x.id,
      clientId: a.id,
      contractId: k1.id,
      reasons,
      createdByLabel: "CPI Test",
      createdAt: new Date("2025-10-01T09:00:00Z"),
    },
  ]);
  await db.insert(auditorAssignmentJustifications).values({
    auditorId: z.id,
    clientId: c.id,
    contractId: k0.id,
    warnings: [{ rule: "SECTOR_DOMAIN", message: "Domaine non couvert." }],
    justification: "Seule évaluatrice disponible sur le secteur.",
    createdByLabel: "CPI Test",
    createdAt: new Date("2026-04-10T09:00:00Z"),
  });
  return { gestionnaire, a, b, c, x, y, z, k1 };
}

import { addCalendarDays, mileageCents, REF_CRITERIA, SATISFACTION_QUESTIONS } from "@certidesk/shared";
import { and, asc, eq, isNotNull, isNull, lte } from "drizzle-orm";
import type { Database, Executor } from "../db/client.js";
import {
  auditorFeeInvoices,
  auditors,
  clients,
  documents,
  documentVersions,
  expenses,
  fareClasses,
  missionDays,
  missions,
  missionTeamMembers,
  performanceReviews,
  performanceScores,
  satisfactionSurveys,
} from "../db/schema/index.js";
import { parisDate } from "../lib/clock.js";
import { renderPdf } from "../lib/pdf/pdf-service.js";
import type { FileStorage } from "../lib/storage/index.js";
import { createConfigurationService } from "../modules/configuration/configuration.service.js";
import { withStoredFile } from "../modules/documents/stored-file.js";
import { createRandom, insertChunked } from "./demo-random.js";

const KM_RATE = 0.603;
const at = (day: string, hour = 9) => new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);

/**
 * Expenses, fees, performance and satisfaction of the demo, on the missions whose visit is past:
 * expenses in every state (submitted on recent visits, approved, reimbursed, one rejected), the
 * freelance evaluators' invoices (to pay, paid), RefCriteria scores on finalised missions, and
 * questionnaires answered, waiting, or expired. Receipts and invoices get their files afterwards
 * (`attachDemoExpenseFiles`, which needs the storage).
 */
export async function seedExpenseDemo(tx: Executor, input: { now: Date }) {
  const rand = createRandom(20261123);
  const today = parisDate(input.now);
  const visited = await tx
    .select({ mission: missions })
    .from(missions)
    .where(and(isNotNull(missions.firstDay), lte(missions.lastDay, today)))
    .orderBy(asc(missions.firstDay), asc(missions.id));
  if (visited.length === 0) return { expenses: 0 };
  const team = await tx
    .select({
      missionId: missionTeamMembers.missionId,
      auditorId: missionTeamMembers.auditorId,
      status: auditors.status,
      dailyFee: auditors.dailyFee,
    })
    .from(missionTeamMembers)
    .innerJoin(auditors, eq(auditors.id, missionTeamMembers.auditorId));
  const days = await tx
    .select({ missionId: missionDays.missionId, fraction: missionDays.dayFraction })
    .from(missionDays);
  const [train] = await tx.select().from(fareClasses).orderBy(asc(fareClasses.position)).limit(1);
  const lines: Array<typeof expenses.$inferInsert> = [];
  const invoices: Array<typeof auditorFeeInvoices.$inferInsert> = [];
  const scores: Array<typeof performanceScores.$inferInsert> = [];
  const surveys: Array<typeof satisfactionSurveys.$inferInsert> = [];
  for (const [n, { mission: m }] of visited.entries()) {
    const first = m.firstDay as string;
    const last = m.lastDay as string;
    const age = Math.round((Date.parse(today) - Date.parse(last)) / 86_400_000);
    const members = team.filter((t) => t.missionId === m.id);
    const totalDays = days.filter((d) => d.missionId === m.id).reduce((s, d) => s + d.fraction, 0);
    for (const [i, member] of members.entries()) {
      // Recent visits: submitted; then approved; older ones reimbursed; now and then a refusal.
      const status = age < 20 ? "SUBMITTED" : age < 50 ? "APPROVED" : "REIMBURSED";
      // Approved a few days after the visit, before the balance invoice (a week after) rebills them.
      const decided = status === "SUBMITTED" ? null : at(addCalendarDays(last, 4), 14);
      const common = {
        missionId: m.id,
        auditorId: member.auditorId,
        status,
        decidedAt: decided,
        decidedBy: decided ? "Claire Martin" : null,
        reimbursedOn: status === "REIMBURSED" ? addCalendarDays(last, 35) : null,
        createdAt: at(addCalendarDays(last, 2)),
        updatedAt: at(addCalendarDays(last, 2)),
      };
      if (i % 2 === 0) {
        const km = rand.int(40, 260);
        lines.push({
          ...common,
          kind: "TRANSPORT",
          date: first,
          transportMode: "CAR",
          kilometres: km,
          kmRate: KM_RATE,
          amountCents: mileageCents(km, KM_RATE),
          description: "Aller-retour domicile – établissement",
        });
      } else {
        lines.push({
          ...common,
          kind: "TRANSPORT",
          date: first,
          transportMode: "TRAIN",
          fareClassId: train?.id ?? null,
          amountCents: rand.int(45, 140) * 100 + rand.pick([0, 50, 80]),
          description: "Billet aller-retour",
        });
      }
      if (first !== last)
        lines.push({
          ...common,
          kind: "LODGING",
          date: first,
          amountCents: rand.int(78, 115) * 100,
          description: "Nuit d'hôtel",
        });
      const rejected = n % 7 === 3 && i === 0;
      lines.push({
        ...common,
        kind: "MEAL",
        date: last,
        amountCents: rand.int(14, 24) * 100 + rand.pick([0, 50, 90]),
        description: rejected ? "Dîner (sans ticket)" : "Déjeuner",
        ...(rejected
          ? {
              status: "REJECTED",
              rejectionReason: "Le justificatif joint ne correspond pas à la dépense.",
              decidedAt: at(addCalendarDays(last, 4), 14),
              decidedBy: "Claire Martin",
              reimbursedOn: null,
            }
          : {}),
      });
      if (member.status === "INDEPENDANT" && member.dailyFee && totalDays > 0 && age >= 7) {
        const dailyFeeCents = Math.round(member.dailyFee * 100);
        const expected = Math.round(dailyFeeCents * totalDays);
        invoices.push({
          missionId: m.id,
          auditorId: member.auditorId,
          number: `FA-${first.slice(0, 4)}-${String(n + 1).padStart(3, "0")}`,
          amountCents: n % 5 === 2 ? expected - 5000 : expected,
          days: totalDays,
          dailyFeeCents,
          expectedCents: expected,
          status: age >= 45 ? "PAID" : "TO_PAY",
          paidOn: age >= 45 ? addCalendarDays(last, 40) : null,
        });
      }
    }
    if (m.status === "FINALISED") {
      for (const member of members)
        for (const code of REF_CRITERIA)
          scores.push({
            missionId: m.id,
            auditorId: member.auditorId,
            criterion: code,
            point: rand.weighted([
              { value: 3, weight: 3 },
              { value: 4, weight: 5 },
              { value: 5, weight: 3 },
              { value: 2, weight: 1 },
            ]).value,
            commentary: code === "CERE" ? "Rapport rendu dans les délais." : null,
            scoredBy: "Sophie Leroy",
            scoredAt: at(addCalendarDays(last, 45)),
          });
    }
    if (age >= 3) {
      // Questionnaires: most answered, some waiting, an old one expired unanswered.
      const sentAt = at(addCalendarDays(last, 2), 8);
      const expiresAt = at(addCalendarDays(last, 32), 8);
      const answered = n % 4 !== 1 && age >= 10;
      const answers = Object.fromEntries(
        SATISFACTION_QUESTIONS.map((q) => [
          q.code,
          rand.weighted([
            { value: 4, weight: 5 },
            { value: 3, weight: 4 },
            { value: 2, weight: 1 },
          ]).value,
        ]),
      );
      surveys.push({
        missionId: m.id,
        sentTo: "direction@essms.demo.fr",
        sentAt,
        expiresAt,
        answeredAt: answered ? at(addCalendarDays(last, 8), 15) : null,
        answers: answered ? answers : null,
        comment: answered
          ? rand.pick(["Équipe à l'écoute et très professionnelle.", "Restitution claire, merci.", ""]) || null
          : null,
        sentToAuditorsAt: answered && age >= 30 ? at(addCalendarDays(last, 12)) : null,
      });
    }
  }
  await insertChunked((rows) => tx.insert(expenses).values(rows), lines);
  await insertChunked((rows) => tx.insert(auditorFeeInvoices).values(rows), invoices);
  await insertChunked((rows) => tx.insert(performanceScores).values(rows), scores);
  // Each scored evaluator's review at its first version (the next save sends 1).
  const reviewed = new Map(scores.map((s) => [`${s.missionId}:${s.auditorId}`, s]));
  await insertChunked(
    (rows) => tx.insert(performanceReviews).values(rows),
    [...reviewed.values()].map((s) => ({ missionId: s.missionId, auditorId: s.auditorId, version: 1 })),
  );
  await insertChunked((rows) => tx.insert(satisfactionSurveys).values(rows), surveys);
  return { expenses: lines.length, invoices: invoices.length, scores: scores.length, surveys: surveys.length };
}

/** Real small PDFs for the demo's receipts (MISSION_FRAIS) and freelance invoices (MISSION_FACTURE). */
export async function attachDemoExpenseFiles(db: Database, storage: FileStorage) {
  const identity = { configuration: await createConfigurationService({ db }).get(), logo: null };
  const receipt = await renderPdf(identity, "Justificatif de frais", [
    { text: "Justificatif de frais", style: "title" },
    { text: "Ticket de démonstration : transport, hébergement ou repas d'une mission d'évaluation." },
  ]);
  const invoice = await renderPdf(identity, "Facture d'honoraires", [
    { text: "Facture d'honoraires", style: "title" },
    { text: "Facture de démonstration d'un évaluateur indépendant pour une mission d'évaluation." },
  ]);
  const file = async (
    data: Buffer,
    meta: {
      family: "AUDITOR" | "EXPENSE";
      name: string;
      fileName: string;
      auditorId: string;
      missionId: string;
      metaCode: string;
    },
  ) =>
    withStoredFile(storage, data, "application/pdf", async (stored) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(documents)
          .values({ ...meta, mimeType: "application/pdf", ...stored })
          .returning({ id: documents.id });
        if (!row) throw new Error("demo document not created");
        await tx.insert(documentVersions).values({
          documentId: row.id,
          versionNumber: 1,
          fileName: meta.fileName,
          mimeType: "application/pdf",
          ...stored,
        });
        return row.id;
      }),
    );
  const lines = await db
    .select({ expense: expenses, client: clients.raisonSocial })
    .from(expenses)
    .innerJoin(missions, eq(missions.id, expenses.missionId))
    .innerJoin(clients, eq(clients.id, missions.clientId))
    .where(isNull(expenses.receiptDocumentId));
  for (const { expense: e, client } of lines) {
    const id = await file(receipt, {
      family: "EXPENSE",
      name: `Justificatif de frais — ${client} — ${e.date}`,
      fileName: "justificatif.pdf",
      auditorId: e.auditorId,
      missionId: e.missionId,
      metaCode: "MISSION_FRAIS",
    });
    await db.update(expenses).set({ receiptDocumentId: id }).where(eq(expenses.id, e.id));
  }
  const bills = await db
    .select({ invoice: auditorFeeInvoices, client: clients.raisonSocial })
    .from(auditorFeeInvoices)
    .innerJoin(missions, eq(missions.id, auditorFeeInvoices.missionId))
    .innerJoin(clients, eq(clients.id, missions.clientId))
    .where(isNull(auditorFeeInvoices.documentId));
  for (const { invoice: inv, client } of bills) {
    const id = await file(invoice, {
      family: "AUDITOR",
      name: `Facture ${inv.number} — ${client}`,
      fileName: `facture-${inv.number}.pdf`,
      auditorId: inv.auditorId,
      missionId: inv.missionId,
      metaCode: "MISSION_FACTURE",
    });
    await db.update(auditorFeeInvoices).set({ documentId: id }).where(eq(auditorFeeInvoices.id, inv.id));
  }
  return lines.length + bills.length;
}

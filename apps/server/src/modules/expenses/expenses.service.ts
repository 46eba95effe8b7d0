import {
  type Expense,
  type ExpenseBody,
  expenseBodySchema,
  expenseDateWarning,
  type FeeInvoiceBody,
  FUTURE_EXPENSE_MESSAGE,
  formatCurrency,
  formatDays,
  type MissionFee,
  mileageCents,
} from "@certidesk/shared";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, badRequest, notFound } from "../../lib/errors.js";
import { abilities, authorize, can } from "../../lib/policy.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import type { DocumentLinks, DocumentsService } from "../documents/index.js";
import {
  auditorMoneyResource,
  expenseResource,
  feeInvoiceResource,
  type MissionMoneyRecord,
  missionMoneyResource,
} from "./expenses.policy.js";
import * as repo from "./expenses.repository.js";

type File = { fileName: string; data: Buffer };
type ExpenseInput = z.output<typeof expenseBodySchema>;

/** The documents module's upload (type checked from the content), filed inside the expense's write. */
export type WithUpload = DocumentsService["withUpload"];

export interface ExpensesDeps {
  db: Database;
  clock: Clock;
  links: DocumentLinks;
  withUpload: WithUpload;
}

export const unprocessable = (message: string, details?: unknown) =>
  new AppError(422, "UNPROCESSABLE", message, details);

/** The mission as the policy sees it, from its facts. */
export function moneyRecord(facts: repo.MissionFacts, today: string): MissionMoneyRecord {
  return {
    id: facts.mission.id,
    clientId: facts.mission.clientId,
    team: facts.team,
    visitStarted: !!facts.mission.firstDay && facts.mission.firstDay <= today,
    survey: facts.survey
      ? { answered: !!facts.survey.answeredAt, sentToAuditors: !!facts.survey.sentToAuditorsAt }
      : null,
  };
}

/** The mission's facts after load → 404 → authorize. */
export async function loadMission(
  db: Executor,
  clock: Clock,
  actor: Actor,
  id: string,
  action: (typeof missionMoneyResource.actions)[number],
) {
  const facts = await repo.missionFacts(db, id);
  if (!facts) throw notFound(missionMoneyResource.notFound);
  const record = moneyRecord(facts, clock.today());
  authorize(actor, action, missionMoneyResource, record);
  return { facts, record };
}

const toCents = (euros: number | null) => (euros === null ? null : Math.round(euros * 100));

/**
 * Evaluators' expenses and fees: an evaluator declares their expenses per mission with a receipt,
 * staff approve, reject and reimburse; a freelance evaluator files their invoice for the mission,
 * checked against the agreed daily fee × the mission's days; the monthly statement's data.
 */
const settingsView = (s: {
  kmRate: number;
  satisfactionAfterDays: number | null;
  dateMarginDays: number;
  version: number;
}) => ({
  kmRate: s.kmRate,
  satisfactionAfterDays: s.satisfactionAfterDays,
  dateMarginDays: s.dateMarginDays,
  version: s.version,
});

export function createExpensesService({ db, clock, links, withUpload }: ExpensesDeps) {
  const toExpense = (actor: Actor, r: repo.ExpenseListRow, marginDays: number): Expense => {
    const e = r.expense;
    const can = abilities(actor, expenseResource, e);
    return {
      id: e.id,
      missionId: e.missionId,
      missionLabel: r.missionLabel,
      clientId: r.clientId,
      auditorId: e.auditorId,
      auditorName: r.auditorName,
      kind: e.kind as Expense["kind"],
      date: e.date,
      description: e.description,
      transportMode: e.transportMode as Expense["transportMode"],
      fareClassId: e.fareClassId,
      fareClassName: r.fareClassName,
      kilometres: e.kilometres,
      kmRate: e.kmRate,
      amountCents: e.amountCents,
      receipt: e.receiptDocumentId
        ? {
            id: e.receiptDocumentId,
            name: r.receiptName ?? "Justificatif",
            url: links.url(e.receiptDocumentId, "view"),
          }
        : null,
      status: e.status as Expense["status"],
      rejectionReason: e.rejectionReason,
      decidedAt: e.decidedAt?.toISOString() ?? null,
      decidedBy: e.decidedBy,
      reimbursedOn: e.reimbursedOn,
      rebilledInvoice: e.rebilledInvoiceId ? { id: e.rebilledInvoiceId, number: r.rebilledInvoiceNumber } : null,
      dateWarning: expenseDateWarning(e.date, { firstDay: r.missionFirstDay, lastDay: r.missionLastDay }, marginDays),
      abilities: { update: can.update, decide: can.decide, reimburse: can.reimburse },
      version: e.version,
    };
  };

  /** The stored values of a declaration: a car's amount from its kilometres at the Settings' rate. */
  async function valuesOf(tx: Executor, input: ExpenseInput) {
    // An expense is declared once incurred: a future date is a typo or an estimate, refused.
    if (input.date > clock.today())
      throw unprocessable(FUTURE_EXPENSE_MESSAGE, [{ path: ["date"], message: FUTURE_EXPENSE_MESSAGE }]);
    const transport = input.kind === "TRANSPORT";
    const car = transport && input.transportMode === "CAR";
    if (input.fareClassId && !(await repo.fareClassExists(tx, input.fareClassId)))
      throw badRequest("Classe de transport inconnue.");
    const rate = car ? (await repo.loadExpenseSettings(tx)).kmRate : null;
    const kilometres = car ? (input.kilometres ?? null) : null;
    const amountCents =
      car && rate !== null && kilometres !== null ? mileageCents(kilometres, rate) : input.amountCents;
    if (!amountCents) throw badRequest("Indiquez le montant.");
    return {
      kind: input.kind,
      date: input.date,
      description: input.description ?? "",
      transportMode: transport ? (input.transportMode ?? null) : null,
      fareClassId: transport && !car ? (input.fareClassId ?? null) : null,
      kilometres,
      kmRate: rate,
      amountCents,
    };
  }

  const margin = async () => (await repo.loadExpenseSettings(db)).dateMarginDays;
  const one = async (actor: Actor, id: string) => {
    const [row] = await repo.listExpenses(db, { id });
    if (!row) throw notFound(expenseResource.notFound);
    return toExpense(actor, row, await margin());
  };

  /** load → 404 → authorize, before a file is read or stored. */
  async function checkDeclare(actor: Actor, missionId: string) {
    return loadMission(db, clock, actor, missionId, "declare");
  }

  const write = (
    actor: Actor,
    id: string,
    version: number,
    action: "update" | "decide" | "reimburse",
    requestId?: string,
  ) => ({
    db,
    clock,
    table: repo.expenses,
    id,
    version,
    actor,
    requestId,
    entityType: "expense",
    authorize: { resource: expenseResource, action },
  });

  async function feesOf(actor: Actor, facts: repo.MissionFacts): Promise<MissionFee[]> {
    const invoices = await repo.feeInvoicesOf(db, facts.mission.id);
    const staffRead = can(actor, "read", auditorMoneyResource, { auditorId: "" });
    return facts.team
      .filter((m) => staffRead || (actor.profileType === "AUDITEUR" && actor.auditorId === m.auditorId))
      .map((m) => {
        const found = invoices.find((i) => i.invoice.auditorId === m.auditorId);
        const dailyFeeCents = toCents(m.dailyFee);
        const independent = m.status === "INDEPENDANT";
        const expectedCents = independent && dailyFeeCents !== null ? Math.round(dailyFeeCents * facts.days) : null;
        const inv = found?.invoice;
        return {
          auditorId: m.auditorId,
          auditorName: `${m.firstName} ${m.lastName}`,
          status: independent ? "INDEPENDANT" : "SALARIE",
          days: facts.days,
          dailyFeeCents: independent ? dailyFeeCents : null,
          expectedCents,
          invoice: inv
            ? {
                id: inv.id,
                number: inv.number,
                amountCents: inv.amountCents,
                document: inv.documentId
                  ? {
                      id: inv.documentId,
                      name: found?.documentName ?? "Facture",
                      url: links.url(inv.documentId, "view"),
                    }
                  : null,
                status: inv.status as "TO_PAY" | "PAID",
                paidOn: inv.paidOn,
                warning: feeWarning(inv.amountCents, inv.expectedCents),
                version: inv.version,
              }
            : null,
          canUpload:
            independent &&
            actor.profileType === "AUDITEUR" &&
            actor.auditorId === m.auditorId &&
            (!inv || inv.status === "TO_PAY"),
          canPay: !!inv && can(actor, "pay", feeInvoiceResource, inv),
        };
      });
  }

  return {
    async missionExpenses(actor: Actor, missionId: string) {
      const { record, facts } = await loadMission(db, clock, actor, missionId, "read");
      const rows = await repo.listExpenses(db, { missionId });
      // An evaluator sees only their own lines, staff every line.
      const visible = rows.filter((r) => can(actor, "read", expenseResource, r.expense));
      const settings = await repo.loadExpenseSettings(db);
      const items = visible.map((r) => toExpense(actor, r, settings.dateMarginDays));
      const totals = { SUBMITTED: 0, APPROVED: 0, REJECTED: 0, REIMBURSED: 0 };
      for (const e of items) totals[e.status] += e.amountCents;
      return {
        items,
        totals,
        kmRate: settings.kmRate,
        canDeclare: can(actor, "declare", missionMoneyResource, record),
        rebilledToClient: facts.travelExpenseMode === 1,
      };
    },

    async auditorExpenses(actor: Actor, auditorId: string) {
      const auditor = await repo.auditorExists(db, auditorId);
      if (!auditor) throw notFound(auditorMoneyResource.notFound);
      authorize(actor, "read", auditorMoneyResource, { auditorId });
      const rows = await repo.listExpenses(db, { auditorId });
      const settings = await repo.loadExpenseSettings(db);
      return {
        items: rows.map((r) => toExpense(actor, r, settings.dateMarginDays)),
        missions: await repo.missionsOfAuditor(db, auditorId),
        kmRate: settings.kmRate,
      };
    },

    /** Checks before the receipt is read (404, 403), so a refused request stores nothing. */
    authorizeDeclare: async (actor: Actor, missionId: string) => void (await checkDeclare(actor, missionId)),

    async declare(actor: Actor, missionId: string, body: ExpenseBody, receipt: File, requestId?: string) {
      const input = expenseBodySchema.parse(body);
      const { facts } = await checkDeclare(actor, missionId);
      const auditorId = actor.auditorId as string;
      // Checked before the receipt is stored: a refused declaration leaves no document behind.
      const values = await valuesOf(db, input);
      // Receipts have their own family: the evaluator's file (CV, insurance…) stays readable.
      const meta = {
        family: "EXPENSE" as const,
        name: `Justificatif de frais — ${facts.raisonSocial} — ${input.date}`,
        auditorId,
        missionId,
        metaCode: "MISSION_FRAIS",
      };
      // The receipt and its expense together: a failed insert leaves no receipt behind.
      const id = await withUpload(actor, { meta, file: receipt, requestId }, (filed) =>
        db.transaction(async (tx) => {
          const doc = await filed.file(tx);
          const [created] = await tx
            .insert(repo.expenses)
            .values({ ...values, missionId, auditorId, receiptDocumentId: doc.id, createdBy: actor.userId })
            .returning();
          if (!created) throw new Error("expense not saved");
          await writeAudit(
            tx,
            actor,
            {
              action: "create",
              entityType: "expense",
              entityId: created.id,
              summary: `Dépense déclarée (${formatCurrency(created.amountCents / 100)}) sur la mission ${facts.raisonSocial}`,
            },
            requestId,
          );
          return created.id;
        }),
      );
      return one(actor, id);
    },

    async update(actor: Actor, id: string, body: ExpenseBody & { version: number }, requestId?: string) {
      const input = expenseBodySchema.parse(body);
      await versionedUpdate({
        ...write(actor, id, body.version, "update", requestId),
        apply: async (tx) => ({ values: await valuesOf(tx, input), summary: "Dépense modifiée", changes: true }),
      });
      return one(actor, id);
    },

    async approve(actor: Actor, id: string, version: number, requestId?: string) {
      await versionedUpdate({
        ...write(actor, id, version, "decide", requestId),
        apply: () => ({
          values: { status: "APPROVED", decidedAt: clock.now(), decidedBy: actor.label, rejectionReason: null },
          summary: "Dépense validée",
          action: "status",
        }),
      });
      return one(actor, id);
    },

    async reject(actor: Actor, id: string, input: { reason: string; version: number }, requestId?: string) {
      await versionedUpdate({
        ...write(actor, id, input.version, "decide", requestId),
        apply: () => ({
          values: { status: "REJECTED", decidedAt: clock.now(), decidedBy: actor.label, rejectionReason: input.reason },
          summary: `Dépense refusée : ${input.reason}`,
          action: "status",
        }),
      });
      return one(actor, id);
    },

    async reimburse(actor: Actor, id: string, input: { date: string; version: number }, requestId?: string) {
      await versionedUpdate({
        ...write(actor, id, input.version, "reimburse", requestId),
        apply: () => ({
          values: { status: "REIMBURSED", reimbursedOn: input.date },
          summary: `Dépense remboursée le ${input.date}`,
          action: "status",
        }),
      });
      return one(actor, id);
    },

    settings: async () => settingsView(await repo.loadExpenseSettings(db)),

    async updateSettings(
      actor: Actor,
      input: { kmRate: number; satisfactionAfterDays?: number | null; dateMarginDays?: number; version: number },
      requestId?: string,
    ) {
      await repo.loadExpenseSettings(db);
      await versionedUpdate({
        db,
        clock,
        table: repo.expenseSettings,
        id: "1",
        key: repo.expenseSettings.id,
        version: input.version,
        actor,
        requestId,
        entityType: "expenseSettings",
        apply: () => ({
          values: {
            kmRate: input.kmRate,
            ...(input.satisfactionAfterDays !== undefined && { satisfactionAfterDays: input.satisfactionAfterDays }),
            ...(input.dateMarginDays !== undefined && { dateMarginDays: input.dateMarginDays }),
          },
          summary: [
            `Barème kilométrique : ${input.kmRate} €/km`,
            input.satisfactionAfterDays !== undefined &&
              `questionnaire de satisfaction ${
                input.satisfactionAfterDays === null
                  ? "envoyé à la main"
                  : `${input.satisfactionAfterDays} j après la visite`
              }`,
            input.dateMarginDays !== undefined && `marge autour des dates de mission : ${input.dateMarginDays} j`,
          ]
            .filter(Boolean)
            .join(" ; "),
          changes: true,
        }),
      });
      return settingsView(await repo.loadExpenseSettings(db));
    },

    // ——— Fees ———

    async missionFees(actor: Actor, missionId: string) {
      const { facts } = await loadMission(db, clock, actor, missionId, "read");
      return { items: await feesOf(actor, facts) };
    },

    /** Before the invoice file is read: the actor is a freelance evaluator of the team. */
    async authorizeFeeInvoice(actor: Actor, missionId: string) {
      const { facts } = await loadMission(db, clock, actor, missionId, "declare");
      const member = facts.team.find((m) => m.auditorId === actor.auditorId);
      if (member?.status !== "INDEPENDANT")
        throw unprocessable("Un évaluateur salarié n'envoie pas de facture : ses jours de mission sont comptés.");
      return { facts, member };
    },

    async uploadFeeInvoice(actor: Actor, missionId: string, body: FeeInvoiceBody, file: File, requestId?: string) {
      const { facts, member } = await this.authorizeFeeInvoice(actor, missionId);
      const dailyFeeCents = toCents(member.dailyFee);
      const expectedCents = dailyFeeCents === null ? null : Math.round(dailyFeeCents * facts.days);
      if (facts.days <= 0) throw unprocessable("La mission n'a pas encore de jours de visite : la facture attendra.");
      if (expectedCents !== null && body.amountCents > expectedCents)
        throw unprocessable(
          `Le montant de votre facture (${formatCurrency(body.amountCents / 100)} HT) dépasse le montant convenu : ` +
            `${formatCurrency(expectedCents / 100)} (${formatCurrency((dailyFeeCents ?? 0) / 100)} × ${formatDays(facts.days)}).`,
        );
      const existing = (await repo.feeInvoicesOf(db, missionId)).find((i) => i.invoice.auditorId === member.auditorId);
      if (existing?.invoice.status === "PAID") throw unprocessable("Votre facture de cette mission est déjà payée.");
      const meta = {
        family: "AUDITOR" as const,
        name: `Facture ${body.number} — ${facts.raisonSocial}`,
        auditorId: member.auditorId,
        missionId,
        metaCode: "MISSION_FACTURE",
      };
      // The invoice file and its row together: one paid meanwhile (422) leaves no file behind.
      await withUpload(actor, { meta, file, requestId }, (filed) =>
        db.transaction(async (tx) => {
          const doc = await filed.file(tx);
          const saved = await repo.upsertFeeInvoice(
            tx,
            {
              missionId,
              auditorId: member.auditorId,
              number: body.number,
              amountCents: body.amountCents,
              days: facts.days,
              dailyFeeCents,
              expectedCents,
              documentId: doc.id,
            },
            clock.now(),
          );
          if (!saved) throw unprocessable("Votre facture de cette mission est déjà payée.");
          await writeAudit(
            tx,
            actor,
            {
              action: "create",
              entityType: "feeInvoice",
              entityId: saved.id,
              summary: `Facture ${body.number} (${formatCurrency(body.amountCents / 100)} HT) déposée pour la mission ${facts.raisonSocial}`,
            },
            requestId,
          );
        }),
      );
      return { items: await feesOf(actor, facts) };
    },

    async payFeeInvoice(actor: Actor, id: string, input: { date: string; version: number }, requestId?: string) {
      const saved = await versionedUpdate({
        db,
        clock,
        table: repo.auditorFeeInvoices,
        id,
        version: input.version,
        actor,
        requestId,
        entityType: "feeInvoice",
        authorize: { resource: feeInvoiceResource, action: "pay" },
        apply: () => ({
          values: { status: "PAID", paidOn: input.date },
          summary: `Facture payée le ${input.date}`,
          action: "status",
        }),
      });
      const facts = await repo.missionFacts(db, saved.missionId);
      return { items: facts ? await feesOf(actor, facts) : [] };
    },
  };
}
export type ExpensesService = ReturnType<typeof createExpensesService>;

/** Why an invoice lower than the agreed amount is shown with a warning (never refused). */
export function feeWarning(amountCents: number, expectedCents: number | null): string | null {
  if (expectedCents === null) return "Aucun tarif journalier n'est convenu : vérifiez le montant.";
  if (amountCents < expectedCents)
    return `Montant inférieur au montant convenu (${formatCurrency(expectedCents / 100)}).`;
  return null;
}

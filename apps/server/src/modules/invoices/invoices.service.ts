import {
  type CreateInvoiceBody,
  computeInvoiceTotals,
  type DepositPreview,
  formatCurrency,
  formatDate,
  INVOICE_STATUSES,
  type InvoiceDetail,
  type InvoiceKind,
  type InvoiceLineKind,
  type InvoiceListQuery,
  type InvoicePage,
  type InvoiceRow,
  type InvoiceSettingsBody,
  type InvoiceStatus,
  type PaymentBody,
  type PaymentMethod,
  type PortalInvoices,
  toCents,
  type UpdateInvoiceBody,
  updateInvoiceBodySchema,
} from "@certidesk/shared";
import type { Database, Executor } from "../../db/client.js";
import { type InvoicePartySnapshot, invoiceSettings, invoices } from "../../db/schema/index.js";
import { type Actor, type AuditActor, SYSTEM_ACTOR } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { addDays, type Clock, systemClock } from "../../lib/clock.js";
import { badRequest, conflict, notFound, staleVersion, unprocessable } from "../../lib/errors.js";
import { nextNumber } from "../../lib/numbering.js";
import type { CompanyIdentity } from "../../lib/pdf/pdf-service.js";
import { abilities, authorize, can } from "../../lib/policy.js";
import { JsonText } from "../../lib/sql-json.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import type { ConfigurationService } from "../configuration/index.js";
import type { DocumentsService } from "../documents/index.js";
import { enqueueMail, mailSendingState, withdrawFailedMail } from "../mail/index.js";
import {
  linkRebilledExpenses,
  rebilledExpenseLines,
  reconcileRebilledExpenses,
  releaseCreditedExpenses,
} from "./invoice-commands.js";
import type { InvoiceDocumentData } from "./invoice-document.js";
import { renderInvoicePdf } from "./invoice-pdf.js";
import { remindInvoice } from "./invoice-reminder.js";
import { billingAddress, billingEmailOf, INVOICE_SEND_TEMPLATE, invoiceMailVariables } from "./invoice-sending.js";
import { invoiceResource } from "./invoices.policy.js";
import * as repo from "./invoices.repository.js";
import { recordPayment } from "./record-payment.js";

export interface InvoicesDeps {
  db: Database;
  configuration: Pick<ConfigurationService, "get" | "logo" | "blockActionData">;
  documents: Pick<DocumentsService, "withDocument">;
  clock?: Clock;
  log?: { warn(obj: unknown, msg?: string): void };
  /** Wakes the mail worker so that an invoice's mail leaves at once. */
  onMailQueued?: () => void;
}

type Invoice = repo.InvoiceRowData;
type Line = repo.NewInvoiceLine;
/** A record for the checks that concern the list or a new draft, not one invoice (staff rights only). */
const anInvoice = (status: string) => ({
  clientId: "",
  kind: "BALANCE",
  status,
  totalTtcCents: 0,
  paidCents: 0,
  creditedCents: 0,
});
const euros = (cents: number) => cents / 100;
export const INVOICE_SERIES = "INVOICE";

/** Splits an amount in cents into n shares that add up to it (the first ones take the odd cents). */
export function splitCents(total: number, n: number): number[] {
  if (n <= 0) return [];
  const base = Math.trunc(total / n);
  const rest = total - base * n;
  return Array.from({ length: n }, (_v, i) => base + (i < rest ? 1 : 0));
}

/** The buyer as an invoice prints it: the legal entity when the establishment has one. */
export function buyerSnapshot(row: NonNullable<Awaited<ReturnType<typeof repo.buyerOf>>>): InvoicePartySnapshot {
  const e = row.entity;
  const c = row.client;
  return {
    name: e?.raisonSocial ?? c.raisonSocial,
    legalForm: null,
    address: e?.address ?? c.address,
    postalCode: e?.postalCode ?? c.postalCode,
    city: e?.city ?? c.city,
    siren: e?.siren ?? (e?.siret ? e.siret.slice(0, 9) : null),
    siret: e?.siret ?? c.siret,
    vatNumber: e?.vatNumber ?? null,
    email: e?.email ?? c.email,
  };
}

function withTotals(lines: Line[]) {
  const totals = computeInvoiceTotals(lines.map((l) => ({ ...l, vatRate: Number(l.vatRate) })));
  return {
    lines: lines.map((l, i) => ({ ...l, position: i + 1, totalHtCents: totals.lines[i] ?? 0 })),
    totals,
    values: {
      totalHtCents: totals.totalHtCents,
      totalVatCents: totals.totalVatCents,
      totalTtcCents: totals.totalTtcCents,
    },
  };
}

const NOT_SIGNED = "Le contrat n'est pas signé : rien à facturer.";
/**
 * An invoice that still counts: not a credit note, and not wholly cancelled by its credit notes (the alerts'
 * `liveInvoice`). A partial credit leaves it standing for the rest: a deposit credited in part is still the
 * contract's deposit, and the balance deducts what remains of it.
 */
const live = (i: Invoice) => i.kind !== "CREDIT_NOTE" && (i.creditedCents === 0 || i.creditedCents < i.totalTtcCents);

/** What an invoice still counts for, HT: its total less the share its credit notes took back (one VAT rate). */
const standingHtCents = (i: Invoice) =>
  i.creditedCents === 0 ? i.totalHtCents : Math.round(i.totalHtCents * (1 - i.creditedCents / i.totalTtcCents));

/**
 * The contract's deposit: the line its draft bills (the contract's percentage of its price HT, at its
 * VAT rate) and why it cannot be prepared now, if so. The preview and the draft share it, so the
 * amount shown before confirming is the amount drafted.
 */
export function depositTerms(
  { contract, missions }: NonNullable<Awaited<ReturnType<typeof repo.contractForBilling>>>,
  existing: Invoice[],
) {
  const percent = Number(contract.depositPercent);
  const vatRate = Number(contract.vatRate);
  const cents = Math.round((toCents(contract.amountHT) * percent) / 100);
  const invoice = existing.find((i) => i.kind === "DEPOSIT" && live(i)) ?? null;
  const refusal =
    contract.status !== "SIGNED"
      ? NOT_SIGNED
      : percent <= 0
        ? "Le contrat ne prévoit pas d'acompte (onglet Contrat)."
        : invoice
          ? `Ce contrat a déjà sa facture d'acompte${invoice.number ? ` (n° ${invoice.number})` : " (brouillon à émettre)"}.`
          : existing.some((i) => i.kind === "BALANCE" && live(i))
            ? "Une facture de solde est déjà établie pour ce contrat : l'acompte n'aurait plus rien à précéder. Facturez le reste sur le solde."
            : missions.length === 0
              ? "Ce contrat n'a pas encore de mission."
              : null;
  const where = missions.length > 1 ? `, ${missions.length} établissements` : ` de ${missions[0]?.raisonSocial ?? ""}`;
  const line: Line = {
    kind: "SERVICE",
    label: `Acompte de ${String(percent).replace(".", ",")} % sur le contrat ${contract.number} (évaluation externe${where})`,
    quantity: 1,
    unitPriceCents: cents,
    vatRate,
    totalHtCents: 0,
    position: 1,
  };
  return { percent, vatRate, invoice, refusal, line, clientId: missions[0]?.clientId ?? null };
}

export function createInvoicesService({
  db,
  configuration,
  documents,
  clock = systemClock,
  log,
  onMailQueued,
}: InvoicesDeps) {
  const record = (i: Invoice, sendingStatus: string | null = null) => ({
    clientId: i.clientId,
    kind: i.kind,
    status: i.status,
    totalTtcCents: i.totalTtcCents,
    paidCents: i.paidCents,
    creditedCents: i.creditedCents,
    sendingStatus,
  });
  /** The mail that sends the invoice (the last "Envoyer"), null if never sent. */
  const sendingOf = (tx: Executor, i: Invoice) => (i.sendMailId ? mailSendingState(tx, i.sendMailId) : null);

  async function load(actor: Actor, id: string, action: Parameters<typeof authorize>[1] & string, tx: Executor = db) {
    const invoice = await repo.findInvoice(tx, id);
    if (!invoice) throw notFound(invoiceResource.notFound);
    authorize(actor, action as "read", invoiceResource, record(invoice));
    return invoice;
  }

  function toRow(
    i: repo.ListedInvoice,
    labels: { clientName: string; contractNumber: string },
    creditedInvoiceNumber: string | null,
    overdue: boolean,
  ): InvoiceRow {
    return {
      id: i.id,
      number: i.number,
      kind: i.kind as InvoiceKind,
      status: i.status as InvoiceStatus,
      clientId: i.clientId,
      clientName: labels.clientName,
      buyerName: i.buyerName,
      contractId: i.contractId,
      contractNumber: labels.contractNumber,
      missionId: i.missionId,
      issueDate: i.issueDate,
      dueDate: i.dueDate,
      totalHt: euros(i.totalHtCents),
      totalTtc: euros(i.totalTtcCents),
      paid: euros(i.paidCents),
      due: euros(i.kind === "CREDIT_NOTE" ? 0 : Math.max(0, i.totalTtcCents - i.paidCents - i.creditedCents)),
      overdue,
      creditedInvoiceNumber,
      version: i.version,
    };
  }

  async function missingMentions(): Promise<string[]> {
    return (await configuration.blockActionData()).missingFields.map((f) => f.label);
  }

  async function detail(actor: Actor, id: string): Promise<InvoiceDetail> {
    const i = await load(actor, id, "read");
    const [labels, lines, payments, creditNotes, credited, missing, sending, buyerNow] = await Promise.all([
      repo.labelsOf(db, i),
      repo.linesOf(db, i.id),
      repo.paymentsOf(db, i.id),
      repo.creditNotesOf(db, i.id),
      i.creditedInvoiceId ? repo.findInvoice(db, i.creditedInvoiceId) : Promise.resolve(null),
      missingMentions(),
      sendingOf(db, i),
      repo.buyerOf(db, i.clientId),
    ]);
    const totals = computeInvoiceTotals(lines.map((l) => ({ ...l, vatRate: Number(l.vatRate) })));
    const overdue =
      (i.status === "INVOICE_SEND" || i.status === "INVOICE_PARTIALLY_PAID") &&
      !!i.dueDate &&
      i.dueDate < clock.today();
    const can = abilities(actor, invoiceResource, record(i, sending?.status));
    return {
      ...toRow({ ...i, buyerName: i.buyer.name }, labels, credited?.number ?? null, overdue),
      lines: lines.map((l) => ({
        kind: l.kind as InvoiceLineKind,
        label: l.label,
        quantity: Number(l.quantity),
        unitPrice: euros(l.unitPriceCents),
        vatRate: Number(l.vatRate),
        totalHt: euros(l.totalHtCents),
        expenseId: l.expenseId,
      })),
      vat: totals.vat.map((v) => ({ vatRate: v.vatRate, base: euros(v.baseCents), amount: euros(v.vatCents) })),
      totalVat: euros(i.totalVatCents),
      credited: euros(i.creditedCents),
      seller: i.seller,
      buyer: i.buyer,
      buyerReference: { buyerSiret: i.buyerSiret, serviceCode: i.serviceCode, engagementNumber: i.engagementNumber },
      paymentTermsDays: i.terms?.paymentTermsDays ?? (await repo.settings(db)).paymentTermsDays,
      notes: i.notes,
      creditReason: i.creditReason,
      creditedInvoice: credited ? { id: credited.id, number: credited.number, issueDate: credited.issueDate } : null,
      creditNote: creditNotes[0] ? { id: creditNotes[0].id, number: creditNotes[0].number } : null,
      creditNotes: creditNotes.map((c) => ({ id: c.id, number: c.number, totalTtc: euros(c.totalTtcCents) })),
      payments: payments.map((p) => ({
        id: p.id,
        date: p.date,
        amount: euros(p.amountCents),
        method: p.method as PaymentMethod,
        reference: p.reference,
      })),
      missingMentions: missing,
      sentAt: i.sentAt?.toISOString() ?? null,
      billingEmail: billingEmailOf(buyerNow),
      sending: sending && {
        ...sending,
        nextAttemptAt: sending.nextAttemptAt.toISOString(),
        sentAt: sending.sentAt?.toISOString() ?? null,
        createdAt: sending.createdAt.toISOString(),
        status: sending.status as NonNullable<InvoiceDetail["sending"]>["status"],
      },
      version: i.version,
      abilities: {
        update: can.update,
        issue: can.issue,
        send: can.send,
        pay: can.pay,
        credit: can.credit,
        refund: can.refund,
      },
      refundDue: euros(Math.max(0, i.paidCents + i.creditedCents - i.totalTtcCents)),
    };
  }

  /** The lines of a new draft, from the contract's financial terms. */
  async function draftFor(tx: Executor, body: CreateInvoiceBody) {
    const contractId = "contractId" in body ? body.contractId : await repo.missionContractId(tx, body.missionId);
    if (!contractId) throw notFound("missionId" in body ? "Mission introuvable." : "Contrat introuvable.");
    const billing = await repo.contractForBilling(tx, contractId);
    if (!billing) throw notFound("Contrat introuvable.");
    const { contract, missions } = billing;
    const existing = await repo.invoicesOfContract(tx, contract.id);
    if ("contractId" in body) {
      const deposit = depositTerms(billing, existing);
      if (deposit.refusal || !deposit.clientId)
        throw conflict(deposit.refusal ?? "Ce contrat n'a pas encore de mission.");
      return { kind: "DEPOSIT" as const, contract, clientId: deposit.clientId, missionId: null, lines: [deposit.line] };
    }
    if (contract.status !== "SIGNED") throw conflict(NOT_SIGNED);
    const vatRate = Number(contract.vatRate);
    const flatCents = contract.travelExpenseMode === 3 ? toCents(contract.travelExpenseAmount ?? 0) : 0;
    const servicesCents = toCents(contract.amountHT) - flatCents;
    const n = Math.max(missions.length, 1);

    const index = missions.findIndex((m) => m.id === body.missionId);
    const mission = missions[index];
    if (!mission) throw notFound("Mission introuvable.");
    if (!mission.lastDay || mission.lastDay > clock.today())
      throw conflict("La visite n'a pas encore eu lieu : la facture de solde suit la visite.");
    if (existing.some((i) => i.kind === "BALANCE" && i.missionId === mission.id && live(i)))
      throw conflict("Cette mission a déjà sa facture de solde.");
    // A deposit still in draft would be billed in full on top of a balance that does not deduct it.
    if (existing.some((i) => i.kind === "DEPOSIT" && live(i) && i.status === "INVOICE_PREPARE"))
      throw conflict(
        "La facture d'acompte du contrat est encore un brouillon : émettez-la d'abord, la facture de solde la déduira.",
      );
    const lines: Line[] = [
      {
        kind: "SERVICE",
        label: `Évaluation externe de ${mission.raisonSocial} — contrat ${contract.number}`,
        quantity: 1,
        unitPriceCents: splitCents(servicesCents, n)[index] ?? 0,
        vatRate,
        totalHtCents: 0,
        position: 0,
      },
    ];
    if (flatCents > 0)
      lines.push({
        kind: "FLAT_FEE",
        label: "Frais de déplacement (forfait)",
        quantity: 1,
        unitPriceCents: splitCents(flatCents, n)[index] ?? 0,
        vatRate,
        totalHtCents: 0,
        position: 0,
      });
    // "Frais en sus": the approved expenses no invoice bills yet (empty for "inclus" and "forfait").
    lines.push(...(await rebilledExpenseLines(tx, mission.id, vatRate)));
    for (const deposit of existing.filter((i) => i.kind === "DEPOSIT" && live(i) && i.status !== "INVOICE_PREPARE"))
      lines.push({
        kind: "DEPOSIT_DEDUCTION",
        label: `Acompte déjà facturé (facture n° ${deposit.number} du ${formatDate(deposit.issueDate)}${deposit.creditedCents > 0 ? ", déduction faite de son avoir" : ""})`,
        quantity: -1,
        unitPriceCents: splitCents(standingHtCents(deposit), n)[index] ?? 0,
        vatRate,
        totalHtCents: 0,
        position: 0,
      });
    return { kind: "BALANCE" as const, contract, clientId: mission.clientId, missionId: mission.id, lines };
  }

  /** Issuing is refused (422) while the company identity lacks a mandatory mention. */
  async function assertMentions(action: string) {
    const missing = await missingMentions();
    if (missing.length)
      throw unprocessable(
        `${action} impossible : mentions obligatoires manquantes dans l'identité de la société (${missing.join(", ")}). Complétez-les dans Paramètres › Société.`,
        { missing },
      );
  }

  /** The seller as the configuration says now (`c` is read before the transaction: PGlite has one connection). */
  async function sellerAndTerms(tx: Executor, c: Awaited<ReturnType<typeof configuration.get>>) {
    const s = await repo.settings(tx);
    const seller: InvoicePartySnapshot = {
      name: c.companyName,
      legalForm: c.legalForm,
      address: c.address,
      postalCode: c.postalCode,
      city: c.city,
      siren: c.siret ? c.siret.slice(0, 9) : null,
      siret: c.siret,
      vatNumber: c.vatNumber,
      email: c.email,
    };
    const terms = {
      paymentTermsDays: s.paymentTermsDays,
      latePenaltyRate: s.latePenaltyRate,
      iban: s.iban,
      bic: s.bic,
    };
    return { seller, terms };
  }

  async function documentData(tx: Executor, i: Invoice): Promise<InvoiceDocumentData> {
    if (!i.number || !i.issueDate || !i.dueDate || !i.seller || !i.terms || !i.issuedAt)
      throw conflict("Un brouillon n'a pas encore de facture à télécharger : émettez-la d'abord.");
    const [labels, lines, credited, billing] = await Promise.all([
      repo.labelsOf(tx, i),
      repo.linesOf(tx, i.id),
      i.creditedInvoiceId ? repo.findInvoice(tx, i.creditedInvoiceId) : Promise.resolve(null),
      repo.contractForBilling(tx, i.contractId),
    ]);
    const mission = billing?.missions.find((m) => m.id === i.missionId);
    const amounts = lines.map((l) => ({ ...l, quantity: Number(l.quantity), vatRate: Number(l.vatRate) }));
    return {
      kind: i.kind as InvoiceKind,
      number: i.number,
      issueDate: i.issueDate,
      dueDate: i.dueDate,
      seller: i.seller,
      buyer: i.buyer,
      buyerReference: { buyerSiret: i.buyerSiret, serviceCode: i.serviceCode, engagementNumber: i.engagementNumber },
      contractNumber: labels.contractNumber,
      establishment: mission?.raisonSocial ?? (i.missionId ? null : labels.clientName),
      deliveryDate: mission?.lastDay ?? null,
      lines: amounts.map((l) => ({ ...l, kind: l.kind as InvoiceLineKind })),
      totals: computeInvoiceTotals(amounts),
      terms: i.terms,
      creditedInvoice:
        credited?.number && credited.issueDate ? { number: credited.number, issueDate: credited.issueDate } : null,
      creditReason: i.creditReason,
      notes: i.notes,
      issuedAt: i.issuedAt,
    };
  }

  async function identity(): Promise<CompanyIdentity> {
    return { configuration: await configuration.get(), logo: await configuration.logo() };
  }

  /** Files the issued PDF with the mission's documents (MISSION_FACTURE_CLIENT); the PDF route renders it anyway. */
  async function fileIssuedPdf(actor: AuditActor, id: string) {
    try {
      const i = await repo.findInvoice(db, id);
      if (!i) return;
      const { data } = await renderInvoicePdf(await identity(), await documentData(db, i));
      const label = i.kind === "CREDIT_NOTE" ? "Avoir" : "Facture";
      const meta = {
        family: "CLIENT" as const,
        clientId: i.clientId,
        missionId: i.missionId,
        name: `${label} ${i.number}`,
        metaCode: "MISSION_FACTURE_CLIENT",
      };
      // The document and the invoice's link to it together: filed once, or not at all.
      await documents.withDocument(
        actor,
        { meta, file: { fileName: `${label.toLowerCase()}-${i.number}.pdf`, data } },
        (filed) =>
          db.transaction(async (tx) => {
            if (!(await repo.setDocument(tx, i.id, (await filed.file(tx)).id)))
              throw conflict("Le PDF de cette facture est déjà classé.");
          }),
      );
    } catch (error) {
      log?.warn({ err: error, invoiceId: id }, "PDF de la facture non classé");
    }
  }

  /** The filed PDF as a mail attachment; filed now if filing failed at the issue (null if it fails again). */
  async function attachablePdf(actor: AuditActor, invoice: Invoice) {
    let documentId = invoice.documentId;
    if (!documentId) {
      await fileIssuedPdf(actor, invoice.id);
      documentId = (await repo.findInvoice(db, invoice.id))?.documentId ?? null;
    }
    const label = invoice.kind === "CREDIT_NOTE" ? "avoir" : "facture";
    return documentId ? { documentId, fileName: `${label}-${invoice.number}.pdf` } : null;
  }

  /** What every versioned write of an invoice shares (the row, its version, who, the journal's entity). */
  const invoiceWrite = (actor: Actor, id: string, version: number, requestId: string | undefined) => ({
    db,
    clock,
    table: invoices,
    id,
    version,
    actor,
    requestId,
    entityType: "invoice",
  });

  const audit = (
    tx: Executor,
    actor: AuditActor,
    id: string,
    summary: string,
    action: string,
    requestId?: string,
    changes?: Record<string, unknown>,
  ) => writeAudit(tx, actor, { action, entityType: "invoice", entityId: id, summary, changes }, requestId);

  return {
    detail,

    async list(actor: Actor, query: InvoiceListQuery): Promise<JsonText<InvoicePage>> {
      authorize(actor, "read", invoiceResource, anInvoice("INVOICE_SEND"));
      // The rows come as JSON text built by the database (the repository's invoiceRowJson, toRow's twin).
      const { items, total, totals } = await repo.listInvoices(db, query, clock.today());
      const byStatus = INVOICE_STATUSES.filter((s) => s !== "INVOICE_TO_DO").map((status) => {
        const t = totals.find((x) => x.status === status);
        return { status, count: t?.count ?? 0, totalTtc: euros(t?.ttcCents ?? 0) };
      });
      return new JsonText<InvoicePage>(
        `{"items":${items},"total":${total},"page":${query.page},"pageSize":${query.pageSize},"totals":${JSON.stringify(byStatus)}}`,
      );
    },

    /** Every row of the list (the XLSX export), batch after batch, in the list's order. */
    async *exportBatches(actor: Actor, query: Omit<InvoiceListQuery, "page" | "pageSize">) {
      authorize(actor, "read", invoiceResource, anInvoice("INVOICE_SEND"));
      for await (const batch of repo.invoiceListBatches(db, query, clock.today()))
        yield batch.map((r) =>
          toRow({ ...r.invoice, buyerName: r.invoice.buyer.name }, r, r.creditedInvoiceNumber, r.overdue),
        );
    },

    /** The export's rows of these invoices (a bulk selection), in the list's default order. */
    async exportRowsOf(actor: Actor, ids: string[]) {
      authorize(actor, "read", invoiceResource, anInvoice("INVOICE_SEND"));
      return (await repo.invoiceRowsOf(db, ids, clock.today())).map((r) =>
        toRow({ ...r.invoice, buyerName: r.invoice.buyer.name }, r, r.creditedInvoiceNumber, r.overdue),
      );
    },

    /** A draft from a contract (the deposit) or a mission (the balance after the visit). */
    async create(actor: Actor, body: CreateInvoiceBody, requestId?: string) {
      authorize(actor, "create", invoiceResource, anInvoice("INVOICE_PREPARE"));
      const id = await db.transaction(async (tx) => {
        const draft = await draftFor(tx, body);
        const buyer = await repo.buyerOf(tx, draft.clientId);
        if (!buyer) throw notFound("Client introuvable.");
        const chorus = await repo.chorusReferenceOf(tx, draft.clientId);
        const { lines, values } = withTotals(draft.lines);
        const row = await repo.insertInvoice(
          tx,
          {
            kind: draft.kind,
            status: "INVOICE_PREPARE",
            contractId: draft.contract.id,
            missionId: draft.missionId,
            clientId: draft.clientId,
            buyer: buyerSnapshot(buyer),
            buyerSiret: chorus?.buyerSiret ?? null,
            serviceCode: chorus?.serviceCode ?? null,
            engagementNumber: chorus?.engagementNumber ?? null,
            notes:
              draft.kind === "BALANCE" && draft.contract.travelExpenseMode === 1
                ? "Frais de déplacement refacturés au réel sur justificatifs."
                : null,
            ...values,
            createdBy: actor.userId,
            createdAt: clock.now(),
            updatedAt: clock.now(),
          },
          lines,
        );
        await linkRebilledExpenses(tx, row.id, lines);
        const what = draft.kind === "DEPOSIT" ? "d'acompte" : "de solde";
        await audit(
          tx,
          actor,
          row.id,
          `Facture ${what} préparée (contrat ${draft.contract.number})`,
          "create",
          requestId,
        );
        return row.id;
      });
      return detail(actor, id);
    },

    /** The contract's deposit before it is prepared: its amount, the deposit invoice if any, or why not. */
    async depositPreview(actor: Actor, contractId: string): Promise<DepositPreview> {
      authorize(actor, "read", invoiceResource, anInvoice("INVOICE_PREPARE"));
      const billing = await repo.contractForBilling(db, contractId);
      if (!billing) throw notFound("Contrat introuvable.");
      const deposit = depositTerms(billing, await repo.invoicesOfContract(db, contractId));
      const { values } = withTotals([deposit.line]);
      const i = deposit.invoice;
      return {
        contractId,
        contractNumber: billing.contract.number,
        percent: deposit.percent,
        contractAmountHt: Number(billing.contract.amountHT),
        vatRate: deposit.vatRate,
        amountHt: euros(values.totalHtCents),
        amountVat: euros(values.totalVatCents),
        amountTtc: euros(values.totalTtcCents),
        invoice: i
          ? { id: i.id, number: i.number, status: i.status as InvoiceStatus, totalTtc: euros(i.totalTtcCents) }
          : null,
        refusal: deposit.refusal,
        canPrepare: !deposit.refusal && can(actor, "create", invoiceResource, anInvoice("INVOICE_PREPARE")),
      };
    },

    async update(actor: Actor, id: string, input: UpdateInvoiceBody, requestId?: string) {
      const body = updateInvoiceBodySchema.parse(input);
      await versionedUpdate({
        ...invoiceWrite(actor, id, body.version, requestId),
        authorize: { resource: invoiceResource, action: "update", record: (_tx, i) => record(i) },
        apply: async (tx, current) => {
          // A removed rebilled-expense line frees its expense (billable again); see invoice-commands.ts.
          const edited = await reconcileRebilledExpenses(
            tx,
            id,
            body.lines.map((l, position) => ({
              kind: l.kind,
              label: l.label,
              quantity: l.quantity,
              unitPriceCents: toCents(l.unitPrice),
              vatRate: l.vatRate,
              totalHtCents: 0,
              position,
              expenseId: l.expenseId ?? null,
            })),
          );
          const { lines, values } = withTotals(edited);
          await repo.replaceLines(tx, id, lines);
          const buyer = await repo.buyerOf(tx, current.clientId);
          return {
            values: {
              ...values,
              ...body.buyerReference,
              notes: body.notes,
              ...(buyer ? { buyer: buyerSnapshot(buyer) } : {}),
            },
            summary: `Brouillon de facture modifié (${formatCurrency(euros(values.totalTtcCents))} TTC)`,
          };
        },
      });
      return detail(actor, id);
    },

    /** Adds to a balance draft the rebillable expenses approved since it was drafted (409 once issued). */
    async rebillExpenses(actor: Actor, id: string, version: number, requestId?: string) {
      await versionedUpdate({
        ...invoiceWrite(actor, id, version, requestId),
        authorize: { resource: invoiceResource, action: "update", record: (_tx, i) => record(i) },
        apply: async (tx, current) => {
          if (current.kind !== "BALANCE" || !current.missionId)
            throw conflict("Seule la facture de solde d'une mission refacture les frais des évaluateurs.");
          const billing = await repo.contractForBilling(tx, current.contractId);
          const added = await rebilledExpenseLines(tx, current.missionId, Number(billing?.contract.vatRate ?? 0.2));
          if (added.length === 0)
            throw conflict(
              "Aucun frais approuvé à refacturer : tous sont déjà sur une facture, ou le contrat ne prévoit pas de frais en sus.",
            );
          const existing = (await repo.linesOf(tx, id)).map(({ id: _id, invoiceId: _inv, ...l }) => l);
          const { lines, values } = withTotals([...existing, ...added]);
          await repo.replaceLines(tx, id, lines);
          await linkRebilledExpenses(tx, id, added);
          return {
            values,
            summary: `${added.length} frais refacturé(s) ajouté(s) au brouillon (${formatCurrency(euros(values.totalTtcCents))} TTC)`,
          };
        },
      });
      return detail(actor, id);
    },

    /** Issues a draft: the next number of the series, the frozen parties and terms, in one transaction. */
    async issue(actor: Actor, id: string, version: number, requestId?: string) {
      await load(actor, id, "issue");
      await assertMentions("Émission");
      const company = await configuration.get();
      await versionedUpdate({
        ...invoiceWrite(actor, id, version, requestId),
        authorize: { resource: invoiceResource, action: "issue", record: (_tx, i) => record(i) },
        apply: async (tx, current) => {
          const buyerRow = await repo.buyerOf(tx, current.clientId);
          const buyer = buyerRow ? buyerSnapshot(buyerRow) : current.buyer;
          const missing = [
            !buyer.name && "raison sociale du client",
            !buyer.address && "adresse du client",
            (!buyer.postalCode || !buyer.city) && "code postal et ville du client",
          ].filter((m): m is string => !!m);
          if (missing.length)
            throw unprocessable(`Émission impossible : ${missing.join(", ")} manquant(s).`, { missing });
          if (current.totalTtcCents <= 0)
            throw unprocessable("Émission impossible : le total de la facture doit être positif.");
          const { seller, terms } = await sellerAndTerms(tx, company);
          const now = clock.now();
          const today = clock.today();
          const number = await nextNumber(tx, INVOICE_SERIES, now);
          return {
            values: {
              number,
              // Issued, not sent: INVOICE_SEND once the mail of "Envoyer" has left (markInvoiceSent).
              status: "INVOICE_ISSUED",
              issueDate: today,
              dueDate: addDays(today, terms.paymentTermsDays),
              issuedAt: now,
              seller,
              buyer,
              terms,
            },
            summary: `Facture ${number} émise (${formatCurrency(euros(current.totalTtcCents))} TTC)`,
            action: "issue",
          };
        },
      });
      await fileIssuedPdf(actor, id);
      return detail(actor, id);
    },

    /**
     * "Envoyer": mails the issued invoice, its Factur-X PDF attached, to the client's billing address through
     * the outbox. The invoice is sent (INVOICE_SEND, the unpaid delay counting from then) only when the mail has
     * left: the worker's markInvoiceSent. A failed mail is withdrawn and replaced by a new one (the address may
     * have been corrected since); a mail still waiting answers 409. No billing address: 422, nothing written.
     */
    async send(actor: Actor, id: string, version: number, requestId?: string) {
      const invoice = await repo.findInvoice(db, id);
      if (!invoice) throw notFound(invoiceResource.notFound);
      authorize(actor, "send", invoiceResource, record(invoice, (await sendingOf(db, invoice))?.status));
      if (invoice.version !== version) throw staleVersion();
      billingAddress(await repo.buyerOf(db, invoice.clientId));
      const pdf = await attachablePdf(actor, invoice);
      if (!pdf) throw conflict("Le PDF de la facture n'a pas pu être produit : réessayez dans un instant.");
      await versionedUpdate({
        ...invoiceWrite(actor, id, version, requestId),
        authorize: {
          resource: invoiceResource,
          action: "send",
          record: async (tx, i) => record(i, (await sendingOf(tx, i))?.status),
        },
        apply: async (tx, current) => {
          const buyer = await repo.buyerOf(tx, current.clientId);
          const to = billingAddress(buyer);
          if (current.sendMailId && !(await withdrawFailedMail(tx, current.sendMailId, clock.now())))
            if ((await mailSendingState(tx, current.sendMailId))?.status !== "SENT")
              throw conflict("L'envoi de cette facture est déjà en cours : attendez son résultat.");
          const mail = await enqueueMail(
            tx,
            actor,
            {
              templateCode: INVOICE_SEND_TEMPLATE,
              to: [to],
              variables: invoiceMailVariables(current, buyer?.client.raisonSocial ?? current.buyer.name, "total"),
              attachments: [pdf],
              clientId: current.clientId,
              missionId: current.missionId,
              relatedType: "invoice",
              relatedId: current.id,
            },
            requestId,
          );
          return {
            values: { sendMailId: mail.id },
            summary: `Facture ${current.number} mise en envoi à ${to}`,
            action: "send",
          };
        },
      });
      onMailQueued?.();
      return detail(actor, id);
    },

    /** "Relancer" by hand: the reminder mail of an unpaid, overdue invoice (invoice-reminder.ts). */
    async remind(actor: Actor, id: string, version: number, requestId?: string) {
      await remindInvoice(
        { db, clock, record: (i) => record(i), attachablePdf, write: invoiceWrite },
        actor,
        id,
        version,
        requestId,
      );
      onMailQueued?.();
    },

    /** Records a payment (euros): partially paid, then paid; more than what is due is refused (422). */
    async pay(actor: Actor, id: string, body: PaymentBody, requestId?: string) {
      await db.transaction((tx) => recordPayment(tx, actor, id, body, { clock, requestId }));
      return detail(actor, id);
    },

    /**
     * What the client paid beyond what remains after the credit notes, paid back: a negative payment,
     * never more than the refund owed.
     */
    async refund(actor: Actor, id: string, body: PaymentBody, requestId?: string) {
      const amountCents = toCents(body.amount);
      await db.transaction(async (tx) => {
        const i = await repo.lockInvoice(tx, id);
        if (!i) throw notFound(invoiceResource.notFound);
        authorize(actor, "refund", invoiceResource, record(i));
        if (body.date > clock.today()) throw unprocessable("La date du remboursement ne peut pas être dans le futur.");
        const owed = i.paidCents + i.creditedCents - i.totalTtcCents;
        if (amountCents > owed)
          throw unprocessable(
            `Le remboursement (${formatCurrency(euros(amountCents))}) dépasse ce qui est dû au client (${formatCurrency(euros(owed))}).`,
          );
        await repo.insertPayment(tx, {
          invoiceId: id,
          date: body.date,
          amountCents: -amountCents,
          method: body.method,
          reference: body.reference ?? null,
          createdBy: actor.userId,
          createdAt: clock.now(),
        });
        await repo.updateInvoice(tx, id, { paidCents: i.paidCents - amountCents, updatedAt: clock.now() });
        await audit(
          tx,
          actor,
          id,
          `Remboursement de ${formatCurrency(euros(amountCents))} au client sur la facture ${i.number}`,
          "payment",
          requestId,
          { amount: -euros(amountCents), method: body.method, date: body.date },
        );
      });
      return detail(actor, id);
    },

    /**
     * A credit note on an issued invoice: the whole invoice (no credit note yet), or chosen lines and
     * quantities, never more than what remains uncredited. On a paid invoice, what the client paid
     * beyond the remaining amount becomes a refund owed (recorded with `refund`).
     */
    async creditNote(
      actor: Actor,
      id: string,
      input: { version: number; reason: string; lines?: Array<{ position: number; quantity: number }> },
      requestId?: string,
    ) {
      await load(actor, id, "credit");
      await assertMentions("Émission de l'avoir");
      const company = await configuration.get();
      let creditId = "";
      await versionedUpdate({
        ...invoiceWrite(actor, id, input.version, requestId),
        authorize: { resource: invoiceResource, action: "credit", record: (_tx, i) => record(i) },
        apply: async (tx, original) => {
          const { seller, terms } = await sellerAndTerms(tx, company);
          const now = clock.now();
          const today = clock.today();
          const number = await nextNumber(tx, INVOICE_SERIES, now);
          const originalLines = await repo.linesOf(tx, original.id);
          const remaining = original.totalTtcCents - original.creditedCents;
          const whole = !input.lines;
          if (whole && original.creditedCents > 0)
            throw conflict("Cette facture a déjà un avoir : choisissez les lignes et les quantités à créditer.");
          const chosen: Line[] = whole
            ? originalLines.map(({ id: _id, invoiceId: _inv, ...l }) => ({ ...l, expenseId: null }))
            : (input.lines ?? []).map((c) => {
                const line = originalLines.find((l) => l.position === c.position);
                if (!line) throw badRequest(`La ligne ${c.position} n'existe pas sur la facture ${original.number}.`);
                if (Number(line.quantity) <= 0 || line.unitPriceCents <= 0)
                  throw badRequest(`La ligne ${c.position} est une déduction : elle ne se crédite pas.`);
                if (c.quantity > Number(line.quantity))
                  throw badRequest(
                    `Ligne ${c.position} : on ne crédite pas plus que la quantité facturée (${String(line.quantity).replace(".", ",")}).`,
                  );
                const { id: _id, invoiceId: _inv, ...l } = line;
                return { ...l, quantity: c.quantity, expenseId: null };
              });
          const { lines, values } = withTotals(chosen);
          // Quantities too small for a cent (0,01 of a 0,50 € line) would issue a numbered credit note of 0 €.
          if (values.totalTtcCents < 1) throw badRequest("L'avoir doit être d'au moins 0,01 €.");
          if (values.totalTtcCents > remaining)
            throw conflict(
              `L'avoir (${formatCurrency(euros(values.totalTtcCents))}) dépasse ce qui reste à créditer sur la facture (${formatCurrency(euros(remaining))}).`,
            );
          const credit = await repo.insertInvoice(
            tx,
            {
              kind: "CREDIT_NOTE",
              status: "INVOICE_PAID",
              number,
              contractId: original.contractId,
              missionId: original.missionId,
              clientId: original.clientId,
              creditedInvoiceId: original.id,
              creditReason: input.reason,
              issueDate: today,
              dueDate: today,
              issuedAt: now,
              seller,
              buyer: original.buyer,
              terms: { ...terms, paymentTermsDays: 0 },
              buyerSiret: original.buyerSiret,
              serviceCode: original.serviceCode,
              engagementNumber: original.engagementNumber,
              ...values,
              createdBy: actor.userId,
              createdAt: now,
              updatedAt: now,
            },
            lines,
          );
          creditId = credit.id;
          // A cancelled invoice's rebilled expenses are billable again (next balance draft).
          if (whole) await releaseCreditedExpenses(tx, original.id);
          const creditedCents = original.creditedCents + values.totalTtcCents;
          const settled = original.paidCents + creditedCents >= original.totalTtcCents;
          await audit(
            tx,
            actor,
            credit.id,
            `Avoir ${number} émis sur la facture ${original.number}${whole ? "" : ` (${formatCurrency(euros(values.totalTtcCents))})`}`,
            "issue",
            requestId,
          );
          return {
            values: { creditedCents, ...(settled && { status: "INVOICE_PAID" }) },
            summary: whole
              ? `Facture ${original.number} annulée par l'avoir ${number}`
              : `Avoir partiel ${number} de ${formatCurrency(euros(values.totalTtcCents))} sur la facture ${original.number}`,
            action: "credit",
          };
        },
      });
      await fileIssuedPdf(actor, creditId);
      return detail(actor, creditId);
    },

    /** The client portal: the establishment's issued invoices and credit notes, newest first. */
    async portalInvoices(actor: Actor): Promise<PortalInvoices> {
      if (actor.profileType !== "MYQUALIANOR" || !actor.clientId) return { items: [] };
      const rows = await repo.issuedOfClient(db, actor.clientId);
      return {
        items: rows.map((i) => ({
          id: i.id,
          number: i.number ?? "",
          kind: i.kind as PortalInvoices["items"][number]["kind"],
          status: i.status as PortalInvoices["items"][number]["status"],
          issueDate: i.issueDate ?? "",
          dueDate: i.dueDate,
          totalTtc: euros(i.totalTtcCents),
          due: i.kind === "CREDIT_NOTE" ? 0 : euros(Math.max(0, i.totalTtcCents - i.paidCents - i.creditedCents)),
          pdfUrl: `/api/client-portal/invoices/${i.id}/pdf`,
        })),
      };
    },

    /** The Factur-X file (PDF/A-3 with factur-x.xml), rendered from the frozen data: same bytes each time. */
    async pdf(actor: Actor, id: string) {
      const i = await load(actor, id, "read");
      const { data } = await renderInvoicePdf(await identity(), await documentData(db, i));
      const label = i.kind === "CREDIT_NOTE" ? "avoir" : "facture";
      return { fileName: `${label}-${i.number}.pdf`, data };
    },

    /** The XML alone (tests, checks). */
    async facturX(actor: Actor, id: string) {
      const i = await load(actor, id, "read");
      return (await renderInvoicePdf(await identity(), await documentData(db, i))).xml;
    },

    settings: async () => {
      const s = await repo.settings(db);
      return { ...s, depositPercent: Number(s.depositPercent) };
    },

    async updateSettings(actor: Actor, input: InvoiceSettingsBody, requestId?: string) {
      const { version, ...values } = input;
      await repo.settings(db);
      const saved = await versionedUpdate({
        db,
        clock,
        table: invoiceSettings,
        id: "1",
        key: invoiceSettings.id,
        version,
        actor,
        requestId,
        entityType: "invoice_settings",
        notFound: "Paramètres de facturation introuvables.",
        apply: () => ({ values, summary: "Paramètres de facturation modifiés", changes: true }),
      });
      return { ...saved, depositPercent: Number(saved.depositPercent) };
    },

    /**
     * Reminders for unpaid invoices at each configured number of days after the due date. Each
     * (invoice, step) is claimed by a unique insert in the mail's transaction: with two servers,
     * one sends it, the other finds it taken. The latest step first: an invoice past several steps
     * whose reminders were never sent (the first run, a server stopped for days, steps newly set)
     * gets one mail, and the earlier steps are claimed with it; sent one per step, the same reminder
     * reached the client two or three times in the same second. Answers how many mails were queued.
     */
    async sendReminders() {
      const s = await repo.settings(db);
      const steps = [...s.reminderDays].sort((a, b) => b - a);
      let queued = 0;
      for (const afterDays of steps) {
        const due = await repo.dueForReminder(db, afterDays, clock.today());
        for (const { invoice, clientName } of due) {
          // The reminder carries the invoice, as filed at its issue (filed now if that failed then).
          const pdf = await attachablePdf(SYSTEM_ACTOR, invoice);
          await db.transaction(async (tx) => {
            if (!(await repo.claimReminder(tx, invoice.id, afterDays, clock.now()))) return;
            for (const earlier of steps.filter((days) => days < afterDays))
              await repo.claimReminder(tx, invoice.id, earlier, clock.now());
            const to = invoice.buyer.email ? [invoice.buyer.email] : [];
            if (to.length === 0) return;
            const mail = await enqueueMail(tx, SYSTEM_ACTOR, {
              templateCode: "INVOICE_REMINDER",
              to,
              variables: invoiceMailVariables(invoice, clientName, "due"),
              attachments: pdf ? [pdf] : [],
              clientId: invoice.clientId,
              missionId: invoice.missionId,
              relatedType: "invoice",
              relatedId: invoice.id,
            });
            await repo.setReminderMail(tx, invoice.id, afterDays, mail.id);
            queued++;
          });
        }
      }
      return queued;
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;

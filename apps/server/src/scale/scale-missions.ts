import { computeInvoiceTotals, type InvoiceLineAmounts } from "@certidesk/shared";
import type {
  InvoicePartySnapshot,
  InvoiceTermsSnapshot,
  invoiceLines,
  invoicePayments,
  invoices,
  missionDays,
  missionOrders,
  missions,
  missionTeamMembers,
} from "../db/schema/index.js";
import type { Random } from "../demo/demo-random.js";
import type { IsoDate } from "../lib/clock.js";
import type { ClientInsert, EntityInsert } from "./scale-parties.js";
import type { SignedLink } from "./scale-pipeline.js";
import { at, plusDays, seededUuid, weekday } from "./scale-tools.js";

type InvoiceRow = typeof invoices.$inferInsert & { id: string; dateKey: IsoDate; issued: boolean };

export interface MissionContext {
  clients: Map<string, ClientInsert>;
  entities: Map<string, EntityInsert>;
  auditorIds: string[];
  seller: InvoicePartySnapshot;
  terms: InvoiceTermsSnapshot;
}

/**
 * One mission per establishment of a signed contract (as signing creates them), staffed with a
 * coordinator and often an evaluator whose mission orders were accepted, on the contract's days; a
 * deposit invoice at signature and a balance invoice at the final report, both paid.
 * The latest mission of one establishment in five is still running (report not sent): the client list's
 * "audit date past" filter has rows, and its balance invoice is still being prepared.
 */
export function planMissions(rand: Random, signed: SignedLink[], limit: number, ctx: MissionContext) {
  const latest = new Map<string, SignedLink>();
  for (const s of [...signed].sort((a, b) => a.signatureDate.localeCompare(b.signatureDate))) latest.set(s.clientId, s);
  const missionRows: (typeof missions.$inferInsert)[] = [];
  const team: (typeof missionTeamMembers.$inferInsert)[] = [];
  const orders: (typeof missionOrders.$inferInsert)[] = [];
  const dayRows: (typeof missionDays.$inferInsert)[] = [];
  const invoiceRows: InvoiceRow[] = [];
  const lineRows: (typeof invoiceLines.$inferInsert)[] = [];
  const payments: (typeof invoicePayments.$inferInsert)[] = [];

  for (const link of signed.slice(0, limit)) {
    const client = ctx.clients.get(link.clientId) as ClientInsert;
    const firstDay = link.days[0] as IsoDate;
    const lastDay = link.days.at(-1) as IsoDate;
    const running = latest.get(link.clientId) === link && rand.chance(0.2);
    const uploaded = plusDays(lastDay, 18);
    const sent = plusDays(lastDay, 24);
    const finalAt = plusDays(lastDay, 50);
    const missionId = seededUuid(rand);
    missionRows.push({
      id: missionId,
      contractId: link.contractId,
      clientId: link.clientId,
      kind: link.service === "ESSMS_EVALUATION" ? "ESSMS_EVALUATION" : rand.pick(["CERT_INITIAL", "CERT_RENEWAL"]),
      status: running ? "OPEN" : "FINALISED",
      firstDay,
      lastDay,
      preliminaryUploadedAt: uploaded,
      preliminaryReviewedAt: plusDays(uploaded, 2),
      preliminaryReviewedBy: "Qualité",
      preliminarySentAt: running ? null : sent,
      observationsReceivedAt: running ? null : plusDays(sent, 12),
      finalReportAt: running ? null : finalAt,
      hasTransmittedAt: running ? null : plusDays(finalAt, 4),
      createdAt: at(link.signatureDate, 17),
      updatedAt: at(running ? uploaded : finalAt, 17),
    });
    if (latest.get(link.clientId) === link) client.evaluationFinishedAt = running ? null : finalAt;
    const coordinator = rand.pick(ctx.auditorIds);
    const evaluator = rand.chance(0.6) ? rand.pick(ctx.auditorIds) : coordinator;
    const staff: [string, string][] = [[coordinator, "COORDINATOR"]];
    if (evaluator !== coordinator) staff.push([evaluator, "EVALUATOR"]);
    for (const [auditorId, role] of staff) {
      team.push({ missionId, auditorId, role });
      const orderDay = plusDays(firstDay, -30);
      orders.push({
        id: seededUuid(rand),
        missionId,
        auditorId,
        role,
        status: "ACCEPT",
        sentAt: at(orderDay),
        answeredAt: at(plusDays(orderDay, 2), 15),
        answeredVia: "LINK",
        createdAt: at(orderDay, 9),
      });
    }
    for (const [position, day] of link.days.entries())
      dayRows.push({ id: seededUuid(rand), missionId, day, timeSlotId: 1, dayFraction: 1, position });

    const entity = ctx.entities.get(client.legalEntityId);
    const buyer: InvoicePartySnapshot = {
      name: entity?.raisonSocial ?? client.raisonSocial,
      legalForm: null,
      address: entity?.address ?? client.address ?? null,
      postalCode: entity?.postalCode ?? client.postalCode ?? null,
      city: entity?.city ?? client.city ?? null,
      siren: entity?.siren ?? null,
      siret: entity?.siret ?? client.siret ?? null,
      vatNumber: entity?.vatNumber ?? null,
      email: entity?.email ?? client.email ?? null,
    };
    const depositCents = Math.round(link.priceCents * 0.3);
    const invoice = (kind: string, issueDay: IsoDate | null, lines: InvoiceLineAmounts[], labels: string[]) => {
      const totals = computeInvoiceTotals(lines);
      const id = seededUuid(rand);
      // Paid in full: the history ends last year, and an unpaid invoice that old would have the reminder
      // job queue a mail for each at the server's start (the demo has the unpaid and partly paid ones).
      const paid = issueDay ? totals.totalTtcCents : 0;
      invoiceRows.push({
        id,
        dateKey: issueDay ?? "",
        issued: issueDay !== null,
        kind,
        status: !issueDay
          ? "INVOICE_PREPARE"
          : paid >= totals.totalTtcCents
            ? "INVOICE_PAID"
            : paid > 0
              ? "INVOICE_PARTIALLY_PAID"
              : "INVOICE_SEND",
        contractId: link.contractId,
        missionId,
        clientId: link.clientId,
        issueDate: issueDay,
        dueDate: issueDay ? plusDays(issueDay, ctx.terms.paymentTermsDays) : null,
        issuedAt: issueDay ? at(issueDay, 11) : null,
        // Mailed to the client the day it was issued.
        sentAt: issueDay ? at(issueDay, 11) : null,
        seller: issueDay ? ctx.seller : null,
        buyer,
        terms: issueDay ? ctx.terms : null,
        totalHtCents: totals.totalHtCents,
        totalVatCents: totals.totalVatCents,
        totalTtcCents: totals.totalTtcCents,
        paidCents: paid,
        createdAt: at(issueDay ?? uploaded, 9),
        updatedAt: at(issueDay ?? uploaded, 11),
      });
      for (const [i, l] of lines.entries())
        lineRows.push({
          invoiceId: id,
          position: i + 1,
          kind: i === 0 ? "SERVICE" : "DEPOSIT_DEDUCTION",
          label: labels[i] ?? "",
          quantity: l.quantity,
          unitPriceCents: l.unitPriceCents,
          vatRate: l.vatRate,
          totalHtCents: totals.lines[i] ?? 0,
        });
      if (paid > 0 && issueDay)
        payments.push({
          id: seededUuid(rand),
          invoiceId: id,
          date: plusDays(issueDay, rand.int(5, 40)),
          amountCents: paid,
          method: rand.pick(["TRANSFER", "TRANSFER", "CHEQUE"]),
          reference: `VIR-${rand.digits(8)}`,
        });
    };
    const number = link.contractNumber();
    invoice(
      "DEPOSIT",
      weekday(link.signatureDate),
      [{ quantity: 1, unitPriceCents: depositCents, vatRate: link.vatRate }],
      [`Acompte de 30 % sur le contrat ${number}`],
    );
    invoice(
      "BALANCE",
      running ? null : weekday(finalAt),
      [
        { quantity: 1, unitPriceCents: link.priceCents, vatRate: link.vatRate },
        { quantity: -1, unitPriceCents: depositCents, vatRate: link.vatRate },
      ],
      [`Évaluation externe de ${client.raisonSocial} — contrat ${number}`, `Acompte déjà facturé (contrat ${number})`],
    );
  }
  return { missionRows, team, orders, dayRows, invoiceRows, lineRows, payments };
}

import { computeInvoiceTotals, formatDate, toCents } from "@certidesk/shared";
import { asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import {
  clients,
  configuration,
  contracts,
  expenses,
  invoiceLines,
  invoicePayments,
  invoiceSettings,
  invoices,
  legalEntities,
  missions,
  numberingSeries,
} from "../db/schema/index.js";
import type { InvoicePartySnapshot } from "../db/schema/invoices.js";
import { parisDate } from "../lib/clock.js";
import { buyerSnapshot, INVOICE_SERIES, rebilledExpenseLines, splitCents } from "../modules/invoices/index.js";

type Line = Omit<typeof invoiceLines.$inferInsert, "invoiceId">;
interface Draft {
  kind: "DEPOSIT" | "BALANCE" | "CREDIT_NOTE";
  contractId: string;
  missionId: string | null;
  clientId: string;
  buyer: InvoicePartySnapshot;
  lines: Line[];
  /** Issue day; null for a draft. */
  issueDay: string | null;
  /** A draft's preparation day (its age shows on the Factures alerts); today when absent. */
  preparedDay?: string;
  /** Payments as [day, share of the total]. */
  payments: Array<[string, number]>;
  credits?: Draft;
  creditReason?: string;
  id: string;
}

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * The demo's client invoices over the contracts' two years: a deposit on every other signed
 * contract, the balance of each mission a week after its visit, paid, partly paid, unpaid (some
 * overdue) or still a draft, and one credit note with the invoice that replaced it. Numbers follow
 * the issue dates, one unbroken sequence per year, and the INVOICE series continues after them.
 * Seeded after the expenses: a "frais en sus" balance rebills its mission's approved expenses (one
 * line each) and each expense points at the live invoice that bills it (`rebilled_invoice_id`);
 * expenses still submitted stay to bill.
 */
export async function seedInvoiceDemo(tx: Executor, input: { now: Date; portalClientId?: string }) {
  const today = parisDate(input.now);
  await tx
    .update(invoiceSettings)
    .set({ iban: "FR76 3000 6000 0112 3456 7890 189", bic: "AGRIFRPP" })
    .where(eq(invoiceSettings.id, 1));
  const [settings] = await tx.select().from(invoiceSettings).where(eq(invoiceSettings.id, 1));
  const [company] = await tx.select().from(configuration).limit(1);
  if (!settings || !company) return { invoices: 0 };
  const seller: InvoicePartySnapshot = {
    name: company.companyName,
    legalForm: company.legalForm,
    address: company.address,
    postalCode: company.postalCode,
    city: company.city,
    siren: company.siret?.slice(0, 9) ?? null,
    siret: company.siret,
    vatNumber: company.vatNumber,
    email: company.email,
  };
  const terms = {
    paymentTermsDays: settings.paymentTermsDays,
    latePenaltyRate: settings.latePenaltyRate,
    iban: settings.iban,
    bic: settings.bic,
  };
  const signed = await tx.select().from(contracts).where(eq(contracts.status, "SIGNED")).orderBy(asc(contracts.number));
  // The portal's establishment (client@demo.fr) always has an issued invoice to download, whatever the day
  // the demo is loaded: its contract asks for a deposit, billed. Which contracts are signed, and so every
  // other one's parity, moves with the date; its mission may still be to come.
  const portalContracts = new Set(
    input.portalClientId
      ? (
          await tx
            .selectDistinct({ id: missions.contractId })
            .from(missions)
            .where(eq(missions.clientId, input.portalClientId))
        ).map((m) => m.id)
      : [],
  );
  const asksDeposit = (c: (typeof signed)[number], k: number) => k % 2 === 0 || portalContracts.has(c.id);
  // Every other signed contract asks for no deposit (its Contrat tab says 0 %): both cases in the demo.
  const withoutDeposit = signed.filter((c, k) => !asksDeposit(c, k)).map((c) => c.id);
  if (withoutDeposit.length > 0)
    await tx.update(contracts).set({ depositPercent: 0 }).where(inArray(contracts.id, withoutDeposit));
  const drafts: Draft[] = [];
  // The latest contract that asks for a deposit and whose visits are over keeps it unbilled, its
  // balances too: the Factures alerts show a deposit due, and its balance, once prepared, deducts it.
  const visits = await tx
    .select({ contractId: missions.contractId, lastDay: missions.lastDay })
    .from(missions)
    .where(
      inArray(
        missions.contractId,
        signed.map((c) => c.id),
      ),
    );
  const visitsOver = (contractId: string) => {
    const days = visits.filter((v) => v.contractId === contractId);
    return days.length > 0 && days.every((v) => v.lastDay && addDays(v.lastDay, 5) <= today);
  };
  const depositDue = signed
    .filter(
      (c, k) =>
        asksDeposit(c, k) &&
        !portalContracts.has(c.id) &&
        Number(c.depositPercent) > 0 &&
        c.signatureDate &&
        c.signatureDate <= today &&
        visitsOver(c.id),
    )
    .at(-1)?.id;
  let n = 0;
  for (const [k, c] of signed.entries()) {
    const ms = await tx
      .select({ mission: missions, client: clients, entity: legalEntities })
      .from(missions)
      .innerJoin(clients, eq(clients.id, missions.clientId))
      .leftJoin(legalEntities, eq(legalEntities.id, clients.legalEntityId))
      .where(eq(missions.contractId, c.id))
      .orderBy(asc(missions.createdAt), asc(missions.id));
    const first = ms[0];
    if (!first) continue;
    const vatRate = Number(c.vatRate);
    const flat = c.travelExpenseMode === 3 ? toCents(c.travelExpenseAmount ?? 0) : 0;
    const services = toCents(c.amountHT) - flat;
    let deposit: Draft | null = null;
    if (
      asksDeposit(c, k) &&
      c.id !== depositDue &&
      Number(c.depositPercent) > 0 &&
      c.signatureDate &&
      c.signatureDate <= today
    ) {
      const depositCents = Math.round((toCents(c.amountHT) * Number(c.depositPercent)) / 100);
      const paidDay = addDays(c.signatureDate, 18);
      deposit = {
        id: crypto.randomUUID(),
        kind: "DEPOSIT",
        contractId: c.id,
        missionId: null,
        clientId: first.client.id,
        buyer: buyerSnapshot(first),
        lines: [
          {
            position: 1,
            kind: "SERVICE",
            label: `Acompte de ${Number(c.depositPercent)} % sur le contrat ${c.number}`,
            quantity: 1,
            unitPriceCents: depositCents,
            vatRate,
            totalHtCents: depositCents,
          },
        ],
        issueDay: c.signatureDate,
        payments: paidDay <= today ? [[paidDay, 1]] : [],
      };
      drafts.push(deposit);
    }
    for (const [i, { mission: m, client, entity }] of ms.entries()) {
      if (!m.lastDay || addDays(m.lastDay, 5) > today) continue;
      n++;
      // Now and then a finished mission still waits for its balance invoice (the Factures alerts).
      if (n % 7 === 4 || c.id === depositDue) continue;
      const lines: Line[] = [
        {
          position: 1,
          kind: "SERVICE",
          label: `Évaluation externe de ${client.raisonSocial} — contrat ${c.number}`,
          quantity: 1,
          unitPriceCents: splitCents(services, ms.length)[i] ?? 0,
          vatRate,
          totalHtCents: 0,
        },
      ];
      if (flat)
        lines.push({
          position: 2,
          kind: "FLAT_FEE",
          label: "Frais de déplacement (forfait)",
          quantity: 1,
          unitPriceCents: splitCents(flat, ms.length)[i] ?? 0,
          vatRate,
          totalHtCents: 0,
        });
      // "Frais en sus": the approved expenses at the invoice's VAT rate (see invoice-commands.ts).
      lines.push(...(await rebilledExpenseLines(tx, m.id, vatRate)));
      if (deposit)
        lines.push({
          position: 3,
          kind: "DEPOSIT_DEDUCTION",
          label: `Acompte déjà facturé (contrat ${c.number})`,
          quantity: -1,
          unitPriceCents: splitCents(deposit.lines[0]?.unitPriceCents ?? 0, ms.length)[i] ?? 0,
          vatRate,
          totalHtCents: 0,
        });
      const issueDay = addDays(m.lastDay, 7);
      const draft = n % 6 === 5 || issueDay > today;
      const step = n % 5;
      const paidDay = addDays(issueDay, 24 + (n % 10));
      // Some clients never pay: enough overdue invoices to remind thirty at once (bulk actions).
      const neverPaid = step === 3 || n % 10 === 5 || n % 10 === 1;
      const payments: Array<[string, number]> =
        draft || neverPaid
          ? []
          : step === 0
            ? paidDay <= today
              ? [[paidDay, 1]]
              : []
            : step === 1
              ? paidDay <= today
                ? [[paidDay, 0.4]]
                : []
              : [];
      const balance: Draft = {
        id: crypto.randomUUID(),
        kind: "BALANCE",
        contractId: c.id,
        missionId: m.id,
        clientId: client.id,
        buyer: buyerSnapshot({ client, entity }),
        lines,
        issueDay: draft ? null : issueDay,
        preparedDay: issueDay.localeCompare(today) < 0 ? issueDay : today,
        payments,
      };
      drafts.push(balance);
      // Once: a balance invoiced with the wrong amount, cancelled by a credit note and invoiced again.
      if (!draft && step === 2 && !drafts.some((d) => d.kind === "CREDIT_NOTE") && addDays(issueDay, 20) <= today) {
        balance.payments = [];
        drafts.push({
          ...balance,
          id: crypto.randomUUID(),
          kind: "CREDIT_NOTE",
          lines: lines.map((l) => ({ ...l, expenseId: null })),
          issueDay: addDays(issueDay, 12),
          payments: [],
          credits: balance,
          creditReason: "Erreur sur le nombre de jours facturés",
        });
        drafts.push({
          ...balance,
          id: crypto.randomUUID(),
          lines: lines.map((l) =>
            l.kind === "SERVICE" ? { ...l, unitPriceCents: Math.round(l.unitPriceCents * 0.9) } : l,
          ),
          issueDay: addDays(issueDay, 12),
          payments: addDays(issueDay, 40) <= today ? [[addDays(issueDay, 40), 1]] : [],
        });
      }
    }
  }

  // Numbers in issue order, one unbroken sequence per year.
  const issued = drafts
    .filter((d) => d.issueDay)
    .sort(
      (a, b) =>
        (a.issueDay ?? "").localeCompare(b.issueDay ?? "") ||
        (a.kind === "CREDIT_NOTE" ? 0 : 1) - (b.kind === "CREDIT_NOTE" ? 0 : 1),
    );
  const counters = new Map<number, number>();
  const numbers = new Map<string, string>();
  for (const d of issued) {
    const year = Number(d.issueDay?.slice(0, 4));
    const next = (counters.get(year) ?? 0) + 1;
    counters.set(year, next);
    numbers.set(d.id, `F-${year}-${String(next).padStart(4, "0")}`);
  }
  for (const d of drafts) {
    const amounts = d.lines.map((l) => ({
      quantity: Number(l.quantity),
      unitPriceCents: l.unitPriceCents,
      vatRate: Number(l.vatRate),
    }));
    const totals = computeInvoiceTotals(amounts);
    const paidCents = Math.min(
      totals.totalTtcCents,
      d.payments.reduce((a, [, share]) => a + Math.round(totals.totalTtcCents * share), 0),
    );
    const credited = d.kind !== "CREDIT_NOTE" && drafts.some((x) => x.credits?.id === d.id);
    const creditedCents = credited ? totals.totalTtcCents : 0;
    const status = !d.issueDay
      ? "INVOICE_PREPARE"
      : d.kind === "CREDIT_NOTE" || paidCents + creditedCents >= totals.totalTtcCents
        ? "INVOICE_PAID"
        : paidCents > 0
          ? "INVOICE_PARTIALLY_PAID"
          : "INVOICE_SEND";
    const issuedAt = d.issueDay ? new Date(`${d.issueDay}T09:30:00Z`) : null;
    await tx.insert(invoices).values({
      id: d.id,
      kind: d.kind,
      status,
      number: numbers.get(d.id) ?? null,
      contractId: d.contractId,
      missionId: d.missionId,
      clientId: d.clientId,
      creditedInvoiceId: d.credits?.id ?? null,
      creditReason: d.creditReason ?? null,
      issueDate: d.issueDay,
      dueDate: d.issueDay
        ? d.kind === "CREDIT_NOTE"
          ? d.issueDay
          : addDays(d.issueDay, terms.paymentTermsDays)
        : null,
      issuedAt,
      // The demo's issued invoices were mailed to the client when they were issued (credit notes are not mailed).
      sentAt: d.kind === "CREDIT_NOTE" ? null : issuedAt,
      seller: d.issueDay ? seller : null,
      buyer: d.buyer,
      terms: d.issueDay ? (d.kind === "CREDIT_NOTE" ? { ...terms, paymentTermsDays: 0 } : terms) : null,
      totalHtCents: totals.totalHtCents,
      totalVatCents: totals.totalVatCents,
      totalTtcCents: totals.totalTtcCents,
      paidCents,
      creditedCents,
      createdAt: issuedAt ?? (d.preparedDay ? new Date(`${d.preparedDay}T09:00:00Z`) : input.now),
      updatedAt: issuedAt ?? (d.preparedDay ? new Date(`${d.preparedDay}T09:00:00Z`) : input.now),
    });
    await tx
      .insert(invoiceLines)
      .values(d.lines.map((l, i) => ({ ...l, invoiceId: d.id, position: i + 1, totalHtCents: totals.lines[i] ?? 0 })));
    let left = paidCents;
    for (const [i, [day, share]] of d.payments.entries()) {
      const amount = i === d.payments.length - 1 ? left : Math.round(totals.totalTtcCents * share);
      left -= amount;
      await tx.insert(invoicePayments).values({
        invoiceId: d.id,
        date: day,
        amountCents: amount,
        method: i % 2 ? "CHEQUE" : "TRANSFER",
        reference: `VIR ${numbers.get(d.id) ?? ""} ${formatDate(day)}`,
        createdAt: new Date(`${day}T10:00:00Z`),
      });
    }
  }
  // Each rebilled expense points at the live invoice that bills it (the credited one's replacement).
  for (const d of drafts) {
    if (d.kind !== "BALANCE" || drafts.some((x) => x.credits?.id === d.id)) continue;
    const ids = d.lines.map((l) => l.expenseId).filter((id): id is string => !!id);
    if (ids.length) await tx.update(expenses).set({ rebilledInvoiceId: d.id }).where(inArray(expenses.id, ids));
  }
  const year = Number(today.slice(0, 4));
  await tx
    .update(numberingSeries)
    .set({ year, counter: counters.get(year) ?? 0 })
    .where(eq(numberingSeries.code, INVOICE_SERIES));
  return { invoices: drafts.length };
}

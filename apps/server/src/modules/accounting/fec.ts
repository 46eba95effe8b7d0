import { computeInvoiceTotals } from "@certidesk/shared";
import type { accountingSettings } from "../../db/schema/index.js";

type Settings = typeof accountingSettings.$inferSelect;

/** An issued invoice or credit note of the period, with its lines and its client's auxiliary account. */
export interface FecInvoice {
  kind: string;
  number: string;
  issueDate: string;
  clientName: string;
  auxCode: string;
  lines: Array<{ quantity: number; unitPriceCents: number; vatRate: number }>;
}

/** A payment received (or a refund, negative) of the period. */
export interface FecPayment {
  date: string;
  amountCents: number;
  invoiceNumber: string;
  reference: string | null;
  clientName: string;
  auxCode: string;
}

/** The 18 columns of article A47 A-1 of the Livre des procédures fiscales, in their order. */
export const FEC_COLUMNS = [
  "JournalCode",
  "JournalLib",
  "EcritureNum",
  "EcritureDate",
  "CompteNum",
  "CompteLib",
  "CompAuxNum",
  "CompAuxLib",
  "PieceRef",
  "PieceDate",
  "EcritureLib",
  "Debit",
  "Credit",
  "EcritureLet",
  "DateLet",
  "ValidDate",
  "Montantdevise",
  "Idevise",
] as const;

interface EntryLine {
  account: string;
  accountLabel: string;
  aux?: { code: string; label: string };
  /** Positive: debit; negative: credit. */
  cents: number;
}
interface Entry {
  journal: "sales" | "bank";
  date: string;
  piece: string;
  label: string;
  lines: EntryLine[];
}

const day = (iso: string) => iso.replaceAll("-", "");
const amount = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
/** A field never holds the separator nor a line break (a client named "A | B" stays one field). */
const field = (v: string) => v.replace(/[\t|\r\n]+/g, " ").trim();

function salesEntry(i: FecInvoice, s: Settings): Entry {
  const totals = computeInvoiceTotals(i.lines);
  const credit = i.kind === "CREDIT_NOTE";
  // An invoice debits the client and credits sales and VAT; a credit note the other way round.
  const sign = credit ? -1 : 1;
  const lines: EntryLine[] = [
    {
      account: s.customerAccount,
      accountLabel: "Clients",
      aux: { code: i.auxCode, label: i.clientName },
      cents: sign * totals.totalTtcCents,
    },
  ];
  for (const v of totals.vat) {
    const [salesAccount, salesLabel] =
      v.vatRate === 0.2
        ? [s.salesAccount20, "Prestations de services TVA 20 %"]
        : v.vatRate === 0.085
          ? [s.salesAccount85, "Prestations de services TVA 8,5 %"]
          : [s.salesAccountExempt, "Prestations de services exonérées"];
    lines.push({ account: salesAccount, accountLabel: salesLabel, cents: -sign * v.baseCents });
    if (v.vatRate > 0)
      lines.push(
        v.vatRate === 0.2
          ? { account: s.vatAccount20, accountLabel: "TVA collectée 20 %", cents: -sign * v.vatCents }
          : { account: s.vatAccount85, accountLabel: "TVA collectée 8,5 %", cents: -sign * v.vatCents },
      );
  }
  const what = credit ? "Avoir" : i.kind === "DEPOSIT" ? "Facture d'acompte" : "Facture";
  return { journal: "sales", date: i.issueDate, piece: i.number, label: `${what} ${i.number} ${i.clientName}`, lines };
}

function bankEntry(p: FecPayment, s: Settings): Entry {
  const refund = p.amountCents < 0;
  return {
    journal: "bank",
    date: p.date,
    piece: p.invoiceNumber,
    label: `${refund ? "Remboursement" : "Règlement"} facture ${p.invoiceNumber} ${p.clientName}${p.reference ? ` ${p.reference}` : ""}`,
    lines: [
      { account: s.bankAccount, accountLabel: "Banque", cents: p.amountCents },
      {
        account: s.customerAccount,
        accountLabel: "Clients",
        aux: { code: p.auxCode, label: p.clientName },
        cents: -p.amountCents,
      },
    ],
  };
}

/**
 * The FEC of a period: the sales journal (each issued invoice and credit note) and the bank journal (each
 * payment received or refunded), tab-separated with its header line, dates AAAAMMJJ, amounts with a decimal
 * comma. Entries are sorted by date (the day an invoice is issued or a payment received is the day it is
 * validated: issued invoices never change), the sales before the bank on a day, and numbered without gap
 * within each journal. Each entry balances: its lines come from the same totals in cents. A zero line (a
 * 0 % base of nothing) is left out; a negative one (a deposit deducted beyond its base) goes to the other side.
 */
export function buildFec(invoices: FecInvoice[], payments: FecPayment[], s: Settings): string {
  const entries = [...invoices.map((i) => salesEntry(i, s)), ...payments.map((p) => bankEntry(p, s))].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (a.journal === b.journal ? 0 : a.journal === "sales" ? -1 : 1) ||
      a.piece.localeCompare(b.piece),
  );
  const counters = { sales: 0, bank: 0 };
  const out: string[] = [FEC_COLUMNS.join("\t")];
  for (const e of entries) {
    const number = String(++counters[e.journal]);
    const [code, label] =
      e.journal === "sales" ? [s.salesJournalCode, s.salesJournalLabel] : [s.bankJournalCode, s.bankJournalLabel];
    for (const l of e.lines) {
      if (l.cents === 0) continue;
      out.push(
        [
          code,
          label,
          number,
          day(e.date),
          l.account,
          l.accountLabel,
          l.aux?.code ?? "",
          l.aux?.label ?? "",
          e.piece,
          day(e.date),
          e.label,
          l.cents > 0 ? amount(l.cents) : "0,00",
          l.cents < 0 ? amount(-l.cents) : "0,00",
          "",
          "",
          day(e.date),
          "",
          "",
        ]
          .map(field)
          .join("\t"),
      );
    }
  }
  return `${out.join("\r\n")}\r\n`;
}

/** The file name the norm asks for: SIREN, "FEC", the closing day of the period (AAAAMMJJ). */
export const fecFileName = (siren: string, to: string) => `${siren}FEC${day(to)}.txt`;

import { z } from "zod";
import { searchTextSchema } from "../text.js";
import { idSchema, pageResultSchema, versionSchema } from "./common.js";

const account = (label: string) =>
  z
    .string({ error: `${label} : indiquez un numéro de compte.` })
    .trim()
    .regex(
      /^[0-9][0-9A-Z]{2,19}$/,
      `${label} : un numéro de compte commence par un chiffre (3 à 20 chiffres ou lettres majuscules).`,
    );
const journalCode = (label: string) =>
  z
    .string({ error: `${label} : indiquez un code.` })
    .trim()
    .regex(/^[0-9A-Z]{1,6}$/, `${label} : 1 à 6 lettres majuscules ou chiffres.`);
const journalLabel = (label: string) =>
  z
    .string({ error: `${label} : indiquez un libellé.` })
    .trim()
    .min(1, `${label} : indiquez un libellé.`)
    .max(60, `${label} : 60 caractères au plus.`)
    .regex(/^[^\t|\r\n]*$/, `${label} : ni tabulation, ni barre verticale.`);

/** Settings › Comptabilité: the accounts and journals of the FEC. */
export const accountingSettingsBodySchema = z.object({
  salesJournalCode: journalCode("Code du journal des ventes"),
  salesJournalLabel: journalLabel("Libellé du journal des ventes"),
  bankJournalCode: journalCode("Code du journal de banque"),
  bankJournalLabel: journalLabel("Libellé du journal de banque"),
  customerAccount: account("Compte collectif clients"),
  auxiliaryPrefix: z
    .string({ error: "Préfixe des comptes clients : indiquez-le." })
    .trim()
    .regex(/^[0-9]{1,6}$/, "Préfixe des comptes clients : 1 à 6 chiffres (411 en général)."),
  salesAccount20: account("Prestations TVA 20 %"),
  salesAccount85: account("Prestations TVA 8,5 %"),
  salesAccountExempt: account("Prestations exonérées"),
  vatAccount20: account("TVA collectée 20 %"),
  vatAccount85: account("TVA collectée 8,5 %"),
  bankAccount: account("Compte de banque"),
  version: versionSchema,
});
export type AccountingSettingsBody = z.input<typeof accountingSettingsBodySchema>;
export const accountingSettingsSchema = accountingSettingsBodySchema.extend({
  version: z.number().int(),
});
export type AccountingSettings = z.infer<typeof accountingSettingsSchema>;

/** The FEC of a period: both days included, within one year (an accounting year at most). */
export const fecQuerySchema = z
  .object({
    from: z.iso.date({ error: "Début de période : date invalide." }),
    to: z.iso.date({ error: "Fin de période : date invalide." }),
  })
  .refine((q) => q.from <= q.to, { message: "La période se termine avant de commencer.", path: ["to"] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) < 366 * 86_400_000, {
    message: "Un FEC porte sur un exercice : 366 jours au plus.",
    path: ["to"],
  });
export type FecQuery = z.infer<typeof fecQuerySchema>;

// ---- bank reconciliation ----------------------------------------------------------------------

export const BANK_LINE_STATUSES = ["TO_MATCH", "MATCHED", "IGNORED"] as const;
export type BankLineStatus = (typeof BANK_LINE_STATUSES)[number];
export const BANK_LINE_STATUS_LABELS: Record<BankLineStatus, string> = {
  TO_MATCH: "À rapprocher",
  MATCHED: "Rapprochées",
  IGNORED: "Ignorées",
};

/** Why an invoice is proposed for a line: its number (or structured reference) in the label, or its amount. */
export const MATCH_REASONS = ["NUMBER", "AMOUNT_AND_NAME", "AMOUNT"] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];
export const MATCH_REASON_LABELS: Record<MatchReason, string> = {
  NUMBER: "Numéro cité",
  AMOUNT_AND_NAME: "Montant et nom",
  AMOUNT: "Montant seul",
};

export const bankLineQuerySchema = z.object({
  status: z.enum(BANK_LINE_STATUSES, { error: "Filtre inconnu." }).default("TO_MATCH"),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type BankLineQuery = z.input<typeof bankLineQuerySchema>;

const invoiceRefSchema = z.object({
  invoiceId: z.string(),
  number: z.string(),
  clientName: z.string(),
  /** What remains to pay on the invoice (proposals) or what the line paid on it (matched lines), in euros. */
  amount: z.number(),
});
export type BankInvoiceRef = z.infer<typeof invoiceRefSchema>;

export const bankLineSchema = z.object({
  id: z.string(),
  bookingDate: z.string(),
  amount: z.number(),
  label: z.string(),
  reference: z.string().nullable(),
  counterparty: z.string().nullable(),
  status: z.enum(BANK_LINE_STATUSES),
  /** The invoices the line would pay (lines to match), none when nothing fits. */
  proposal: z.array(invoiceRefSchema),
  reason: z.enum(MATCH_REASONS).nullable(),
  /** The payments the line recorded (matched lines). */
  payments: z.array(invoiceRefSchema),
  version: z.number().int(),
});
export type BankLine = z.infer<typeof bankLineSchema>;

export const bankLinePageSchema = pageResultSchema(bankLineSchema).extend({
  counts: z.object({ TO_MATCH: z.number().int(), MATCHED: z.number().int(), IGNORED: z.number().int() }),
  /** The server runs the demonstration: the sample statement can be downloaded. */
  sampleAvailable: z.boolean(),
});
export type BankLinePage = z.infer<typeof bankLinePageSchema>;

export const bankImportResultSchema = z.object({
  format: z.enum(["CAMT053", "CSV"]),
  /** Credit lines added to the lines to match. */
  added: z.number().int(),
  /** Credit lines an earlier import already brought (same bank identity): not added twice. */
  alreadyImported: z.number().int(),
  /** Debit lines (payments made by the body): not reconciled with client invoices. */
  debits: z.number().int(),
});
export type BankImportResult = z.infer<typeof bankImportResultSchema>;

export const confirmBankLineBodySchema = z.object({
  version: versionSchema,
  /** The invoices the line pays, in order; absent: the proposal. */
  invoiceIds: z.array(idSchema).min(1, "Choisissez au moins une facture.").max(20).optional(),
});
export type ConfirmBankLineBody = z.input<typeof confirmBankLineBodySchema>;

export const bulkConfirmBodySchema = z.object({
  lines: z
    .array(z.object({ id: idSchema, version: versionSchema }))
    .min(1, "Choisissez au moins une ligne.")
    .max(200),
});
export type BulkConfirmBody = z.input<typeof bulkConfirmBodySchema>;
export const bulkConfirmResultSchema = z.object({ confirmed: z.number().int() });

export const bankLineVersionBodySchema = z.object({ version: versionSchema });

export const openInvoiceOptionsQuerySchema = z.object({
  search: searchTextSchema.optional(),
});
export const openInvoiceOptionsSchema = z.object({ items: z.array(invoiceRefSchema) });
export type OpenInvoiceOptions = z.infer<typeof openInvoiceOptionsSchema>;

import { z } from "zod";
import {
  INVOICE_KINDS,
  INVOICE_LINE_KINDS,
  INVOICE_STATUSES,
  INVOICE_VAT_RATES,
  PAYMENT_METHODS,
} from "../../invoices/codes.js";
import { safeText, searchTextSchema, typeError } from "../../text.js";
import { idSchema, versionSchema } from "../common.js";
import { MAIL_STATUSES } from "../mail.js";
import { euros, hasAtMostTwoDecimals } from "../money.js";

const isoDate = (label: string) => z.iso.date({ error: `${label} : date invalide.` });
const text = (max: number) =>
  safeText()
    .transform((v) => v.trim())
    .pipe(z.string().max(max, `Saisissez au plus ${max} caractères.`));
const optionalText = (max: number) =>
  text(max)
    .transform((v) => v || null)
    .nullable()
    .default(null);

export const INVOICE_SORT_KEYS = ["number", "issueDate", "dueDate", "client", "totalTtc", "status"] as const;

/** GET /api/invoices (and its exports): filters, search, sort and page, applied in SQL. */
export const invoiceListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(1000).default(50),
    status: z.enum(INVOICE_STATUSES, { error: "Filtre inconnu." }).optional(),
    clientId: idSchema.optional(),
    missionId: idSchema.optional(),
    contractId: idSchema.optional(),
    from: isoDate("Début de période").optional(),
    to: isoDate("Fin de période").optional(),
    search: searchTextSchema.optional(),
    sort: z.enum(INVOICE_SORT_KEYS, { error: "Tri inconnu." }).default("issueDate"),
    direction: z.enum(["asc", "desc"]).default("desc"),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "La période se termine avant de commencer.",
    path: ["to"],
  });
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;
export type InvoiceListParams = z.input<typeof invoiceListQuerySchema>;

/** The client portal's invoices: issued invoices and credit notes of the user's establishment. */
export const portalInvoicesSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      kind: z.enum(INVOICE_KINDS),
      status: z.enum(INVOICE_STATUSES),
      issueDate: z.string(),
      dueDate: z.string().nullable(),
      totalTtc: z.number(),
      /** What remains to pay (0 for a credit note). */
      due: z.number(),
      pdfUrl: z.string(),
    }),
  ),
});
export type PortalInvoices = z.infer<typeof portalInvoicesSchema>;

/** One row of the list; amounts in euros (two decimals). */
export const invoiceRowSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  clientId: z.string(),
  clientName: z.string(),
  buyerName: z.string(),
  contractId: z.string(),
  contractNumber: z.string(),
  missionId: z.string().nullable(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  totalHt: z.number(),
  totalTtc: z.number(),
  paid: z.number(),
  due: z.number(),
  overdue: z.boolean(),
  creditedInvoiceNumber: z.string().nullable(),
  /** The version read with the row: a bulk action on ticked rows reports one changed meanwhile. */
  version: z.number().int(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

/** The count and amount of each status tab (the same filters but the status). */
export const invoiceStatusTotalSchema = z.object({
  status: z.enum(INVOICE_STATUSES),
  count: z.number().int(),
  totalTtc: z.number(),
});
export const invoicePageSchema = z.object({
  items: z.array(invoiceRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totals: z.array(invoiceStatusTotalSchema),
});
export type InvoicePage = z.infer<typeof invoicePageSchema>;

const vatRateSchema = z.union(
  INVOICE_VAT_RATES.map((r) => z.literal(r)),
  { error: "Taux de TVA : 20 %, 8,5 % ou exonéré." },
);

export const invoiceLineInputSchema = z.object({
  kind: z.enum(INVOICE_LINE_KINDS, { error: "Type de ligne inconnu." }),
  label: text(300).pipe(z.string().min(1, "Indiquez le libellé de la ligne.")),
  quantity: z
    .number({ error: typeError("Indiquez la quantité.") })
    .min(-1000, "Quantité trop petite.")
    .max(1000, "Quantité trop grande.")
    .refine((v) => v !== 0, "La quantité ne peut pas être nulle.")
    .refine(hasAtMostTwoDecimals, "Deux décimales au plus."),
  /** Unit price without VAT, in euros, never negative (a deduction has a negative quantity). */
  unitPrice: euros("Le prix unitaire HT", {
    max: 10_000_000,
    negative: "Le prix unitaire ne peut pas être négatif : mettez une quantité négative pour une déduction.",
  }),
  vatRate: vatRateSchema,
  /** The rebilled expense a TRAVEL line bills (kept from the draft as read; the server checks it). */
  expenseId: idSchema.nullable().optional(),
});
export type InvoiceLineInput = z.infer<typeof invoiceLineInputSchema>;

/** The Chorus Pro references of a public buyer (BT-10 service code, BT-13 engagement, BT-46 buyer SIRET). */
export const buyerReferenceSchema = z.object({
  buyerSiret: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s/g, ""))
    .refine((v) => v === "" || /^\d{14}$/.test(v), "Le SIRET doit contenir 14 chiffres.")
    .transform((v) => v || null)
    .nullable()
    .default(null),
  serviceCode: optionalText(100),
  engagementNumber: optionalText(50),
});
export type BuyerReference = z.output<typeof buyerReferenceSchema>;

export const createInvoiceBodySchema = z.union(
  [z.object({ contractId: idSchema }).strict(), z.object({ missionId: idSchema }).strict()],
  { error: "Indiquez un contrat (acompte) ou une mission (solde)." },
);
export type CreateInvoiceBody = z.infer<typeof createInvoiceBodySchema>;

/** GET /api/invoices/deposit?contractId=…: the contract's deposit, as its draft would bill it. */
export const depositQuerySchema = z.object({ contractId: idSchema });
export const depositPreviewSchema = z.object({
  contractId: z.string(),
  contractNumber: z.string(),
  /** The contract's deposit percentage (0: no deposit) and its price HT, in euros. */
  percent: z.number(),
  contractAmountHt: z.number(),
  vatRate: z.number(),
  amountHt: z.number(),
  amountVat: z.number(),
  amountTtc: z.number(),
  /** The contract's deposit invoice that counts (draft or issued, not cancelled by a credit note). */
  invoice: z
    .object({ id: z.string(), number: z.string().nullable(), status: z.enum(INVOICE_STATUSES), totalTtc: z.number() })
    .nullable(),
  /** Why no deposit can be prepared now, in French; null when it can. */
  refusal: z.string().nullable(),
  /** The actor may prepare it now (their rights, and no refusal). */
  canPrepare: z.boolean(),
});
export type DepositPreview = z.infer<typeof depositPreviewSchema>;

export const updateInvoiceBodySchema = z.object({
  lines: z.array(invoiceLineInputSchema).min(1, "Une facture a au moins une ligne.").max(100),
  buyerReference: buyerReferenceSchema,
  notes: optionalText(2000),
  version: versionSchema,
});
export type UpdateInvoiceBody = z.input<typeof updateInvoiceBodySchema>;

export const issueInvoiceBodySchema = z.object({ version: versionSchema });
/** "Envoyer": mails the issued invoice (its Factur-X PDF attached) to the client's billing address. */
export const sendInvoiceBodySchema = z.object({ version: versionSchema });

export const creditNoteBodySchema = z.object({
  version: versionSchema,
  reason: text(500).pipe(z.string().min(1, "Indiquez le motif de l'avoir.")),
  /**
   * A partial credit note: the invoice's lines to credit (by position) and the quantity credited on
   * each. Absent: the whole invoice is cancelled (only while nothing was paid or credited on it).
   */
  lines: z
    .array(
      z.object({
        position: z
          .number({ error: typeError("Ligne inconnue.") })
          .int("Ligne inconnue.")
          .min(1, "Ligne inconnue."),
        quantity: z
          .number({ error: typeError("Indiquez la quantité à créditer.") })
          .positive("La quantité à créditer doit être positive.")
          .max(100_000, "Quantité trop élevée.")
          .refine(hasAtMostTwoDecimals, "Deux décimales au plus."),
      }),
    )
    .min(1, "Choisissez au moins une ligne à créditer.")
    .max(200, "Trop de lignes.")
    .optional(),
});
export type CreditNoteBody = z.input<typeof creditNoteBodySchema>;

export const paymentBodySchema = z.object({
  date: isoDate("Date du paiement"),
  /** In euros (the web parses a decimal comma): at least 0,01 €, two decimals at most. */
  amount: euros("Le montant", { max: 10_000_000, positive: true }),
  method: z.enum(PAYMENT_METHODS, { error: "Mode de paiement inconnu." }),
  reference: optionalText(100),
});
export type PaymentBody = z.input<typeof paymentBodySchema>;

export const invoiceLineSchema = z.object({
  kind: z.enum(INVOICE_LINE_KINDS),
  label: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  vatRate: z.number(),
  totalHt: z.number(),
  expenseId: z.string().nullable(),
});
export const invoicePartySchema = z.object({
  name: z.string(),
  legalForm: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  siren: z.string().nullable(),
  siret: z.string().nullable(),
  vatNumber: z.string().nullable(),
  email: z.string().nullable(),
});
export type InvoiceParty = z.infer<typeof invoicePartySchema>;

/** The mail that sends an invoice, as the invoice page shows it. */
export const invoiceSendingSchema = z.object({
  mailId: z.string(),
  to: z.array(z.string()),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoiceSending = z.infer<typeof invoiceSendingSchema>;

export const invoiceDetailSchema = invoiceRowSchema.extend({
  lines: z.array(invoiceLineSchema),
  vat: z.array(z.object({ vatRate: z.number(), base: z.number(), amount: z.number() })),
  totalVat: z.number(),
  credited: z.number(),
  seller: invoicePartySchema.nullable(),
  buyer: invoicePartySchema,
  buyerReference: z.object({
    buyerSiret: z.string().nullable(),
    serviceCode: z.string().nullable(),
    engagementNumber: z.string().nullable(),
  }),
  paymentTermsDays: z.number().int(),
  notes: z.string().nullable(),
  creditReason: z.string().nullable(),
  creditedInvoice: z
    .object({ id: z.string(), number: z.string().nullable(), issueDate: z.string().nullable() })
    .nullable(),
  creditNote: z.object({ id: z.string(), number: z.string().nullable() }).nullable(),
  /** Every credit note issued on this invoice (one that cancels it, or partial ones), in order. */
  creditNotes: z.array(z.object({ id: z.string(), number: z.string().nullable(), totalTtc: z.number() })),
  payments: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      amount: z.number(),
      method: z.enum(PAYMENT_METHODS),
      reference: z.string().nullable(),
    }),
  ),
  /** Mandatory mentions of the company that are missing: issuing is blocked while any is. */
  missingMentions: z.array(z.string()),
  /** When the mail carrying the invoice left (null: not sent yet). */
  sentAt: z.string().nullable(),
  /** Where "Envoyer" mails it: the client's billing address today (legal entity, else establishment); null: none. */
  billingEmail: z.string().nullable(),
  /** The last mail that sends the invoice ("Envoyer"): waiting, sent or failed (with its error). */
  sending: invoiceSendingSchema.nullable(),
  version: z.number().int(),
  abilities: z.object({
    update: z.boolean(),
    issue: z.boolean(),
    send: z.boolean(),
    pay: z.boolean(),
    credit: z.boolean(),
    refund: z.boolean(),
  }),
  /** What the client paid beyond what remains after the credit notes: to refund (euros). */
  refundDue: z.number(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

/** Settings › Facturation: payment terms, penalties, reminders, deposit, bank details (the accounts: Comptabilité). */
export const invoiceSettingsBodySchema = z.object({
  paymentTermsDays: z.number().int().min(0, "Délai invalide.").max(60, "60 jours au plus (article L441-10)."),
  latePenaltyRate: text(200).pipe(z.string().min(1, "Indiquez le taux des pénalités de retard.")),
  depositPercent: z.number().min(0, "Pourcentage invalide.").max(100, "Pourcentage invalide."),
  reminderDays: z
    .array(z.number().int().min(1).max(365))
    .max(5, "Cinq relances au plus.")
    .refine((v) => new Set(v).size === v.length, "Chaque délai de relance n'apparaît qu'une fois."),
  iban: optionalText(34),
  bic: optionalText(11),
  version: versionSchema,
});
export type InvoiceSettingsBody = z.input<typeof invoiceSettingsBodySchema>;
export const invoiceSettingsSchema = z.object({
  paymentTermsDays: z.number().int(),
  latePenaltyRate: z.string(),
  depositPercent: z.number(),
  reminderDays: z.array(z.number().int()),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  version: z.number().int(),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;

export const journalQuerySchema = z
  .object({ from: isoDate("Début de période"), to: isoDate("Fin de période") })
  .refine((q) => q.from <= q.to, { message: "La période se termine avant de commencer.", path: ["to"] });

import { z } from "zod";
import { pageResultSchema } from "./common.js";

/**
 * What an evaluator is owed (issue 38): the fees of the missions whose last visit day falls in the
 * period (the invoice filed, or else the agreed daily fee × the mission's days, freelance evaluators
 * only) and their validated expenses dated in the period (approved, or already reimbursed).
 */

const isoDate = (label: string) => z.iso.date({ error: `${label} : date invalide.` });
const periodOrder = { message: "La période se termine avant de commencer.", path: ["to"] };

/** Where a fee or an expense stands in the statement and the payments. */
const PAYABLE_STATUSES = ["TO_INVOICE", "TO_PAY", "PAID", "APPROVED", "REIMBURSED"] as const;
export type PayableStatus = (typeof PAYABLE_STATUSES)[number];
export const PAYABLE_STATUS_LABELS: Record<PayableStatus, string> = {
  TO_INVOICE: "Facture attendue",
  TO_PAY: "Facture à payer",
  PAID: "Payée",
  APPROVED: "Validée, à rembourser",
  REIMBURSED: "Remboursée",
};

const cents = z.number().int();

/** One month of an evaluator's statements (the Relevés list). */
const statementMonthSchema = z.object({
  month: z.string(),
  missions: z.number().int(),
  feesCents: cents,
  expensesCents: cents,
  totalCents: cents,
  paidCents: cents,
});
export const statementMonthsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(60).default(12),
});
export const statementMonthsSchema = pageResultSchema(statementMonthSchema);
export type StatementMonths = z.infer<typeof statementMonthsSchema>;

const amounts = {
  feesCents: cents,
  expensesCents: cents,
  totalCents: cents,
  paidCents: cents,
  dueCents: cents,
};

const AUDITOR_PAYMENT_SORTS = ["name", "due"] as const;
export type AuditorPaymentSort = (typeof AUDITOR_PAYMENT_SORTS)[number];

const period = {
  from: isoDate("Début de période"),
  to: isoDate("Fin de période"),
};

/** GET /api/auditor-payments: one row per evaluator owed something for the period. */
export const auditorPaymentsQuerySchema = z
  .object({
    ...period,
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
    sort: z.enum(AUDITOR_PAYMENT_SORTS).default("name"),
  })
  .refine((q) => q.from <= q.to, periodOrder);
export type AuditorPaymentsQuery = z.infer<typeof auditorPaymentsQuerySchema>;

const auditorPaymentSchema = z.object({
  auditorId: z.string(),
  auditorName: z.string(),
  status: z.string(),
  siret: z.string().nullable(),
  missions: z.number().int(),
  days: z.number(),
  ...amounts,
});
export type AuditorPayment = z.infer<typeof auditorPaymentSchema>;
export const auditorPaymentsSchema = pageResultSchema(auditorPaymentSchema).extend({
  totals: z.object(amounts),
});
export type AuditorPayments = z.infer<typeof auditorPaymentsSchema>;

/** GET /api/auditor-payments/export: the same period as XLSX (evaluators, then missions) or CSV (evaluators). */
export const auditorPaymentsExportQuerySchema = z
  .object({ ...period, format: z.enum(["xlsx", "csv"]).default("xlsx") })
  .refine((q) => q.from <= q.to, periodOrder);

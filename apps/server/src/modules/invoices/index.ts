/**
 * The invoices module's public surface.
 *
 * Rebilled expenses ("frais en sus"): invoices call the expenses module's commands when they draft a
 * balance invoice (see invoice-commands.ts for the rule); the expenses module never imports invoices.
 */
export { rebilledExpenseLines } from "./invoice-commands.js";
export { markInvoiceSent } from "./invoice-sending.js";
export { invoiceResource } from "./invoices.policy.js";
export { issuedToClient } from "./invoices.repository.js";
export { buyerSnapshot, INVOICE_SERIES, splitCents } from "./invoices.service.js";
export { recordPayment } from "./record-payment.js";

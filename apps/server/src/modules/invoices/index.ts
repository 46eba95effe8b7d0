/**
 * The invoices module's public surface.
 *
 * Seam for the evaluators' expenses (issue 12, second half): when approved expenses of a mission
 * whose contract says "frais en sus" are to be rebilled, the expenses module calls
 * `addTravelLines(tx, missionId, lines)` inside its own transaction: the lines are appended to the
 * mission's draft balance invoice (none, or already issued → false, and the expenses stay to bill).
 */
export { addTravelLines } from "./invoice-commands.js";
export { invoiceResource } from "./invoices.policy.js";
export { buyerSnapshot, INVOICE_SERIES, splitCents } from "./invoices.service.js";

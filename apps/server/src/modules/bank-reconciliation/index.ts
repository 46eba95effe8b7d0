/** The bank reconciliation module's public surface (registered by app.ts). */
export { bankReconciliationRoutes } from "./bank-reconciliation.routes.js";
export { type BankReconciliationService, createBankReconciliationService } from "./bank-reconciliation.service.js";

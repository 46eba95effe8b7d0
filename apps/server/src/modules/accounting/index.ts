/** The accounting module's public surface: the FEC and the accounts it uses (Settings › Comptabilité). */
export { accountingRoutes } from "./accounting.routes.js";
export { type AccountingService, createAccountingService } from "./accounting.service.js";

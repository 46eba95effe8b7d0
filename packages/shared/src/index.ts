// French validation messages, configured before any schema is used.
import "./zod-locale.js";

export * from "./commercial.js";
export * from "./contracts/audit.js";
export * from "./contracts/auth.js";
export * from "./contracts/clients.js";
export * from "./contracts/common.js";
export * from "./contracts/configuration.js";
export * from "./contracts/contracts.js";
export * from "./contracts/documents.js";
export * from "./contracts/home.js";
export * from "./contracts/mail.js";
export * from "./contracts/parties.js";
export * from "./contracts/profiles.js";
export * from "./contracts/prospects.js";
export * from "./contracts/quotes.js";
export * from "./contracts/timeline.js";
export * from "./contracts/users.js";
export * from "./errors.js";
export * from "./format/index.js";
export * from "./identifiers.js";
export * from "./messages.js";
export * from "./permissions.js";
export * from "./profiles.js";
export * from "./quote-totals.js";
export * from "./routes.js";
export * from "./text.js";
export { frenchIssueMessage } from "./zod-locale.js";

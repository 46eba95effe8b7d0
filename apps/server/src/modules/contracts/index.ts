/**
 * The contracts module's public surface: other modules create a contract only through
 * `createFromQuote(tx, …)`, inside their own transaction (the quote's acceptance).
 */
export { insertContractFromQuote as createFromQuote } from "./contract-writes.js";
export { contractResource } from "./contracts.policy.js";

/**
 * The contracts module's public surface. Other modules create or cancel contracts only through
 * these commands, inside their own transaction (`tx`): `createFromQuote` at a quote's acceptance,
 * `cancelOpenContracts` when a request is refused.
 */
export { insertContractFromQuote as createFromQuote } from "./contract-writes.js";
export { contractResource } from "./contracts.policy.js";
export { cancelOpenContracts } from "./contracts.repository.js";

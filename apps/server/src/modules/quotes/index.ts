/** The quotes module's public surface: `refuseOpenQuotes(tx, …)` when a request is refused. */

export { quoteResource } from "./quotes.policy.js";
export { refuseOpenQuotes } from "./quotes.repository.js";

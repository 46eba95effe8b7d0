/**
 * The prospects module's public surface. Other modules change a request only through these
 * commands, inside their own transaction (`tx`): a contract signed or refused, a quote written.
 */

export { type RequestRecord, requestResource } from "./prospects.policy.js";
export { markRefused, markSigned, setRequestFollowUp, syncRequestStatus as syncStatus } from "./request-status.js";
export { insertRequest as openRequest, type NewRequest } from "./request-writes.js";

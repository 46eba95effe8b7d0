// The evaluators module's public surface: what other modules may use (the impartiality engine, the global
// search's scope of the evaluators' files).
export { auditorListWhere } from "./auditors.policy.js";
export type { ImpartialityService } from "./impartiality.service.js";

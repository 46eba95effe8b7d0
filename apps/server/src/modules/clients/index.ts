/**
 * The clients module's public surface. Other modules change an establishment only through these
 * commands, inside their own transaction (`tx`).
 */
export {
  clientNames,
  type EvaluationDates,
  markEvaluationFinished,
  setClientFollowUp,
  setEvaluationDates,
} from "./client-commands.js";
export { clientResource } from "./clients.policy.js";

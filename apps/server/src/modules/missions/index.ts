/**
 * The missions module's public surface. Other modules reach missions only through these commands,
 * inside their own transaction (`tx`): `createForSignedContract` when a contract is signed,
 * `decisionPreconditions` and `decisionBlocker` before a certification decision, `bookedMissionDays` for the impartiality
 * engine, `clientMayReadReport(Sql)` for the library's client scope,
 * `missionSearchScope` for the global search.
 */

export { type DecisionProblem, decisionPreconditions } from "./decision-preconditions.js";
export { bookedMissionDays, clientMayReadReport, clientMayReadReportSql } from "./mission-commands.js";
export { createForSignedContract, type SignedContract } from "./mission-creation.js";
export { missionSearchScope } from "./mission-list.repository.js";
export { missionResource } from "./missions.policy.js";
export { decisionBlocker } from "./non-conformities.service.js";

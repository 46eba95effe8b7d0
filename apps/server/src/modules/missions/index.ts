/**
 * The missions module's public surface. Other modules create missions only through these commands,
 * inside their own transaction (`tx`): `createForSignedContract` when a contract is signed.
 */
export { createForSignedContract, type SignedContract } from "./mission-creation.js";
export { missionResource } from "./missions.policy.js";

import type { Executor } from "../../db/client.js";
import { contracts } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import type { Clock } from "../../lib/clock.js";
import { notFound } from "../../lib/errors.js";
import { abilities, authorize } from "../../lib/policy.js";
import { type ContractRecord, contractResource } from "./contracts.policy.js";
import { type Contract, type ContractBundle, contractFacts, loadContract } from "./contracts.repository.js";

export type ContractAction = (typeof contractResource.actions)[number];

/** The policy's view of a loaded contract. */
export const recordOfBundle = (b: ContractBundle): ContractRecord => ({
  status: b.contract.status,
  clientIds: b.establishments.map((e) => e.client.id),
  service: b.request.service,
});

/** The policy's view of the contract row locked by a write. */
export const recordOfRow = async (tx: Executor, row: Contract): Promise<ContractRecord> => ({
  status: row.status,
  ...(await contractFacts(tx, row)),
});

/** load → 404 → authorize: the start of every method on one contract. */
export async function loadAuthorized(db: Executor, actor: Actor, id: string, action: ContractAction) {
  const bundle = await loadContract(db, id);
  if (!bundle) throw notFound(contractResource.notFound);
  authorize(actor, action, contractResource, recordOfBundle(bundle));
  return bundle;
}

export const contractAbilities = (actor: Actor, b: ContractBundle) =>
  abilities(actor, contractResource, recordOfBundle(b));

/** The common options of a contract write through versionedUpdate (the row, its policy, the audit). */
export function contractWrite(
  ctx: { db: Executor; clock: Clock },
  actor: Actor,
  id: string,
  action: ContractAction,
  requestId?: string,
) {
  return {
    db: ctx.db,
    clock: ctx.clock,
    table: contracts,
    id,
    actor,
    requestId,
    entityType: "contract",
    authorize: { resource: contractResource, action, record: recordOfRow },
  };
}

import type { Database, Executor } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import type { Clock } from "../../lib/clock.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import { missionResource } from "./missions.policy.js";
import { type MissionRow, missionsTable, teamOf, toRecord } from "./missions.repository.js";

export { touchMission } from "./missions.repository.js";

type MissionAction = (typeof missionResource.actions)[number];
type Team = Awaited<ReturnType<typeof teamOf>>;
/** A mission as its writes see it: the locked row, its team, the record the policy reads. */
export type LoadedMission = { row: MissionRow; team: Team; record: ReturnType<typeof toRecord> };

export interface MissionChange {
  values?: Partial<MissionRow>;
  summary: string;
  action?: string;
  changes?: Record<string, unknown>;
}

/**
 * The one write path of a mission, through lib/versioned-update.ts, in one transaction: load
 * (locked) with its team → 404 → authorize (scope 404, right 403, state 409) → compare the version
 * (409) → apply (related rows through tx) → version + 1 → audit entry. Answers the saved row.
 */
export function missionWriter({ db, clock }: { db: Database; clock: Clock }) {
  return async function writeMission(
    actor: Actor,
    id: string,
    action: MissionAction,
    version: number,
    apply: (tx: Executor, loaded: LoadedMission) => Promise<MissionChange> | MissionChange,
    requestId?: string,
  ): Promise<MissionRow> {
    let team: Team = [];
    return versionedUpdate({
      db,
      table: missionsTable,
      id,
      version,
      actor,
      clock,
      entityType: "mission",
      requestId,
      authorize: {
        resource: missionResource,
        action,
        record: async (tx, row) => {
          team = await teamOf(tx, [row.id]);
          return toRecord(row, team);
        },
      },
      apply: async (tx, row) => {
        const change = await apply(tx, { row, team, record: toRecord(row, team) });
        return { values: change.values ?? {}, summary: change.summary, action: change.action, changes: change.changes };
      },
    });
  };
}

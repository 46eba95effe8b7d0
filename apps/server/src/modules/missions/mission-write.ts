import { and, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.js";
import { missions } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import type { Clock } from "../../lib/clock.js";
import { notFound, staleVersion } from "../../lib/errors.js";
import { authorize } from "../../lib/policy.js";
import { missionResource } from "./missions.policy.js";
import { findMission, type MissionRow } from "./missions.repository.js";

type MissionAction = (typeof missionResource.actions)[number];
type Loaded = NonNullable<Awaited<ReturnType<typeof findMission>>>;

export interface MissionChange {
  values?: Partial<MissionRow>;
  summary: string;
  action?: string;
  changes?: Record<string, unknown>;
}

/**
 * The one write path of a mission, in one transaction: load (locked) with its team → 404 →
 * authorize (scope 404, right 403, state 409) → compare the version (409) → apply (related rows
 * through tx) → version + 1 → audit entry. Answers the saved row.
 */
export function missionWriter({ db, clock }: { db: Database; clock: Clock }) {
  return async function writeMission(
    actor: Actor,
    id: string,
    action: MissionAction,
    version: number,
    apply: (tx: Executor, loaded: Loaded) => Promise<MissionChange> | MissionChange,
    requestId?: string,
  ): Promise<MissionRow> {
    return db.transaction(async (tx) => {
      const loaded = await findMission(tx, id, true);
      if (!loaded) throw notFound(missionResource.notFound);
      authorize(actor, action, missionResource, loaded.record);
      if (loaded.row.version !== version) throw staleVersion();
      const change = await apply(tx, loaded);
      const [saved] = await tx
        .update(missions)
        .set({ ...change.values, version: sql`${missions.version} + 1`, updatedAt: clock.now() })
        .where(and(eq(missions.id, id), eq(missions.version, version)))
        .returning();
      if (!saved) throw staleVersion();
      await writeAudit(
        tx,
        actor,
        {
          action: change.action ?? "update",
          entityType: "mission",
          entityId: id,
          summary: change.summary,
          changes: change.changes,
        },
        requestId,
      );
      return saved;
    });
  };
}

/** Another mission of the same group changed with this one: its version moves too. */
export async function touchMission(tx: Executor, id: string, now: Date) {
  await tx
    .update(missions)
    .set({ version: sql`${missions.version} + 1`, updatedAt: now })
    .where(eq(missions.id, id));
}

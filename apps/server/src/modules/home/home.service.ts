import type { WorkItem } from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { createAlertsReader } from "../alerts/index.js";

/**
 * The landing page's "to do" counts: one per alert page the actor may see (modules/alerts), each
 * leading to its tab, all against the same "today" as the lists.
 */
export function createHomeService({ db, clock = systemClock }: { db: Database; clock?: Clock }) {
  const alerts = createAlertsReader({ db, clock });
  return {
    workItems: (actor: Actor): Promise<WorkItem[]> => alerts.workItems(actor),
  };
}
export type HomeService = ReturnType<typeof createHomeService>;

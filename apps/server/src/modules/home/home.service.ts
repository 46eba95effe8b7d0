import type { WorkItem } from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { countAlerts } from "../alerts/index.js";

/**
 * The landing page's "to do" counts: one per alert rule (modules/alerts/rules), each only for those
 * with the right to open the screen it leads to, all against the same "today" as the lists.
 */
export function createHomeService({ db, clock = systemClock }: { db: Database; clock?: Clock }) {
  return {
    workItems: (actor: Actor): Promise<WorkItem[]> => countAlerts(db, clock, actor),
  };
}
export type HomeService = ReturnType<typeof createHomeService>;

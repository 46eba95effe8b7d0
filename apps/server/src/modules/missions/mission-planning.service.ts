import {
  MISSION_STATES,
  type MissionCounts,
  type MissionKind,
  type MissionListQuery,
  type MissionPlanning,
  type MissionRole,
  type PlanningConflictKind,
} from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import type { Clock } from "../../lib/clock.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { granted, isStaff, recordScope } from "../../lib/policy.js";
import { countMissionsByState } from "./mission-list.repository.js";
import { loadPlanning } from "./mission-planning.repository.js";
import { loadDeadlineSettingsOfLists } from "./missions.repository.js";

/** The last day of a month "2026-02" → "2026-02-28" (calendar arithmetic, not "today"). */
export function lastDayOf(month: string): string {
  const [y, m] = month.split("-").map(Number);
  const day = new Date(Date.UTC(y ?? 1970, m ?? 1, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, "0")}`;
}

/** The missions list's counts per state and the planning board of a month. */
export function createMissionPlanningService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    async counts(actor: Actor, q: Omit<MissionListQuery, "page" | "pageSize">): Promise<MissionCounts> {
      if (isStaff(actor) && !granted(actor, "MISSION", "read")) throw forbidden();
      const settings = () => loadDeadlineSettingsOfLists(db);
      const byState = await countMissionsByState(db, q, recordScope(actor), settings, clock.today());
      return Object.fromEntries(MISSION_STATES.map((s) => [s, byState.get(s) ?? 0])) as MissionCounts;
    },

    /** Every evaluator's month: the staff's planning board (an evaluator has their own calendar). */
    async planning(actor: Actor, month: string): Promise<MissionPlanning> {
      if (!isStaff(actor)) throw notFound("Planning introuvable.");
      if (!granted(actor, "MISSION", "read")) throw forbidden();
      const from = `${month}-01`;
      const to = lastDayOf(month);
      const data = await loadPlanning(db, from, to);
      return {
        month,
        from,
        to,
        evaluators: data.evaluators,
        bookings: data.bookings.map((b) => ({ ...b, kind: b.kind as MissionKind, role: b.role as MissionRole })),
        unavailability: data.unavailability,
        conflicts: data.conflicts.map((c) => ({ ...c, kind: c.kind as PlanningConflictKind })),
        unstaffed: data.unstaffed,
      };
    },
  };
}

export type MissionPlanningService = ReturnType<typeof createMissionPlanningService>;

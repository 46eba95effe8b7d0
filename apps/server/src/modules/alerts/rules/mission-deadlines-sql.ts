import { type SQL, sql } from "drizzle-orm";

/**
 * The report deadlines of a mission `m` in SQL, read from Settings › Missions (mission_deadline_settings)
 * joined as `ds`: the same formulas as packages/shared/src/missions/deadlines.ts and the missions list
 * (mission-list.repository.ts), so an alert and the mission's state never disagree. Keep the three in step.
 */
export const deadlineSettingsJoin: SQL = sql.raw(`cross join lateral (
    select coalesce(max(s.preliminary_report_days), 30) as preliminary_days,
      coalesce(max(s.observations_days), 15) as observations_days,
      coalesce(max(s.final_report_days), 15) as final_days
    from mission_deadline_settings s where s.id = 1) ds`);

/** The last visit day + the preliminary report delay. */
export const preliminaryDue: SQL = sql.raw("(m.last_day + ds.preliminary_days)");
/** The day the ESSMS received the preliminary report + the observation period. */
export const observationsDue: SQL = sql.raw("(m.preliminary_sent_at + ds.observations_days)");
/** The observations (or the end of their period) + the final report delay. */
export const finalDue: SQL = sql.raw(
  "(coalesce(m.observations_received_at, m.preliminary_sent_at + ds.observations_days) + ds.final_days)",
);

/** The mission's establishment, and its page (the tab where the work is done). */
export const missionClientJoin: SQL = sql.raw("join clients c on c.id = m.client_id");
export const missionLink = (tab: string): SQL =>
  sql.raw(`'/app/mission/' || m.client_id || '/' || m.id || '?onglet=${tab}'`);

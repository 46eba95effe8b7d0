import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import {
  auditors,
  auditorUnavailability,
  clients,
  missionDays,
  missions,
  missionTeamMembers,
} from "../../db/schema/index.js";
import { type IsoDate, sqlDate } from "../../lib/clock.js";

/** Rows of a raw query, whichever driver (PGlite answers `rows`, node-postgres too). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The planning board of a period, in four set-based queries whatever the number of evaluators and
 * missions: the evaluators, their bookings (one per evaluator and mission, a group of ESSMS evaluated
 * together counting as one), their unavailability clipped to the period, and the conflicts: an
 * evaluator on two missions (groups) the same day, or on a visit during an unavailability.
 */
export async function loadPlanning(db: Executor, from: IsoDate, to: IsoDate) {
  const start = sqlDate(from);
  const end = sqlDate(to);
  // One booking per evaluator and mission group, over the period's days.
  const booked = sql`
    select tm.auditor_id, coalesce(m.group_id, m.id) as unit, m.id as mission_id, m.client_id, m.kind,
           tm.role, c.raison_social, d.day
    from ${missionDays} d
    join ${missions} m on m.id = d.mission_id
    join ${missionTeamMembers} tm on tm.mission_id = m.id
    join ${clients} c on c.id = m.client_id
    where d.day between ${start} and ${end}`;
  const [evaluators, bookings, unavailability, conflicts, unstaffed] = await Promise.all([
    db.execute(sql`
      select a.id, a.first_name || ' ' || a.last_name as name, a.city
      from ${auditors} a
      where a.active or exists (
        select 1 from ${missionTeamMembers} tm join ${missionDays} d on d.mission_id = tm.mission_id
        where tm.auditor_id = a.id and d.day between ${start} and ${end})
      order by a.last_name, a.first_name, a.id`),
    db.execute(sql`
      select b.auditor_id as "auditorId",
             (array_agg(b.mission_id order by b.raison_social, b.mission_id))[1] as "missionId",
             (array_agg(b.client_id order by b.raison_social, b.mission_id))[1] as "clientId",
             string_agg(distinct b.raison_social, ' + ') as label,
             min(b.kind) as kind, min(b.role) as role,
             array_agg(distinct b.day::text order by b.day::text) as days
      from (${booked}) b
      group by b.auditor_id, b.unit
      order by b.auditor_id, min(b.day)`),
    db.execute(sql`
      select u.auditor_id as "auditorId", greatest(u.start_date, ${start})::text as "from",
             least(u.end_date, ${end})::text as "to", u.reason
      from ${auditorUnavailability} u
      where u.start_date <= ${end} and u.end_date >= ${start}
      order by u.auditor_id, u.start_date`),
    db.execute(sql`
      with per_day as (
        select b.auditor_id, b.day, count(distinct b.unit) as units, array_agg(distinct b.mission_id::text) as mission_ids,
               array_agg(distinct b.raison_social) as labels
        from (${booked}) b
        group by b.auditor_id, b.day
      )
      select p.auditor_id as "auditorId", p.day::text as day, 'DOUBLE_BOOKING' as kind, p.mission_ids as "missionIds",
             p.labels
      from per_day p where p.units > 1
      union all
      select p.auditor_id, p.day::text, 'UNAVAILABLE', p.mission_ids, p.labels
      from per_day p
      where exists (select 1 from ${auditorUnavailability} u
                    where u.auditor_id = p.auditor_id and p.day between u.start_date and u.end_date)
      order by 1, 2, 3`),
    db.execute(sql`
      select m.id as "missionId", m.client_id as "clientId", c.raison_social as label,
             array_agg(d.day::text order by d.day) as days
      from ${missions} m
      join ${clients} c on c.id = m.client_id
      join ${missionDays} d on d.mission_id = m.id and d.day between ${start} and ${end}
      where not exists (select 1 from ${missionTeamMembers} tm where tm.mission_id = m.id)
      group by m.id, m.client_id, c.raison_social
      order by min(d.day), c.raison_social`),
  ]);
  return {
    evaluators: rowsOf<{ id: string; name: string; city: string | null }>(evaluators),
    bookings: rowsOf<{
      auditorId: string;
      missionId: string;
      clientId: string;
      label: string;
      kind: string;
      role: string;
      days: string[];
    }>(bookings),
    unavailability: rowsOf<{ auditorId: string; from: string; to: string; reason: string | null }>(unavailability),
    conflicts: rowsOf<{ auditorId: string; day: string; kind: string; missionIds: string[]; labels: string[] }>(
      conflicts,
    ),
    unstaffed: rowsOf<{ missionId: string; clientId: string; label: string; days: string[] }>(unstaffed),
  };
}

import { type SQL, sql } from "drizzle-orm";
import type { IsoDate } from "../../lib/clock.js";

/** The Paris calendar day of a timestamptz column (the business date, whatever the server's zone). */
export const parisDay = (column: SQL): SQL => sql`((${column}) at time zone 'Europe/Paris')::date`;

/** "12 jours de retard" from a due date to today ("Échéance aujourd'hui" on the day). */
export const lateBy = (due: SQL, today: IsoDate): SQL => sql`(case when ${today}::date - (${due}) <= 0
  then 'Échéance aujourd''hui' when ${today}::date - (${due}) = 1 then '1 jour de retard'
  else (${today}::date - (${due}))::text || ' jours de retard' end)`;

/** "dans 12 jours" until a coming date. */
export const dueIn = (due: SQL, today: IsoDate): SQL => sql`(case when (${due}) - ${today}::date <= 0
  then 'Échéance aujourd''hui' when (${due}) - ${today}::date = 1 then 'Demain'
  else 'Dans ' || ((${due}) - ${today}::date)::text || ' jours' end)`;

/**
 * The first establishment (by name) a contract covers: its raison sociale and postal code, the head of the
 * row, as the two columns `raison_social` and `postal_code` (null for a contract without establishment).
 * Subqueries of the select list, not a lateral join: a count of the cases (the summary, the tabs) does not
 * read these columns, and PostgreSQL then drops them; a join it would run for every case, five
 * establishments read and sorted per contract (10,000 contracts without a deadline: 170 ms of 700 for the
 * summary on the scale base, docs/performance.md).
 */
export const contractClientColumns = (contract: string): SQL => {
  const first = (column: string) =>
    `(select c.${column} from contract_establishments ce join clients c on c.id = ce.client_id
      where ce.contract_id = ${contract}.id order by c.raison_social, c.id limit 1)`;
  return sql.raw(`${first("raison_social")} as raison_social, ${first("postal_code")} as postal_code`);
};

/** "il y a 12 jours" since a past date ("aujourd'hui" on the day). */
export const sinceDays = (since: SQL, today: IsoDate): SQL => sql`(case when ${today}::date - (${since}) <= 0
  then 'aujourd''hui' when ${today}::date - (${since}) = 1 then 'hier'
  else 'il y a ' || (${today}::date - (${since}))::text || ' jours' end)`;

/** The mission screen of a mission row aliased `m`. */
export const missionLink = (m: string): SQL => sql.raw(`'/app/mission/' || ${m}.client_id || '/' || ${m}.id`);

import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { missionLink } from "../sql-helpers.js";

/** A live mission (not finalised, visit not past) whose team has fewer than two evaluators or no coordinator. */
export const missionTeamIncomplete: AlertRule = {
  code: "mission-team-incomplete",
  page: "ALERT_PLANIFICATION",
  permission: { code: "MISSION", op: "any" },
  audience: isStaff,
  title: "Équipe incomplète",
  description: "Mission sans ses deux évaluateurs au moins, dont un coordinateur.",
  action: {
    code: "COMPLETE_TEAM",
    label: "Compléter l'équipe",
    description: "Affecter les évaluateurs manquants et désigner le coordinateur.",
  },
  removable: false,
  changeable: true,
  cases: ({ today }) => sql`
    select m.id::text as record_id, c.raison_social, c.postal_code,
      m.first_day::text as due_date, c.date_relance::text as date_relance,
      coalesce(t.n, 0)::text || ' évaluateur(s)' || (case when coalesce(t.coordinators, 0) = 0
        then ', pas de coordinateur' else '' end) as display_value,
      ${missionLink("m")} as link
    from missions m join clients c on c.id = m.client_id
      left join lateral (select count(*) as n, count(*) filter (where tm.role = 'COORDINATOR') as coordinators
        from mission_team_members tm where tm.mission_id = m.id) t on true
    where m.status <> 'FINALISED' and (m.last_day is null or m.last_day >= ${today}::date)
      and (coalesce(t.n, 0) < 2 or coalesce(t.coordinators, 0) = 0)`,
};

import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { missionClientJoin, missionLink } from "./mission-deadlines-sql.js";

/** N days after the visit, an evaluator of the team has not been scored against the RefCriteria. */
export const performanceNotScored: AlertRule = {
  code: "performance-not-scored",
  page: "ALERT_PERFORMANCE",
  permission: { code: "CLIENT", op: "any" },
  audience: isStaff,
  title: "Performance non évaluée",
  description: "La visite est passée et la performance d'au moins un évaluateur de l'équipe n'est pas notée.",
  action: {
    code: "SCORE_PERFORMANCE",
    label: "Évaluer la performance",
    description: "Noter chaque évaluateur de l'équipe sur les critères de performance (onglet Performance).",
  },
  removable: true,
  changeable: true,
  threshold: { label: "Jours après la visite", defaultDays: 15 },
  // The team's counts are a subquery of the select list: a count of the cases (the summary, the tab) drops it
  // and keeps only the EXISTS, a semi-join. As a lateral join it ran for every finished mission: 150 ms of the
  // summary with 49,000 missions unscored (docs/performance.md).
  cases: ({ today, thresholdDays }) => sql`
    select m.id::text as record_id, c.raison_social, c.postal_code,
      (m.last_day + ${thresholdDays}::int)::text as due_date, c.date_relance::text as date_relance,
      (select t.unscored::text || ' évaluateur' || case when t.unscored > 1 then 's' else '' end
          || ' sur ' || t.members::text || ' à noter, visite du ' || to_char(m.last_day, 'DD/MM/YYYY')
        from (select count(*)::int as members,
            count(*) filter (where not exists (select 1 from performance_scores ps
              where ps.mission_id = m.id and ps.auditor_id = tm.auditor_id))::int as unscored
          from mission_team_members tm where tm.mission_id = m.id) t) as display_value,
      ${missionLink("performance")} as link
    from missions m ${missionClientJoin}
    where m.last_day is not null and m.last_day + ${thresholdDays}::int <= ${today}::date
      and exists (select 1 from mission_team_members tm where tm.mission_id = m.id
        and not exists (select 1 from performance_scores ps where ps.mission_id = m.id and ps.auditor_id = tm.auditor_id))`,
};

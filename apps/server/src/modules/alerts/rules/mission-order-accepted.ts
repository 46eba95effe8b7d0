import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { missionLink, parisDay } from "../sql-helpers.js";

/**
 * A mission order the evaluator accepted in the last N days, for a visit still to come: to acknowledge
 * (CONFIRM). An older acceptance is no longer news.
 */
export const missionOrderAccepted: AlertRule = {
  code: "mission-order-accepted",
  page: "ALERT_PLANIFICATION",
  permission: { code: "MISSION", op: "any" },
  audience: isStaff,
  title: "Ordre de mission accepté",
  description: "Un évaluateur a accepté son ordre de mission : à prendre en compte.",
  action: {
    code: "ACKNOWLEDGE_MISSION_ORDER",
    label: "Prendre acte",
    description: "Vérifier la mission puis confirmer l'alerte.",
  },
  removable: true,
  changeable: true,
  threshold: { label: "Jours pendant lesquels l'acceptation reste à prendre en compte", defaultDays: 30 },
  cases: ({ today, thresholdDays }) => sql`
    select o.id::text as record_id, c.raison_social, c.postal_code,
      ${parisDay(sql`o.answered_at`)}::text as due_date, c.date_relance::text as date_relance,
      a.first_name || ' ' || a.last_name || ', accepté le ' || to_char(${parisDay(sql`o.answered_at`)}, 'DD/MM/YYYY')
        as display_value,
      ${missionLink("m")} as link
    from mission_orders o join missions m on m.id = o.mission_id join clients c on c.id = m.client_id
      join auditors a on a.id = o.auditor_id
    where o.status = 'ACCEPT' and m.status <> 'FINALISED' and (m.last_day is null or m.last_day >= ${today}::date)
      -- Answered after the Paris day today − N, said as an instant so that the index on (status, answered_at) serves it.
      and o.answered_at >= (${today}::date - ${thresholdDays}::int + 1)::timestamp at time zone 'Europe/Paris'
      and not exists (select 1 from mission_orders s where s.supersedes = o.id)`,
};

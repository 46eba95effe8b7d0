import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { lateBy, missionLink, parisDay } from "../sql-helpers.js";

/** A mission order sent N days ago that the evaluator has neither accepted nor refused. */
export const missionOrderUnanswered: AlertRule = {
  code: "mission-order-unanswered",
  page: "ALERT_PLANIFICATION",
  permission: { code: "MISSION", op: "any" },
  audience: isStaff,
  title: "Ordre de mission sans réponse",
  description: "Ordre de mission envoyé, ni accepté ni refusé passé le délai.",
  action: {
    code: "FOLLOW_UP_MISSION_ORDER",
    label: "Relancer l'évaluateur",
    description: "Relancer l'évaluateur ou renvoyer l'ordre de mission.",
  },
  removable: false,
  changeable: true,
  threshold: { label: "Jours après l'envoi de l'ordre", defaultDays: 7 },
  cases: ({ today, thresholdDays }) => sql`
    select o.id::text as record_id, c.raison_social, c.postal_code,
      (${parisDay(sql`o.sent_at`)} + ${thresholdDays}::int)::text as due_date, c.date_relance::text as date_relance,
      a.first_name || ' ' || a.last_name || ', ' || ${lateBy(sql`${parisDay(sql`o.sent_at`)} + ${thresholdDays}::int`, today)}
        as display_value,
      ${missionLink("m")} as link
    from mission_orders o join missions m on m.id = o.mission_id join clients c on c.id = m.client_id
      join auditors a on a.id = o.auditor_id
    where o.status = 'SENT' and m.status <> 'FINALISED'
      and ${parisDay(sql`o.sent_at`)} <= ${today}::date - ${thresholdDays}::int
      and not exists (select 1 from mission_orders s where s.supersedes = o.id)`,
};

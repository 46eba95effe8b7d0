import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { missionLink, parisDay } from "../sql-helpers.js";

/**
 * A mission order the evaluator refused (the current row of its chain is REFUSE), while nobody has
 * joined the mission's team since: the refusal freed a place that is still empty. Replacing the
 * evaluator (a newcomer gets a WAITING order) ends the alert.
 */
export const missionOrderRefused: AlertRule = {
  code: "mission-order-refused",
  page: "ALERT_PLANIFICATION",
  permission: { code: "MISSION", op: "any" },
  audience: isStaff,
  title: "Ordre de mission refusé",
  description: "Un évaluateur a refusé son ordre de mission : il faut le remplacer.",
  action: {
    code: "REPLACE_AUDITOR",
    label: "Remplacer l'évaluateur",
    description: "Choisir un autre évaluateur pour la mission et lui envoyer un ordre de mission.",
  },
  removable: false,
  changeable: true,
  cases: () => sql`
    select o.id::text as record_id, c.raison_social, c.postal_code,
      ${parisDay(sql`o.answered_at`)}::text as due_date, c.date_relance::text as date_relance,
      a.first_name || ' ' || a.last_name || coalesce(' : ' || o.refusal_reason, '') as display_value,
      ${missionLink("m")} as link
    from mission_orders o join missions m on m.id = o.mission_id join clients c on c.id = m.client_id
      join auditors a on a.id = o.auditor_id
    where o.status = 'REFUSE' and m.status <> 'FINALISED'
      and not exists (select 1 from mission_orders s where s.supersedes = o.id)
      and not exists (select 1 from mission_orders n where n.mission_id = o.mission_id and n.auditor_id <> o.auditor_id
        and n.supersedes is null and n.created_at > o.created_at)`,
};

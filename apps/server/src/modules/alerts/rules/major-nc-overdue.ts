import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { lateBy, missionLink } from "../sql-helpers.js";

/** A major non-conformity still open past its deadline (its due date, else 3 months after it was raised). */
export const majorNcOverdue: AlertRule = {
  code: "major-nc-overdue",
  page: "ALERT_DATE",
  permission: { code: "MISSION", op: "any" },
  audience: isStaff,
  title: "Non-conformité majeure échue",
  description: "Non-conformité majeure non levée passé son délai de 3 mois.",
  action: {
    code: "CLOSE_MAJOR_NC",
    label: "Traiter la non-conformité",
    description: "Obtenir la preuve de l'action corrective et lever la non-conformité, ou engager le retrait.",
  },
  removable: false,
  changeable: true,
  cases: ({ today }) => sql`
    select nc.id::text as record_id, c.raison_social, c.postal_code,
      nc.due::text as due_date, c.date_relance::text as date_relance,
      'Critère ' || nc.criterion || ', ' || ${lateBy(sql`nc.due`, today)} as display_value,
      ${missionLink("m")} as link
    from (select n.*, coalesce(n.due_date, ((n.created_at at time zone 'Europe/Paris')::date + interval '3 months')::date) as due
      from mission_non_conformities n where n.severity = 'MAJOR' and n.closed_at is null) nc
      join missions m on m.id = nc.mission_id join clients c on c.id = m.client_id
    where nc.due < ${today}::date`,
};

import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { contractClientColumns, lateBy } from "../sql-helpers.js";

/** A contract sent whose return deadline is past. */
export const contractOverdue: AlertRule = {
  code: "contract-overdue",
  page: "ALERT_DATE",
  permission: { code: "PROSPECT", op: "any" },
  audience: isStaff,
  title: "Contrat non retourné",
  description: "Contrat envoyé dont la date limite de retour est dépassée.",
  action: {
    code: "FOLLOW_UP_CONTRACT",
    label: "Relancer le contrat",
    description: "Obtenir le contrat signé ou le relancer.",
  },
  removable: true,
  changeable: true,
  cases: ({ today }) => sql`
    select k.id::text as record_id, ${contractClientColumns("k")},
      k.deadline::text as due_date, r.date_relance::text as date_relance,
      'Contrat ' || k.number || ', ' || ${lateBy(sql`k.deadline`, today)} as display_value,
      '/app/contract/' || k.id as link
    from contracts k join request_clients r on r.id = k.request_id
    where k.status = 'SENT' and k.deadline < ${today}::date`,
};

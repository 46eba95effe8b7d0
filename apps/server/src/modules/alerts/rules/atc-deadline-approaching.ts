import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { contractClientColumns, dueIn, lateBy } from "../sql-helpers.js";

/**
 * The ATC programme's deadline for an ESSMS evaluation (the end of its authorisation, from the
 * contract's FEB) within N days, and the evaluation not finalised yet: the report must reach the
 * ATC before it.
 */
export const atcDeadlineApproaching: AlertRule = {
  code: "atc-deadline-approaching",
  page: "ALERT_DATE",
  permission: { code: "PROSPECT", op: "any" },
  audience: isStaff,
  title: "Échéance ATC proche",
  description: "La date limite d'évaluation fixée par l'ATC approche et l'évaluation n'est pas finalisée.",
  action: {
    code: "SECURE_ATC_DEADLINE",
    label: "Tenir l'échéance ATC",
    description: "Vérifier que la visite et les rapports tiennent dans la date fixée par l'ATC.",
  },
  removable: true,
  changeable: true,
  threshold: { label: "Jours avant l'échéance ATC", defaultDays: 180 },
  cases: ({ today, thresholdDays }) => sql`
    select k.id::text as record_id, ${contractClientColumns("k")},
      (k.feb->>'authorisationEndDate') as due_date, r.date_relance::text as date_relance,
      'Échéance ATC du ' || to_char((k.feb->>'authorisationEndDate')::date, 'DD/MM/YYYY') || ' : ' ||
        lower(case when (k.feb->>'authorisationEndDate')::date < ${today}::date
          then ${lateBy(sql`(k.feb->>'authorisationEndDate')::date`, today)}
          else ${dueIn(sql`(k.feb->>'authorisationEndDate')::date`, today)} end) as display_value,
      '/app/contract/' || k.id as link
    from contracts k join request_clients r on r.id = k.request_id
    where k.status = 'SIGNED' and k.feb->>'authorisationEndDate' is not null
      and (k.feb->>'authorisationEndDate')::date <= ${today}::date + ${thresholdDays}::int
      and exists (select 1 from missions m where m.contract_id = k.id and m.kind = 'ESSMS_EVALUATION'
        and m.status <> 'FINALISED')`,
};

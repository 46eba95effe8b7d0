import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { contractClientColumns } from "../sql-helpers.js";

/** A signed contract with no deadline (échéance): nothing would tell when the evaluation is due. */
export const contractWithoutDeadline: AlertRule = {
  code: "contract-without-deadline",
  page: "ALERT_DATE",
  permission: { code: "PROSPECT", op: "any" },
  audience: isStaff,
  title: "Contrat signé sans échéance",
  description: "Contrat signé dont la date d'échéance n'est pas renseignée.",
  action: {
    code: "SET_CONTRACT_DEADLINE",
    label: "Renseigner l'échéance",
    description: "Saisir la date d'échéance du contrat dans son onglet Contrat.",
  },
  removable: true,
  changeable: true,
  cases: () => sql`
    select k.id::text as record_id, ${contractClientColumns("k")},
      k.signature_date::text as due_date, r.date_relance::text as date_relance,
      'Contrat ' || k.number || ' signé le ' || coalesce(to_char(k.signature_date, 'DD/MM/YYYY'), '?') as display_value,
      '/app/contract/' || k.id as link
    from contracts k join request_clients r on r.id = k.request_id
    where k.status = 'SIGNED' and k.deadline is null`,
};

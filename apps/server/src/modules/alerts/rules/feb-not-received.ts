import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { contractClientColumns, lateBy } from "../sql-helpers.js";

/**
 * A signed contract whose needs statement (FEB, the contract's `feb`) the ESSMS has not returned N
 * days after signing: no FEB, or its staff count (which only the ESSMS can give) still empty.
 */
export const febNotReceived: AlertRule = {
  code: "feb-not-received",
  page: "ALERT_FEB",
  permission: { code: "PROSPECT", op: "any" },
  audience: isStaff,
  title: "FEB non reçue",
  description: "Contrat signé dont la fiche d'expression des besoins n'est pas revenue complétée.",
  action: {
    code: "FOLLOW_UP_FEB",
    label: "Relancer la FEB",
    description: "Obtenir de l'établissement sa fiche d'expression des besoins, puis la saisir dans l'onglet Besoin.",
  },
  removable: false,
  changeable: true,
  threshold: { label: "Jours après la signature", defaultDays: 15 },
  cases: ({ today, thresholdDays }) => sql`
    select k.id::text as record_id, ${contractClientColumns("k")},
      (k.signature_date + ${thresholdDays}::int)::text as due_date, r.date_relance::text as date_relance,
      'Contrat ' || k.number || ', ' || ${lateBy(sql`k.signature_date + ${thresholdDays}::int`, today)} as display_value,
      '/app/contract/' || k.id as link
    from contracts k join request_clients r on r.id = k.request_id
    where k.status = 'SIGNED' and k.signature_date <= ${today}::date - ${thresholdDays}::int
      and (k.feb is null or k.feb->>'staffCount' is null)`,
};

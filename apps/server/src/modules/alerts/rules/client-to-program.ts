import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { parisDay } from "../sql-helpers.js";

/** A client under contract whose visit still has no date, N days after signing ("à programmer"). */
export const clientToProgram: AlertRule = {
  code: "client-to-program",
  page: "ALERT_PLANIFICATION",
  permission: { code: "CLIENT", op: "any" },
  audience: isStaff,
  title: "Évaluation à programmer",
  description: "Client sous contrat dont la visite n'a pas de date, passé le délai après la signature.",
  action: {
    code: "PROGRAM_EVALUATION",
    label: "Programmer l'évaluation",
    description: "Fixer la date de la visite avec l'établissement et l'équipe d'évaluateurs.",
  },
  removable: false,
  changeable: true,
  threshold: { label: "Jours après la signature", defaultDays: 15 },
  cases: ({ today, thresholdDays }) => sql`
    select c.id::text as record_id, c.raison_social, c.postal_code,
      (${parisDay(sql`c.client_since`)} + ${thresholdDays}::int)::text as due_date,
      c.date_relance::text as date_relance,
      'Signé le ' || to_char(${parisDay(sql`c.client_since`)}, 'DD/MM/YYYY') as display_value,
      '/app/timeline-client/' || c.id as link
    from clients c
    where c.client_since is not null and c.evaluation_date is null
      and ${parisDay(sql`c.client_since`)} <= ${today}::date - ${thresholdDays}::int`,
};

import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";

/**
 * An active evaluator without a signed impartiality declaration for the current year: none
 * deposited since 1 January (Paris). The due date is that 1 January, so an alert removed last year
 * comes back with the new year.
 */
export const auditorImpartialityMissing: AlertRule = {
  code: "auditor-impartiality-missing",
  page: "ALERT_EVALUATEUR",
  permission: { code: "MISSION", op: "any" },
  audience: isStaff,
  title: "Déclaration d'impartialité de l'année manquante",
  description: "Évaluateur actif sans déclaration d'impartialité signée pour l'année en cours.",
  action: {
    code: "COLLECT_IMPARTIALITY_DECLARATION",
    label: "Recueillir la déclaration",
    description: "Faire signer la déclaration d'impartialité de l'année et la déposer sur la fiche.",
  },
  removable: false,
  changeable: true,
  cases: ({ today }) => sql`
    select a.id::text as record_id, a.last_name || ' ' || a.first_name as raison_social, a.postal_code,
      date_trunc('year', ${today}::date)::date::text as due_date, null::text as date_relance,
      'Aucune déclaration pour ' || extract(year from ${today}::date)::text as display_value,
      '/app/evaluateur/' || a.id as link
    from auditors a
    where a.active and not exists (select 1 from documents d where d.auditor_id = a.id and d.deleted_at is null
      and d.auditor_document_kind = 'IMPARTIALITY_DECLARATION'
      and (d.created_at at time zone 'Europe/Paris')::date >= date_trunc('year', ${today}::date)::date)`,
};

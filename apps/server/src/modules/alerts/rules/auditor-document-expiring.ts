import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { dueIn, lateBy } from "../sql-helpers.js";

/**
 * An active evaluator's document (insurance, impartiality declaration, URSSAF…) expired or expiring
 * within N days, with no newer document of the same kind valid longer to replace it.
 */
export const auditorDocumentExpiring: AlertRule = {
  code: "auditor-document-expiring",
  page: "ALERT_EVALUATEUR",
  permission: { code: "MISSION", op: "any" },
  audience: isStaff,
  title: "Document d'évaluateur à renouveler",
  description: "Document expiré ou qui expire bientôt : l'évaluateur ne pourra plus être affecté.",
  action: {
    code: "RENEW_AUDITOR_DOCUMENT",
    label: "Obtenir le nouveau document",
    description: "Demander le document à jour à l'évaluateur et le déposer sur sa fiche.",
  },
  removable: false,
  changeable: true,
  threshold: { label: "Jours avant l'expiration", defaultDays: 30 },
  cases: ({ today, thresholdDays }) => sql`
    select d.id::text as record_id, a.last_name || ' ' || a.first_name as raison_social, a.postal_code,
      d.valid_until::text as due_date, null::text as date_relance,
      d.name || ' : ' || (case when d.valid_until < ${today}::date
        then 'expiré, ' || ${lateBy(sql`d.valid_until`, today)} else 'expire ' || lower(${dueIn(sql`d.valid_until`, today)}) end)
        as display_value,
      '/app/evaluateur/' || a.id as link
    from documents d join auditors a on a.id = d.auditor_id
    where a.active and d.deleted_at is null and d.auditor_document_kind is not null
      and d.valid_until <= ${today}::date + ${thresholdDays}::int
      and not exists (select 1 from documents n where n.auditor_id = d.auditor_id and n.deleted_at is null
        and n.auditor_document_kind = d.auditor_document_kind and n.id <> d.id
        and (n.valid_until is null or n.valid_until > d.valid_until))`,
};

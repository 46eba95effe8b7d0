import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { contractClientColumns, parisDay } from "../sql-helpers.js";

/**
 * A FEB PDF older than the contract: the contract (its needs, programme, team…) was changed after
 * the FEB was generated. The contract's audit trail tells it: an entry after the PDF other than the
 * regeneration itself (which also writes the contract).
 */
export const febToRegenerate: AlertRule = {
  code: "feb-to-regenerate",
  page: "ALERT_FEB",
  permission: { code: "PROSPECT", op: "any" },
  audience: isStaff,
  title: "FEB à régénérer",
  description: "Le contrat a changé depuis la génération de sa FEB.",
  action: {
    code: "REGENERATE_FEB",
    label: "Régénérer la FEB",
    description: "Régénérer le PDF de la FEB depuis l'onglet Besoin du contrat.",
  },
  removable: true,
  changeable: true,
  cases: () => sql`
    select k.id::text as record_id, ${contractClientColumns("k")},
      ${parisDay(sql`ch.at`)}::text as due_date, r.date_relance::text as date_relance,
      'Contrat ' || k.number || ' modifié le ' || to_char(${parisDay(sql`ch.at`)}, 'DD/MM/YYYY') as display_value,
      '/app/contract/' || k.id as link
    from contracts k join request_clients r on r.id = k.request_id
      join documents d on d.id = k.feb_document_id
      join lateral (select max(l.occurred_at) as at from audit_log l
        where l.entity_type = 'contract' and l.entity_id = k.id::text and l.occurred_at > d.created_at
          and l.summary not like 'FEB du contrat % régénérée') ch on ch.at is not null
    where k.status not in ('REFUSE', 'CANCELLED')`,
};

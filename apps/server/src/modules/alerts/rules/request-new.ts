import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { sinceDays } from "../sql-helpers.js";

/** A new request nobody has started on yet (status NEW): it waits for a first answer. */
export const requestNew: AlertRule = {
  code: "request-new",
  page: "ALERT_DEMAND",
  permission: { code: "PROSPECT", op: "any" },
  audience: isStaff,
  title: "Nouvelle demande",
  description: "Demande reçue, pas encore prise en charge.",
  action: {
    code: "ANSWER_REQUEST",
    label: "Prendre en charge la demande",
    description: "Étudier la demande (recevabilité, devis) ou la marquer traitée.",
  },
  removable: false,
  changeable: true,
  cases: ({ today }) => sql`
    select r.id::text as record_id, le.raison_social, le.postal_code,
      r.received_at::text as due_date, r.date_relance::text as date_relance,
      'Reçue ' || ${sinceDays(sql`r.received_at`, today)} as display_value,
      '/app/timeline-prospect/' || r.id as link
    from request_clients r join legal_entities le on le.id = r.legal_entity_id
    where r.archived_at is null and r.status = 'NEW'`,
};

import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { lateBy } from "../sql-helpers.js";

/** A request in study (recevability, quote in preparation) past N days: the client still has no answer. */
export const requestWaiting: AlertRule = {
  code: "request-waiting",
  page: "ALERT_DEMAND",
  permission: { code: "PROSPECT", op: "any" },
  audience: isStaff,
  title: "Demande en attente de réponse",
  description: "Demande à l'étude (recevabilité ou devis en préparation) sans réponse passé le délai.",
  action: {
    code: "ANSWER_REQUEST",
    label: "Répondre à la demande",
    description: "Rendre la décision de recevabilité ou envoyer le devis.",
  },
  removable: false,
  changeable: true,
  threshold: { label: "Jours après la réception de la demande", defaultDays: 10 },
  cases: ({ today, thresholdDays }) => sql`
    select r.id::text as record_id, le.raison_social, le.postal_code,
      (r.received_at + ${thresholdDays}::int)::text as due_date, r.date_relance::text as date_relance,
      ${lateBy(sql`r.received_at + ${thresholdDays}::int`, today)} as display_value,
      '/app/timeline-prospect/' || r.id as link
    from request_clients r join legal_entities le on le.id = r.legal_entity_id
    where r.archived_at is null and r.status in ('RECEVABILITY', 'QUOTE_DRAFT')
      and r.received_at <= ${today}::date - ${thresholdDays}::int`,
};

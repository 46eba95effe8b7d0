import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { lateBy, parisDay } from "../sql-helpers.js";

/** A quote sent N days ago, neither accepted nor refused. */
export const quoteUnanswered: AlertRule = {
  code: "quote-unanswered",
  page: "ALERT_DEMAND",
  permission: { code: "PROSPECT", op: "any" },
  audience: isStaff,
  title: "Devis sans réponse",
  description: "Devis envoyé, ni accepté ni refusé passé le délai de réponse.",
  action: {
    code: "FOLLOW_UP_QUOTE",
    label: "Relancer le devis",
    description: "Relancer le prospect sur le devis envoyé.",
  },
  removable: true,
  changeable: true,
  threshold: { label: "Jours après l'envoi du devis", defaultDays: 30 },
  cases: ({ today, thresholdDays }) => sql`
    select q.id::text as record_id, le.raison_social, le.postal_code,
      (${parisDay(sql`q.sent_at`)} + ${thresholdDays}::int)::text as due_date,
      r.date_relance::text as date_relance,
      'Devis ' || q.number || ', ' || ${lateBy(sql`${parisDay(sql`q.sent_at`)} + ${thresholdDays}::int`, today)} as display_value,
      '/app/timeline-prospect/' || r.id as link
    from quotes q join request_clients r on r.id = q.request_id join legal_entities le on le.id = r.legal_entity_id
    where q.status = 'SENT' and ${parisDay(sql`q.sent_at`)} <= ${today}::date - ${thresholdDays}::int`,
};

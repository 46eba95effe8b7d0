import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { eurosSql, invoiceClientJoin } from "./invoice-sql.js";

const remaining = sql.raw("(i.total_ttc_cents - i.paid_cents - i.credited_cents)");
/** The day (in Paris) the invoice's mail left. */
const sentDay = sql.raw("(i.sent_at at time zone 'Europe/Paris')::date");

/**
 * A sent invoice still (partly) unpaid X days after it was sent (the day its mail left; 30 days by default,
 * domain.md). An invoice issued but not sent is not counted: the client has not received it. The unpaid
 * reminders mailed to the client (Paramètres › Factures) go on apart.
 */
export const invoiceUnpaid: AlertRule = {
  code: "invoice-unpaid",
  page: "ALERT_FACTURE",
  permission: { code: "INVOICE", op: "any" },
  audience: isStaff,
  title: "Facture impayée",
  description: "Facture envoyée qui reste impayée, passé le délai après son envoi.",
  action: {
    code: "CHASE_PAYMENT",
    label: "Relancer le paiement",
    description: "Relancer l'établissement, puis enregistrer le règlement reçu sur la facture.",
  },
  removable: false,
  changeable: true,
  threshold: { label: "Jours après l'envoi", defaultDays: 30 },
  cases: ({ today, thresholdDays }) => sql`
    select i.id::text as record_id, c.raison_social, c.postal_code,
      (${sentDay} + ${thresholdDays}::int)::text as due_date, c.date_relance::text as date_relance,
      'Facture ' || i.number || ' : ' || ${eurosSql(remaining)} || ' restant dû, envoyée le '
        || to_char(${sentDay}, 'DD/MM/YYYY') || ' (' || (${today}::date - ${sentDay})::text || ' jours)' as display_value,
      '/app/facture/' || i.id as link
    from invoices i ${invoiceClientJoin}
    where i.status in ('INVOICE_SEND', 'INVOICE_PARTIALLY_PAID') and i.kind <> 'CREDIT_NOTE' and i.sent_at is not null
      and ${remaining} > 0 and ${sentDay} + ${thresholdDays}::int <= ${today}::date`,
};

import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { eurosSql, invoiceClientJoin } from "./invoice-sql.js";

const remaining = sql.raw("(i.total_ttc_cents - i.paid_cents - i.credited_cents)");

/**
 * An issued invoice still (partly) unpaid X days after it was sent (its issue date; 30 days by
 * default, domain.md). The unpaid reminders mailed to the client (Paramètres › Factures) go on apart.
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
      (i.issue_date + ${thresholdDays}::int)::text as due_date, c.date_relance::text as date_relance,
      'Facture ' || i.number || ' : ' || ${eurosSql(remaining)} || ' restant dû, envoyée le '
        || to_char(i.issue_date, 'DD/MM/YYYY') || ' (' || (${today}::date - i.issue_date)::text || ' jours)' as display_value,
      '/app/facture/' || i.id as link
    from invoices i ${invoiceClientJoin}
    where i.status in ('INVOICE_SEND', 'INVOICE_PARTIALLY_PAID') and i.kind <> 'CREDIT_NOTE'
      and ${remaining} > 0 and i.issue_date + ${thresholdDays}::int <= ${today}::date`,
};

import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { lateBy, parisDay } from "../sql-helpers.js";
import { eurosSql, invoiceClientJoin } from "./invoice-sql.js";

const drafted = parisDay(sql`i.created_at`);

/** A draft invoice (INVOICE_PREPARE, no number yet) left unissued N days after it was prepared. */
export const invoiceDraftUnissued: AlertRule = {
  code: "invoice-draft-unissued",
  page: "ALERT_FACTURE",
  permission: { code: "INVOICE", op: "any" },
  audience: isStaff,
  title: "Facture préparée non émise",
  description: "Une facture préparée attend d'être émise, passé le délai après sa préparation.",
  action: {
    code: "ISSUE_INVOICE",
    label: "Émettre la facture",
    description: "Vérifier le brouillon de la facture puis l'émettre (ou le supprimer s'il n'a plus lieu d'être).",
  },
  removable: true,
  changeable: true,
  threshold: { label: "Jours après la préparation", defaultDays: 7 },
  cases: ({ today, thresholdDays }) => sql`
    select i.id::text as record_id, c.raison_social, c.postal_code,
      (${drafted} + ${thresholdDays}::int)::text as due_date, c.date_relance::text as date_relance,
      case i.kind when 'DEPOSIT' then 'Acompte' when 'BALANCE' then 'Solde' else 'Facture' end
        || ' de ' || ${eurosSql(sql`i.total_ttc_cents`)} || ' TTC préparé le ' || to_char(${drafted}, 'DD/MM/YYYY')
        || ', ' || ${lateBy(sql`${drafted} + ${thresholdDays}::int`, today)} as display_value,
      '/app/facture/' || i.id as link
    from invoices i ${invoiceClientJoin}
    where i.status = 'INVOICE_PREPARE' and ${drafted} + ${thresholdDays}::int <= ${today}::date`,
};

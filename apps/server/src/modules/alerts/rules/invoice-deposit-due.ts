import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { liveInvoice } from "./invoice-sql.js";

/**
 * A signed contract that asks for a deposit (its deposit percentage above 0) and has no deposit
 * invoice yet (a cancelled one does not count), nor a balance invoice (the invoices service then refuses
 * the deposit: the balance bills the whole). The row opens the Facture tab of the contract's first
 * mission, whose first block prepares the deposit.
 */
export const invoiceDepositDue: AlertRule = {
  code: "invoice-deposit-due",
  page: "ALERT_FACTURE",
  permission: { code: "INVOICE", op: "any" },
  audience: isStaff,
  title: "Facture d'acompte à établir",
  description: "Contrat signé prévoyant un acompte, sans facture d'acompte.",
  action: {
    code: "DRAFT_DEPOSIT_INVOICE",
    label: "Préparer la facture d'acompte",
    description: "Préparer puis émettre la facture d'acompte du contrat (onglet Facture de la mission).",
  },
  removable: true,
  changeable: true,
  threshold: { label: "Jours après la signature", defaultDays: 0 },
  cases: ({ today, thresholdDays }) => sql`
    select k.id::text as record_id, fm.raison_social, fm.postal_code,
      (k.signature_date + ${thresholdDays}::int)::text as due_date, fm.date_relance::text as date_relance,
      'Contrat ' || k.number || ' signé le ' || to_char(k.signature_date, 'DD/MM/YYYY') || ', acompte de '
        || replace(rtrim(rtrim(to_char(k.deposit_percent, 'FM990.00'), '0'), '.'), '.', ',') || ' %' as display_value,
      '/app/mission/' || fm.client_id || '/' || fm.id || '?onglet=facture' as link
    from contracts k
      join lateral (select m.id, m.client_id, c.raison_social, c.postal_code, c.date_relance
        from missions m join clients c on c.id = m.client_id where m.contract_id = k.id
        order by c.raison_social, m.id limit 1) fm on true
    where k.status = 'SIGNED' and k.deposit_percent > 0 and k.signature_date is not null
      and k.signature_date + ${thresholdDays}::int <= ${today}::date
      and not exists (select 1 from invoices i where i.contract_id = k.id and i.kind in ('DEPOSIT', 'BALANCE')
        and ${liveInvoice("i")})`,
};

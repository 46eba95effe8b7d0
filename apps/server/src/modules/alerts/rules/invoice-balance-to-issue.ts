import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { lateBy } from "../sql-helpers.js";
import { liveInvoice } from "./invoice-sql.js";
import { missionClientJoin, missionLink } from "./mission-deadlines-sql.js";

/**
 * A mission whose visit is over (its last day N days past) under a signed contract, with no balance
 * invoice drafted nor issued (a cancelled one does not count): the balance is to invoice.
 */
export const invoiceBalanceToIssue: AlertRule = {
  code: "invoice-balance-to-issue",
  page: "ALERT_FACTURE",
  permission: { code: "INVOICE", op: "any" },
  audience: isStaff,
  title: "Facture de solde à établir",
  description: "La visite est terminée et aucune facture de solde n'est préparée ni émise pour la mission.",
  action: {
    code: "DRAFT_BALANCE_INVOICE",
    label: "Préparer la facture de solde",
    description: "Préparer puis émettre la facture de solde de la mission (onglet Facture).",
  },
  removable: true,
  changeable: true,
  threshold: { label: "Jours après le dernier jour de visite", defaultDays: 7 },
  cases: ({ today, thresholdDays }) => sql`
    select m.id::text as record_id, c.raison_social, c.postal_code,
      (m.last_day + ${thresholdDays}::int)::text as due_date, c.date_relance::text as date_relance,
      'Visite terminée le ' || to_char(m.last_day, 'DD/MM/YYYY') || ', '
        || ${lateBy(sql`m.last_day + ${thresholdDays}::int`, today)} as display_value,
      ${missionLink("facture")} as link
    from missions m ${missionClientJoin} join contracts k on k.id = m.contract_id
    where k.status = 'SIGNED' and m.last_day is not null
      and m.last_day + ${thresholdDays}::int <= ${today}::date
      and not exists (select 1 from invoices i where i.mission_id = m.id and i.kind = 'BALANCE' and ${liveInvoice("i")})`,
};

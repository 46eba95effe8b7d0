import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { contractClientColumns } from "../sql-helpers.js";

/**
 * A granted certificate whose surveillance window (14th to 22nd month after the decision) opens
 * within N days or is open, with no surveillance audit planned (a CERT_SURVEILLANCE mission with
 * days, on one of the contract's establishments). Past the window it stays, as a fault to fix.
 */
export const certSurveillanceWindow: AlertRule = {
  code: "cert-surveillance-window",
  page: "ALERT_DATE",
  permission: { code: "PROSPECT", op: "any" },
  audience: isStaff,
  title: "Audit de surveillance à planifier",
  description:
    "La fenêtre de surveillance (14e–22e mois après la certification) approche ou court sans audit planifié.",
  action: {
    code: "PLAN_SURVEILLANCE_AUDIT",
    label: "Planifier l'audit de surveillance",
    description: "Programmer l'audit de surveillance dans la fenêtre des 14e–22e mois.",
  },
  removable: false,
  changeable: true,
  threshold: { label: "Jours avant l'ouverture de la fenêtre", defaultDays: 60 },
  cases: ({ today, thresholdDays }) => sql`
    select w.id::text as record_id, ${contractClientColumns("w")},
      w.opens::text as due_date, null::text as date_relance,
      'Fenêtre du ' || to_char(w.opens, 'DD/MM/YYYY') || ' au ' || to_char(w.closes, 'DD/MM/YYYY') as display_value,
      '/app/contract/' || w.id as link
    from (select k.*, ((k.decision->>'decidedAt')::date + interval '14 months')::date as opens,
        ((k.decision->>'decidedAt')::date + interval '22 months')::date as closes
      from contracts k where k.decision->>'decision' = 'GRANTED' and k.decision->>'decidedAt' is not null) w
    where w.opens <= ${today}::date + ${thresholdDays}::int
      and (w.decision->>'validUntil' is null or (w.decision->>'validUntil')::date >= ${today}::date)
      and not exists (select 1 from missions m join contract_establishments ce on ce.client_id = m.client_id
        where ce.contract_id = w.id and m.kind like 'CERT_SURVEILLANCE%' and m.first_day is not null
          and m.first_day >= (w.decision->>'decidedAt')::date)`,
};

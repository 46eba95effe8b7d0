import { sql } from "drizzle-orm";
import { isStaff } from "../../../lib/policy.js";
import type { AlertRule } from "../alert-rule.js";
import { contractClientColumns, dueIn, lateBy } from "../sql-helpers.js";

/** A granted certificate ending within N days (6 months) with no renewal audit planned. */
export const certRenewalDue: AlertRule = {
  code: "cert-renewal-due",
  page: "ALERT_DATE",
  permission: { code: "PROSPECT", op: "any" },
  audience: isStaff,
  title: "Certificat à renouveler",
  description: "Le certificat arrive à échéance sans audit de renouvellement planifié.",
  action: {
    code: "PLAN_RENEWAL_AUDIT",
    label: "Planifier le renouvellement",
    description: "Proposer le renouvellement au client et programmer l'audit avant la fin du certificat.",
  },
  removable: false,
  changeable: true,
  threshold: { label: "Jours avant la fin du certificat", defaultDays: 183 },
  cases: ({ today, thresholdDays }) => sql`
    select k.id::text as record_id, ${contractClientColumns("k")},
      (k.decision->>'validUntil') as due_date, null::text as date_relance,
      'Fin le ' || to_char((k.decision->>'validUntil')::date, 'DD/MM/YYYY') || ' : ' ||
        lower(case when (k.decision->>'validUntil')::date < ${today}::date
          then ${lateBy(sql`(k.decision->>'validUntil')::date`, today)}
          else ${dueIn(sql`(k.decision->>'validUntil')::date`, today)} end) as display_value,
      '/app/contract/' || k.id as link
    from contracts k
    where k.decision->>'decision' = 'GRANTED' and k.decision->>'validUntil' is not null
      and (k.decision->>'validUntil')::date <= ${today}::date + ${thresholdDays}::int
      and not exists (select 1 from missions m join contract_establishments ce on ce.client_id = m.client_id
        where ce.contract_id = k.id and m.kind = 'CERT_RENEWAL' and m.first_day is not null
          and m.first_day >= coalesce((k.decision->>'decidedAt')::date, k.signature_date))`,
};

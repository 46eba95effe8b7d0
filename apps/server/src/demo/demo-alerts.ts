import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { parisDate } from "../lib/clock.js";
import { seedCertificationDecisionDemo } from "./demo-certification.js";

/**
 * The alert pages' demo cases the other sections do not produce on their own: a few rows of the
 * generated data turned into the situations the alerts are for (a FEB not returned, a contract signed
 * without a deadline, an evaluator working in the département of a planned visit…). Plain data
 * changes, each one a state the workflows can reach.
 */
export async function seedAlertsDemo(tx: Executor, { now }: { now: Date }) {
  const today = parisDate(now);
  const signed = (
    n: number,
    extra = sql`true`,
  ) => sql`(select k.id from contracts k join request_clients r on r.id = k.request_id
    where k.status = 'SIGNED' and k.signature_date <= ${today}::date - 20 and ${extra}
    order by k.signature_date, k.id limit ${n})`;

  // Feb: two signed contracts whose ESSMS has not returned its staff count.
  await tx.execute(sql`update contracts set feb = jsonb_set(feb, '{staffCount}', 'null'::jsonb)
    where feb is not null and id in ${signed(2, sql`r.service = 'ESSMS_EVALUATION'`)}`);
  // Dates: a signed contract without a deadline; two ATC deadlines within the next months.
  await tx.execute(
    sql`update contracts set deadline = null where id in ${signed(1, sql`k.feb->>'staffCount' is not null`)}`,
  );
  await tx.execute(sql`update contracts k set feb = jsonb_set(k.feb, '{authorisationEndDate}', to_jsonb((${today}::date + 75 + 40 * x.n::int)::text))
    from (select m.contract_id, row_number() over (order by m.contract_id) as n from missions m
      where m.kind = 'ESSMS_EVALUATION' and m.status <> 'FINALISED' group by m.contract_id order by m.contract_id limit 2) x
    where k.id = x.contract_id and k.feb is not null`);
  // Certification: a certificate granted after its audit, ending within six months (demo-certification.ts).
  await seedCertificationDecisionDemo(tx, { today });
  // Evaluateurs: one evaluator's impartiality declaration dates from last December.
  await tx.execute(sql`update documents set created_at = (date_trunc('year', ${today}::date) - interval '20 days'),
      valid_until = (date_trunc('year', ${today}::date) + interval '11 months')::date
    where id = (select d.id from documents d join auditors a on a.id = d.auditor_id
      where a.active and d.deleted_at is null and d.auditor_document_kind = 'IMPARTIALITY_DECLARATION'
      order by a.last_name desc, d.id limit 1)`);
  // Liens: two evaluators of planned visits employed by another ESSMS of the visit's département.
  await tx.execute(sql`insert into auditor_links (auditor_id, organisation_type, organisation_id, organisation_name, nature,
      start_date, comment, recorded_by_label, recorded_at)
    select x.auditor_id, 'ESSMS', x.other_id, x.other_name, 'EMPLOYMENT', ${today}::date - 400,
      'Vacations de nuit déclarées par l''évaluateur.', 'Isabelle Fournier', ${now.toISOString()}::timestamptz
    from (select distinct on (m.id) tm.auditor_id, o.id as other_id, o.raison_social as other_name, m.first_day, m.id
      from missions m join clients c on c.id = m.client_id join mission_team_members tm on tm.mission_id = m.id
        join clients o on o.departement = c.departement and o.id <> c.id
      where m.status <> 'FINALISED' and m.first_day > ${today}::date and c.departement is not null
      order by m.id, o.raison_social) x
    order by x.first_day, x.id limit 2`);
}

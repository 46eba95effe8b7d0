import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { contracts, requestClients } from "../db/schema/index.js";

/**
 * The demo's certification decision, taken as the workflow allows it (decision-preconditions.ts): on a
 * contract whose audits are over and whose establishment's observation period has ended, the final report is
 * deposited (mission finalised, the establishment's evaluation finished), the major non-conformity lifted with
 * its corrective action, and only then the certificate granted, dated after all of it. The certificate is a
 * transfer from another body, which keeps the end of its cycle: it ends within six months with no renewal
 * planned (the renewal alert). Before, the demo granted certificates dated before their own audits, a major
 * non-conformity still open; a surveillance window opening now needs a certificate of 13 months, older than
 * any demo audit, so that alert has no demo case.
 */
export async function seedCertificationDecisionDemo(tx: Executor, { today }: { today: string }) {
  const [chosen] = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .innerJoin(requestClients, eq(requestClients.id, contracts.requestId))
    .where(
      and(
        eq(contracts.status, "SIGNED"),
        eq(requestClients.service, "CERTIFICATION"),
        isNull(contracts.decision),
        sql`exists (select 1 from missions m where m.contract_id = ${contracts.id})`,
        // Every audit over three weeks ago: its report steps are then dated to fit (below).
        sql`not exists (select 1 from missions m where m.contract_id = ${contracts.id} and (m.last_day is null
          or m.last_day >= ${today}::date - 20))`,
      ),
    )
    .orderBy(asc(contracts.signatureDate), asc(contracts.id))
    .limit(1);
  if (!chosen) return;
  // The preliminary report sent after the audit and its observation period (15 days) over before the decision:
  // whatever the random steps of the demo left, the workflow's order.
  await tx.execute(sql`update missions set
      preliminary_sent_at = least(coalesce(preliminary_sent_at, last_day + 3), ${today}::date - 19),
      observations_received_at = case when observations_received_at is null then null
        else greatest(least(observations_received_at, ${today}::date - 5), least(coalesce(preliminary_sent_at, last_day + 3), ${today}::date - 19)) end
    where contract_id = ${chosen.id}`);
  const reportDay = sql`(${today}::date - 3)`;
  await tx.execute(sql`update mission_non_conformities n set closed_at = ${today}::date - 4, closed_by = 'Isabelle Fournier',
      corrective_action = coalesce(n.corrective_action, 'Plan d''action mis en œuvre.'),
      evidence = coalesce(n.evidence, 'Pièces justificatives transmises par l''organisme.')
    from missions m where m.id = n.mission_id and m.contract_id = ${chosen.id} and n.closed_at is null`);
  await tx.execute(sql`update missions set final_report_at = ${reportDay}, status = 'FINALISED'
    where contract_id = ${chosen.id}`);
  await tx.execute(sql`update clients c set evaluation_finished_at = ${reportDay}
    from missions m where m.contract_id = ${chosen.id} and c.id = m.client_id`);
  await tx.execute(sql`update contracts set decision = jsonb_build_object('decision', 'GRANTED', 'decidedBy', 'Claire Durand',
      'decidedAt', (${today}::date - 2)::text, 'validUntil', (${today}::date + interval '5 months')::date::text,
      'comment', 'Transfert d''un certificat en cours : l''échéance de son cycle est conservée.')
    where id = ${chosen.id}`);
}

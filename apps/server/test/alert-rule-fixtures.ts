import { sql } from "drizzle-orm";
import type { Database } from "../src/db/client.js";
import { invoices, missions, missionTeamMembers } from "../src/db/schema/index.js";
import type { AlertRule } from "../src/modules/alerts/index.js";
import { buildAuditor, buildContract, buildEssms, buildRequest } from "./factories.js";

export interface RuleCase {
  record_id: string;
  raison_social: string | null;
  postal_code: string | null;
  due_date: string | null;
  date_relance: string | null;
  display_value: string | null;
  link: string;
}

/** The cases a rule's own query finds on `today`, at its default threshold unless told. */
export async function casesOf(db: Database, rule: AlertRule, today: string, thresholdDays?: number) {
  const result = await db.execute(
    rule.cases({
      db,
      today,
      now: new Date(`${today}T10:00:00Z`),
      thresholdDays: thresholdDays ?? rule.threshold?.defaultDays ?? 0,
    }),
  );
  return (result as unknown as { rows: RuleCase[] }).rows;
}

/** Whether `recordId` is among the rule's cases on `today`. */
export async function finds(db: Database, rule: AlertRule, today: string, recordId: string) {
  return (await casesOf(db, rule, today)).some((c) => c.record_id === recordId);
}

/**
 * A mission under a signed contract, its columns as given (last visit day, report milestones…),
 * with a team of `team` evaluators: real rows, inserted directly (the rules read only these).
 */
export async function buildMission(
  db: Database,
  values: Partial<typeof missions.$inferInsert> = {},
  options: { team?: number; depositPercent?: number; signatureDate?: string } = {},
) {
  const essms = await buildEssms(db, { contact: { email: "direction@essms.fr" } });
  const request = await buildRequest(db, { clientIds: [essms.id], status: "WON" });
  const contract = await buildContract(db, {
    requestId: request.id,
    clientIds: [essms.id],
    status: "SIGNED",
    signatureDate: options.signatureDate ?? "2026-01-10",
    depositPercent: options.depositPercent ?? 0,
  });
  const [mission] = await db
    .insert(missions)
    .values({ contractId: contract.id, clientId: essms.id, kind: "ESSMS_EVALUATION", ...values })
    .returning();
  if (!mission) throw new Error("mission not inserted");
  const team = [];
  for (let i = 0; i < (options.team ?? 2); i++) {
    const auditor = await buildAuditor(db, { email: `evaluateur${i}-${mission.id.slice(0, 8)}@test.fr` });
    team.push(auditor);
    await db
      .insert(missionTeamMembers)
      .values({ missionId: mission.id, auditorId: auditor.id, role: i === 0 ? "COORDINATOR" : "EVALUATOR" });
  }
  return { mission, contract, essms, team };
}

/** An invoice row of a contract (a draft unless told), amounts in cents. */
export async function buildInvoice(
  db: Database,
  values: Partial<typeof invoices.$inferInsert> & { contractId: string; clientId: string },
) {
  const [row] = await db
    .insert(invoices)
    .values({
      kind: "BALANCE",
      buyer: {
        name: "EHPAD",
        legalForm: null,
        address: null,
        postalCode: null,
        city: null,
        siren: null,
        siret: null,
        vatNumber: null,
        email: "compta@essms.fr",
      },
      totalHtCents: 100_000,
      totalVatCents: 20_000,
      totalTtcCents: 120_000,
      ...values,
    })
    .returning();
  if (!row) throw new Error("invoice not inserted");
  return row;
}

/** Moves a row's creation instant (drafts age from it). */
export const createdOn = (db: Database, id: string, at: string) =>
  db.execute(sql`update invoices set created_at = ${at}::timestamptz where id = ${id}`);

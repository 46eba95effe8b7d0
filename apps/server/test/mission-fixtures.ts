import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { contractDays, contractEstablishments, contractEvaluators, missions } from "../src/db/schema/index.js";
import { buildAuditor, buildContract, buildEssms, buildLegalEntity, buildRequest } from "./factories.js";
import type { Session } from "./session.js";
import type { TestContext } from "./test-app.js";

export interface SignedContractOptions {
  service?: "ESSMS_EVALUATION" | "CERTIFICATION";
  /** Establishments of the contract (one by default); `grouped` gives them a regrouping status. */
  establishments?: number;
  grouped?: boolean;
  days?: Array<{ day: string; timeSlotId: number; clientIndex?: number }>;
  /** The programme's team; two new evaluators (the first coordinating) by default. */
  team?: Array<{ auditorId: string; role: "COORDINATOR" | "EVALUATOR" }>;
  signatureDate?: string;
}

/**
 * A contract with its programme, signed through the API (the real signing path, which creates the
 * missions): answers the contract, its establishments and its missions (in establishment order).
 */
export async function signedContract(ctx: TestContext, signer: Session, options: SignedContractOptions = {}) {
  const db = ctx.handle.db;
  const entity = await buildLegalEntity(db);
  const clientIds: string[] = [];
  for (let i = 0; i < (options.establishments ?? 1); i++)
    clientIds.push(
      (
        await buildEssms(db, {
          raisonSocial: `EHPAD Mission ${String.fromCharCode(65 + i)} ${entity.id.slice(0, 4)}`,
          legalEntityId: entity.id,
          prospect: true,
          contact: { email: `direction${i}@essms.fr` },
        })
      ).id,
    );
  const request = await buildRequest(db, { clientIds, service: options.service ?? "ESSMS_EVALUATION" });
  const contract = await buildContract(db, { requestId: request.id, clientIds });
  if (options.grouped)
    await db
      .update(contractEstablishments)
      .set({ regroupingStatus: 1 })
      .where(eq(contractEstablishments.contractId, contract.id));
  const days = options.days ?? [];
  if (days.length)
    await db.insert(contractDays).values(
      days.map((d, position) => ({
        contractId: contract.id,
        clientId: d.clientIndex === undefined ? null : (clientIds[d.clientIndex] ?? null),
        day: d.day,
        timeSlotId: d.timeSlotId,
        dayFraction: d.timeSlotId <= 4 ? 1 : 0.5,
        position,
      })),
    );
  const team = options.team ?? [
    { auditorId: (await buildAuditor(db)).id, role: "COORDINATOR" as const },
    { auditorId: (await buildAuditor(db)).id, role: "EVALUATOR" as const },
  ];
  if (team.length) await db.insert(contractEvaluators).values(team.map((t) => ({ contractId: contract.id, ...t })));
  const signed = await ctx.app.inject({
    method: "POST",
    url: `/api/contracts/${contract.id}/sign`,
    headers: signer.bearer,
    payload: { signatureDate: options.signatureDate ?? "2026-01-10", version: contract.version },
  });
  expect(signed.statusCode, signed.body).toBe(200);
  const rows = await db
    .select()
    .from(missions)
    .where(eq(missions.contractId, contract.id))
    .orderBy(asc(missions.createdAt), asc(missions.id));
  const byClient = clientIds.map((id) => rows.find((m) => m.clientId === id));
  return { contract, clientIds, team, missions: byClient.filter((m) => m !== undefined) };
}

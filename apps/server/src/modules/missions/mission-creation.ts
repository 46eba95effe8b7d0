import { randomUUID } from "node:crypto";
import type { MissionKind } from "@certidesk/shared";
import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import {
  clients,
  contractDays,
  contractEstablishments,
  contractEvaluators,
  contracts,
  missionDays,
  missionOrders,
  missions,
  missionTeamMembers,
  requestClients,
} from "../../db/schema/index.js";
import type { AuditActor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";

export interface SignedContract {
  contractId: string;
  actor: AuditActor;
  requestId?: string;
  now?: Date;
}

/** A certification's first audit is initial, unless the request came for a renewal. */
const kindOf = (service: string, source: string): MissionKind =>
  service === "CERTIFICATION" ? (source === "RENOUVELLEMENT" ? "CERT_RENEWAL" : "CERT_INITIAL") : "ESSMS_EVALUATION";

/** One visit day per date (the first slot given wins), in date order. */
function uniqueDays<T extends { day: string }>(days: T[]): T[] {
  const byDay = new Map<string, T>();
  for (const d of days) if (!byDay.has(d.day)) byDay.set(d.day, d);
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/**
 * The command the contract lifecycle calls when a contract is signed (inside its transaction): one
 * mission per establishment of the contract, with the programme's days and team, and a WAITING
 * mission order per evaluator. Establishments evaluated together (regrouping status 1–3 on a
 * contract of several establishments) share a group id, and the days of the whole group. Signing
 * twice creates nothing more.
 */
export async function createForSignedContract(tx: Executor, input: SignedContract): Promise<string[]> {
  const now = input.now ?? new Date();
  const [contract] = await tx
    .select({ contract: contracts, service: requestClients.service, source: requestClients.source })
    .from(contracts)
    .innerJoin(requestClients, eq(requestClients.id, contracts.requestId))
    .where(eq(contracts.id, input.contractId));
  if (!contract) throw new Error(`contract ${input.contractId} not found`);
  const links = await tx
    .select({ clientId: contractEstablishments.clientId, regroupingStatus: contractEstablishments.regroupingStatus })
    .from(contractEstablishments)
    .innerJoin(clients, eq(clients.id, contractEstablishments.clientId))
    .where(eq(contractEstablishments.contractId, input.contractId))
    .orderBy(asc(clients.raisonSocial));
  const days = await tx
    .select()
    .from(contractDays)
    .where(eq(contractDays.contractId, input.contractId))
    .orderBy(asc(contractDays.day), asc(contractDays.position));
  const team = await tx.select().from(contractEvaluators).where(eq(contractEvaluators.contractId, input.contractId));

  const groupedIds = new Set(
    links.length > 1 ? links.filter((l) => l.regroupingStatus !== null).map((l) => l.clientId) : [],
  );
  const groupId = groupedIds.size > 1 ? randomUUID() : null;
  const kind = kindOf(contract.service, contract.source);
  const created: string[] = [];
  for (const link of links) {
    const inGroup = groupId !== null && groupedIds.has(link.clientId);
    const own = uniqueDays(
      days.filter(
        (d) => d.clientId === null || d.clientId === link.clientId || (inGroup && groupedIds.has(d.clientId)),
      ),
    );
    const [mission] = await tx
      .insert(missions)
      .values({
        contractId: input.contractId,
        clientId: link.clientId,
        groupId: inGroup ? groupId : null,
        kind,
        firstDay: own[0]?.day ?? null,
        lastDay: own.at(-1)?.day ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!mission) continue;
    created.push(mission.id);
    if (own.length)
      await tx.insert(missionDays).values(
        own.map((d, position) => ({
          missionId: mission.id,
          day: d.day,
          timeSlotId: d.timeSlotId,
          dayFraction: d.dayFraction,
          position,
        })),
      );
    if (team.length) {
      await tx
        .insert(missionTeamMembers)
        .values(team.map((t) => ({ missionId: mission.id, auditorId: t.auditorId, role: t.role })));
      await tx.insert(missionOrders).values(
        team.map((t) => ({
          missionId: mission.id,
          auditorId: t.auditorId,
          role: t.role,
          status: "WAITING",
          createdBy: input.actor.userId,
          createdAt: now,
        })),
      );
    }
    await writeAudit(
      tx,
      input.actor,
      {
        action: "create",
        entityType: "mission",
        entityId: mission.id,
        summary: `Mission créée à la signature du contrat ${contract.contract.number}`,
        changes: { clientId: link.clientId, contractId: input.contractId, groupId: mission.groupId },
      },
      input.requestId,
    );
  }
  return created;
}

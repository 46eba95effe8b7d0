import { and, asc, desc, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import {
  auditors,
  clients,
  contracts,
  documents,
  missionClientAnswers,
  missionDays,
  missions,
  missionTeamMembers,
  requestClients,
  type TrainingOrganisationData,
} from "../../db/schema/index.js";
import { currentOrders } from "./missions.repository.js";

/** The queries of the evaluator space and the client portal (mission-portal.service.ts). */

export type ClientAnswerRow = typeof missionClientAnswers.$inferSelect;

/** The documents an ESSMS provides for its mission (asked in the preparation). */
export const CLIENT_PROVIDED_META_CODE = "AUTRES_PREPARATION";

const essmsColumns = {
  raisonSocial: clients.raisonSocial,
  address: clients.address,
  postalCode: clients.postalCode,
  city: clients.city,
};

/** What the training organisations behind these certification audits declared on their requests, by mission. */
export async function trainingDataOfMissions(db: Executor, missionIds: string[]) {
  if (missionIds.length === 0) return new Map<string, TrainingOrganisationData>();
  const rows = await db
    .select({ missionId: missions.id, data: requestClients.trainingOrganisation })
    .from(missions)
    .innerJoin(contracts, eq(contracts.id, missions.contractId))
    .innerJoin(requestClients, eq(requestClients.id, contracts.requestId))
    .where(and(inArray(missions.id, missionIds), eq(requestClients.service, "CERTIFICATION")));
  return new Map(rows.flatMap((r) => (r.data ? [[r.missionId, r.data] as const] : [])));
}

/** The days of several missions at once, by mission. */
export async function daysOfMissions(db: Executor, missionIds: string[]) {
  if (missionIds.length === 0) return new Map<string, Array<typeof missionDays.$inferSelect>>();
  const rows = await db
    .select()
    .from(missionDays)
    .where(inArray(missionDays.missionId, missionIds))
    .orderBy(asc(missionDays.day));
  const byMission = new Map<string, Array<typeof missionDays.$inferSelect>>();
  for (const r of rows) byMission.set(r.missionId, [...(byMission.get(r.missionId) ?? []), r]);
  return byMission;
}

/** The evaluator's current orders (SENT ones wait for their answer) with their mission and ESSMS. */
export async function ordersOfAuditor(db: Executor, auditorId: string) {
  const orders = await currentOrders(db, { auditorId });
  const missionIds = [...new Set(orders.map((o) => o.order.missionId))];
  if (missionIds.length === 0) return [];
  const rows = await db
    .select({ mission: missions, essms: essmsColumns })
    .from(missions)
    .innerJoin(clients, eq(clients.id, missions.clientId))
    .where(inArray(missions.id, missionIds));
  const byId = new Map(rows.map((r) => [r.mission.id, r]));
  return orders.flatMap((o) => {
    const m = byId.get(o.order.missionId);
    return m ? [{ ...o, mission: m.mission, essms: m.essms }] : [];
  });
}

/** The missions whose team the evaluator is on and which are not finalised. */
export async function openMissionsOfAuditor(db: Executor, auditorId: string) {
  return db
    .select({
      mission: missions,
      essms: essmsColumns,
      role: missionTeamMembers.role,
      signatureDate: contracts.signatureDate,
    })
    .from(missionTeamMembers)
    .innerJoin(missions, eq(missions.id, missionTeamMembers.missionId))
    .innerJoin(clients, eq(clients.id, missions.clientId))
    .innerJoin(contracts, eq(contracts.id, missions.contractId))
    .where(and(eq(missionTeamMembers.auditorId, auditorId), ne(missions.status, "FINALISED")))
    .orderBy(asc(missions.firstDay), asc(missions.id));
}

/** Visits from `today` on: missions with a day on or after it. */
export function isComing(m: { lastDay: string | null }, today: string) {
  return !!m.lastDay && m.lastDay >= today;
}

/** The teams of several missions, with what the client's proposal shows of each evaluator. */
export async function teamProfiles(db: Executor, missionIds: string[]) {
  if (missionIds.length === 0) return [];
  return db
    .select({
      missionId: missionTeamMembers.missionId,
      auditorId: auditors.id,
      role: missionTeamMembers.role,
      firstName: auditors.firstName,
      lastName: auditors.lastName,
      mobilePhone: auditors.mobilePhone,
      phone: auditors.phone,
      sectorDomains: auditors.sectorDomains,
      publicTypes: auditors.publicTypes,
      referentielTrainingDate: auditors.referentielTrainingDate,
    })
    .from(missionTeamMembers)
    .innerJoin(auditors, eq(auditors.id, missionTeamMembers.auditorId))
    .where(inArray(missionTeamMembers.missionId, missionIds))
    .orderBy(asc(missionTeamMembers.role), asc(auditors.lastName), asc(auditors.firstName));
}

/** A client's missions, most recent contract first. */
export async function missionsOfClient(db: Executor, clientId: string) {
  return db
    .select({
      mission: missions,
      essms: essmsColumns,
      contract: { number: contracts.number, signatureDate: contracts.signatureDate },
    })
    .from(missions)
    .innerJoin(clients, eq(clients.id, missions.clientId))
    .innerJoin(contracts, eq(contracts.id, missions.contractId))
    .where(eq(missions.clientId, clientId))
    .orderBy(desc(missions.createdAt), asc(missions.id));
}

/** The latest answer of each kind per mission. */
export async function latestAnswers(db: Executor, missionIds: string[]) {
  const result = new Map<string, { team?: ClientAnswerRow; observations?: ClientAnswerRow }>();
  if (missionIds.length === 0) return result;
  const rows = await db
    .select()
    .from(missionClientAnswers)
    .where(inArray(missionClientAnswers.missionId, missionIds))
    .orderBy(asc(missionClientAnswers.createdAt));
  for (const r of rows) {
    const entry = result.get(r.missionId) ?? {};
    if (r.kind === "TEAM") entry.team = r;
    if (r.kind === "OBSERVATIONS") entry.observations = r;
    result.set(r.missionId, entry);
  }
  return result;
}

export async function insertAnswer(tx: Executor, values: typeof missionClientAnswers.$inferInsert) {
  await tx.insert(missionClientAnswers).values(values);
}

/** The documents the ESSMS provided for its missions (live ones). */
export async function providedDocuments(db: Executor, missionIds: string[]) {
  if (missionIds.length === 0) return [];
  return db
    .select({
      id: documents.id,
      missionId: documents.missionId,
      name: documents.name,
      createdAt: documents.createdAt,
      createdBy: documents.createdBy,
    })
    .from(documents)
    .where(
      and(
        inArray(documents.missionId, missionIds),
        eq(documents.metaCode, CLIENT_PROVIDED_META_CODE),
        isNull(documents.deletedAt),
      ),
    )
    .orderBy(asc(documents.createdAt));
}

export async function auditorExists(db: Executor, id: string) {
  const [row] = await db.select({ id: auditors.id }).from(auditors).where(eq(auditors.id, id));
  return !!row;
}

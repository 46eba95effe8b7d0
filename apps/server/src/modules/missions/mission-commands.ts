import { CLIENT_GATED_REPORT_CODES } from "@certidesk/shared";
import { and, eq, inArray, isNotNull, ne, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.js";
import { clients, contracts, missionDays, missions, missionTeamMembers } from "../../db/schema/index.js";

const CLOSED_CONTRACTS = ["REFUSE", "CANCELLED"];

/**
 * The visit days of live missions the evaluators are on, among `days` (the impartiality engine's
 * "already booked"), leaving out the missions of `excludeContractId` (the one being staffed).
 */
export async function bookedMissionDays(
  db: Executor,
  auditorIds: string[],
  days: string[],
  excludeContractId?: string,
) {
  if (days.length === 0 || auditorIds.length === 0) return [];
  return db
    .selectDistinct({
      auditorId: missionTeamMembers.auditorId,
      day: missionDays.day,
      contractNumber: contracts.number,
      clientName: clients.raisonSocial,
    })
    .from(missionDays)
    .innerJoin(missions, eq(missions.id, missionDays.missionId))
    .innerJoin(missionTeamMembers, eq(missionTeamMembers.missionId, missions.id))
    .innerJoin(contracts, eq(contracts.id, missions.contractId))
    .innerJoin(clients, eq(clients.id, missions.clientId))
    .where(
      and(
        inArray(missionTeamMembers.auditorId, auditorIds),
        inArray(missionDays.day, days),
        notInArray(contracts.status, CLOSED_CONTRACTS),
        excludeContractId ? ne(missions.contractId, excludeContractId) : undefined,
      ),
    );
}

/**
 * For the library: whether a client user may see a document. A report of a mission (preliminary,
 * final) is theirs only once it has been sent to them: the mission names that very document and the
 * report has left (preliminary sent, final report recorded). Any other document is not gated.
 */
export function clientMayReadReportSql(document: { id: AnyPgColumn; metaCode: AnyPgColumn }): SQL {
  const gated = [...CLIENT_GATED_REPORT_CODES];
  const released = sql`exists (select 1 from ${missions} where (${missions.preliminaryDocumentId} = ${document.id} and ${missions.preliminarySentAt} is not null) or (${missions.finalDocumentId} = ${document.id} and ${missions.finalReportAt} is not null))`;
  return or(sql`${document.metaCode} is null`, notInArray(document.metaCode, gated), released) as SQL;
}

/** The same rule for one document already loaded. */
export async function clientMayReadReport(db: Executor, doc: { id: string; metaCode: string | null }) {
  if (!doc.metaCode || !(CLIENT_GATED_REPORT_CODES as readonly string[]).includes(doc.metaCode)) return true;
  const [row] = await db
    .select({ id: missions.id })
    .from(missions)
    .where(
      or(
        and(eq(missions.preliminaryDocumentId, doc.id), isNotNull(missions.preliminarySentAt)),
        and(eq(missions.finalDocumentId, doc.id), isNotNull(missions.finalReportAt)),
      ),
    )
    .limit(1);
  return !!row;
}

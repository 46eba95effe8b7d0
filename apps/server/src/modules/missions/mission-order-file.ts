import type { MissionKind, MissionRole } from "@certidesk/shared";
import type { Executor } from "../../db/client.js";
import type { CompanyIdentity } from "../../lib/pdf/pdf-service.js";
import type { DocumentToFile } from "../documents/index.js";
import { renderMissionOrderPdf } from "./mission-order-pdf.js";
import * as repo from "./missions.repository.js";

/** What every order of one mission shares: the establishment, the contract, the group, the days. */
export type OrderFileContext = Awaited<ReturnType<typeof orderFileContext>>;
type Person = Awaited<ReturnType<typeof repo.auditorsWithFareClass>>[number];

/** Read with the executor given: inside a write, the days just saved. */
export async function orderFileContext(
  db: Executor,
  row: repo.MissionRow,
  identity: CompanyIdentity,
  issuedOn: string,
) {
  const { client, contract } = await repo.contextOf(db, row);
  const group = await repo.groupOf(db, row);
  const groupNames = await repo.clientNamesOf(
    db,
    group.filter((g) => g.id !== row.id).map((g) => g.clientId),
  );
  const days = await repo.daysOf(db, row.id);
  return { identity, row, client, contract, groupNames: [...groupNames.values()], days, issuedOn };
}

/**
 * One evaluator's mission order as a document to file (MISSION_ORDER_AUDITOR): sending the orders and a
 * change of days, team or role (mission-follow.ts) print the same PDF.
 */
export async function missionOrderFile(
  c: OrderFileContext,
  person: Person,
  role: MissionRole,
): Promise<DocumentToFile> {
  const data = await renderMissionOrderPdf(c.identity, {
    auditor: { ...person.auditor, fareClass: person.fareClass },
    role,
    kind: c.row.kind as MissionKind,
    remote: c.row.remote,
    client: c.client,
    contractNumber: c.contract.number,
    travelExpenseMode: c.contract.travelExpenseMode,
    days: c.days,
    groupedWith: c.groupNames,
    issuedOn: c.issuedOn,
  });
  return {
    meta: {
      family: "AUDITOR",
      name: `Ordre de mission — ${c.client.raisonSocial}`,
      auditorId: person.auditor.id,
      clientId: c.client.id,
      missionId: c.row.id,
      metaCode: "MISSION_ORDER_AUDITOR",
    },
    file: { fileName: `ordre-de-mission-${person.auditor.lastName.toLowerCase()}.pdf`, data },
  };
}

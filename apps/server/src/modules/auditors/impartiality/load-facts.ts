import {
  type AuditorDocumentKind,
  type LinkNature,
  type RuleSeverities,
  requiredDocumentKinds,
} from "@certidesk/shared";
import { and, eq, gte, inArray, isNotNull, isNull, lte, ne, notInArray, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.js";
import {
  auditorLinks,
  type auditors,
  auditorUnavailability,
  clients,
  contractDays,
  contractEvaluators,
  contracts,
  documents,
  impartialitySettings,
  legalEntities,
} from "../../../db/schema/index.js";
import { bookedMissionDays } from "../../missions/index.js";
import { monthOf } from "./dates.js";
import type { ImpartialityFacts, LinkFact } from "./facts.js";

const CLOSED_CONTRACTS = ["REFUSE", "CANCELLED"];
export type AuditorRecord = typeof auditors.$inferSelect;
export type EssmsFacts = ImpartialityFacts["essms"];

export async function loadSettings(db: Executor) {
  const [row] = await db.select().from(impartialitySettings).where(eq(impartialitySettings.id, 1));
  if (row) return row;
  const [created] = await db.insert(impartialitySettings).values({ id: 1 }).onConflictDoNothing().returning();
  if (created) return created;
  const [again] = await db.select().from(impartialitySettings).where(eq(impartialitySettings.id, 1));
  if (!again) throw new Error("impartiality settings missing");
  return again;
}

/** The ESSMS as the rules see it: its legal entity, gestionnaire, département and sector domains. */
export async function loadEssms(db: Executor, clientId: string): Promise<EssmsFacts | null> {
  const [row] = await db
    .select({ client: clients, gestionnaireId: legalEntities.gestionnaireId })
    .from(clients)
    .leftJoin(legalEntities, eq(legalEntities.id, clients.legalEntityId))
    .where(eq(clients.id, clientId));
  if (!row) return null;
  return {
    id: row.client.id,
    raisonSocial: row.client.raisonSocial,
    departement: row.client.departement,
    legalEntityId: row.client.legalEntityId,
    gestionnaireId: row.gestionnaireId ?? null,
    sectorDomains: row.client.sectorDomains,
  };
}

/** Each link with its organisation's legal entity, gestionnaire and (for an ESSMS) département. */
async function loadLinks(db: Executor, auditorIds: string[]) {
  const links = await db.select().from(auditorLinks).where(inArray(auditorLinks.auditorId, auditorIds));
  const essmsIds = links.filter((l) => l.organisationType === "ESSMS").map((l) => l.organisationId);
  const entityIds = links.filter((l) => l.organisationType === "LEGAL_ENTITY").map((l) => l.organisationId);
  const essms = essmsIds.length
    ? await db
        .select({
          id: clients.id,
          legalEntityId: clients.legalEntityId,
          departement: clients.departement,
          gestionnaireId: legalEntities.gestionnaireId,
        })
        .from(clients)
        .leftJoin(legalEntities, eq(legalEntities.id, clients.legalEntityId))
        .where(inArray(clients.id, essmsIds))
    : [];
  const entities = entityIds.length
    ? await db
        .select({ id: legalEntities.id, gestionnaireId: legalEntities.gestionnaireId })
        .from(legalEntities)
        .where(inArray(legalEntities.id, entityIds))
    : [];
  return links.map((l): LinkFact & { auditorId: string } => {
    const e = essms.find((x) => x.id === l.organisationId);
    const le = entities.find((x) => x.id === l.organisationId);
    return {
      auditorId: l.auditorId,
      organisationType: l.organisationType as LinkFact["organisationType"],
      organisationId: l.organisationId,
      organisationName: l.organisationName,
      nature: l.nature as LinkNature,
      startDate: l.startDate,
      endDate: l.endDate,
      legalEntityId: l.organisationType === "LEGAL_ENTITY" ? l.organisationId : (e?.legalEntityId ?? null),
      gestionnaireId: e?.gestionnaireId ?? le?.gestionnaireId ?? null,
      departement: e?.departement ?? null,
    };
  });
}

/** Visit days of other live missions the evaluators are on, among `days` (the missions module's command). */
export async function loadBookedDays(db: Executor, auditorIds: string[], days: string[], excludeContractId?: string) {
  return bookedMissionDays(db, auditorIds, days, excludeContractId);
}

/** Missions (live contract programmes) per evaluator and month, for the given months. */
export async function loadMonthLoads(db: Executor, auditorIds: string[], months: string[], excludeContractId?: string) {
  if (months.length === 0 || auditorIds.length === 0) return [];
  const month = sql<string>`to_char(${contractDays.day}, 'YYYY-MM')`;
  const rows = await db
    .select({
      auditorId: contractEvaluators.auditorId,
      month,
      n: sql<number>`count(distinct ${contractDays.contractId})`,
    })
    .from(contractDays)
    .innerJoin(contractEvaluators, eq(contractEvaluators.contractId, contractDays.contractId))
    .innerJoin(contracts, eq(contracts.id, contractDays.contractId))
    .where(
      and(
        inArray(contractEvaluators.auditorId, auditorIds),
        inArray(month, months),
        notInArray(contracts.status, CLOSED_CONTRACTS),
        excludeContractId ? ne(contracts.id, excludeContractId) : undefined,
      ),
    )
    .groupBy(contractEvaluators.auditorId, month);
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/**
 * Loads the facts for several evaluators and one ESSMS in a few queries (candidates rank them all),
 * then hands each evaluator's facts to the pure rules.
 */
export async function loadFacts(
  db: Executor,
  input: {
    auditors: AuditorRecord[];
    essms: EssmsFacts;
    days: string[];
    today: string;
    excludeContractId?: string | undefined;
    /** The role each evaluator would hold, when the check is for a mission's team. */
    roles?: ReadonlyMap<string, "COORDINATOR" | "EVALUATOR">;
  },
): Promise<Map<string, ImpartialityFacts>> {
  const ids = input.auditors.map((a) => a.id);
  const days = [...new Set(input.days)].sort();
  const out = new Map<string, ImpartialityFacts>();
  if (ids.length === 0) return out;
  const first = days[0] ?? input.today;
  const last = days[days.length - 1] ?? input.today;
  const months = [...new Set(days.map(monthOf))];
  const [settings, links, docs, off, booked, loads] = await Promise.all([
    loadSettings(db),
    loadLinks(db, ids),
    db
      .select({ auditorId: documents.auditorId, kind: documents.auditorDocumentKind, validUntil: documents.validUntil })
      .from(documents)
      .where(
        and(
          inArray(documents.auditorId, ids),
          eq(documents.family, "AUDITOR"),
          isNull(documents.deletedAt),
          isNotNull(documents.auditorDocumentKind),
        ),
      ),
    db
      .select()
      .from(auditorUnavailability)
      .where(
        and(
          inArray(auditorUnavailability.auditorId, ids),
          lte(auditorUnavailability.startDate, last),
          gte(auditorUnavailability.endDate, first),
        ),
      ),
    loadBookedDays(db, ids, days, input.excludeContractId),
    loadMonthLoads(db, ids, months, input.excludeContractId),
  ]);
  for (const a of input.auditors) {
    const required = requiredDocumentKinds(a.status);
    out.set(a.id, {
      today: input.today,
      days,
      settings: { ...settings, ruleSeverities: settings.ruleSeverities as RuleSeverities },
      role: input.roles?.get(a.id),
      auditor: {
        id: a.id,
        status: a.status,
        active: a.active,
        roles: a.roles,
        zones: a.zones,
        sectorDomains: a.sectorDomains,
        maxMissionsPerMonth: a.maxMissionsPerMonth,
      },
      essms: input.essms,
      links: links.filter((l) => l.auditorId === a.id),
      documents: docs
        .filter((d) => d.auditorId === a.id && required.includes(d.kind as AuditorDocumentKind))
        .map((d) => ({ kind: d.kind as AuditorDocumentKind, validUntil: d.validUntil })),
      unavailability: off.filter((u) => u.auditorId === a.id),
      booked: booked
        .filter((b) => b.auditorId === a.id)
        .map((b) => ({ day: b.day, label: `contrat ${b.contractNumber}${b.clientName ? `, ${b.clientName}` : ""}` })),
      monthLoads: Object.fromEntries(loads.filter((l) => l.auditorId === a.id).map((l) => [l.month, l.n])),
    });
  }
  return out;
}

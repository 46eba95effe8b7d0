import {
  AUDITOR_STAFF_FIELDS,
  type AuditorBodyOutput,
  type AuditorListQueryOutput,
  type AuditorMission,
  departementOf,
} from "@certidesk/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.js";
import {
  auditors,
  clients,
  contractDays,
  contractEstablishments,
  contractEvaluators,
  contracts,
  fareClasses,
  users,
} from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { diffFields, writeAudit } from "../../lib/audit.js";
import type { Clock } from "../../lib/clock.js";
import { badRequest, forbidden, notFound, staleVersion } from "../../lib/errors.js";
import { buildAuditorWorkbook } from "./auditor-export.js";
import { documentStateSql, listAuditors } from "./auditor-list.repository.js";
import { auditorName, toAuditor, toAuditorRow } from "./auditor-row.js";
import { abilities, auditorListWhere, authorize } from "./auditors.policy.js";
import { addDays } from "./impartiality/dates.js";
import { loadSettings } from "./impartiality/load-facts.js";

const NOT_FOUND = "Évaluateur introuvable.";

export interface AuditorsDeps {
  db: Database;
  clock: Clock;
}

const listScope = (actor: Actor) => auditorListWhere(actor, auditors.id);

/** The evaluator's file: list, read, create, update (versioned), export, contract programmes. */
export function createAuditorsService({ db, clock }: AuditorsDeps) {
  async function documentDates(tx: Executor) {
    const settings = await loadSettings(tx);
    const today = clock.today();
    return { today, soon: addDays(today, settings.expiringSoonDays) };
  }

  async function load(tx: Executor, id: string) {
    const dates = await documentDates(tx);
    const [row] = await tx
      .select({
        auditor: auditors,
        fareClassName: fareClasses.name,
        documentState: documentStateSql(dates.today, dates.soon),
      })
      .from(auditors)
      .leftJoin(fareClasses, eq(fareClasses.id, auditors.fareClassId))
      .where(eq(auditors.id, id));
    if (!row) return null;
    const [user] = await tx
      .select({ id: users.id, identifier: users.identifier, active: users.active })
      .from(users)
      .where(eq(users.auditorId, id))
      .limit(1);
    return toAuditor(row.auditor, {
      fareClassName: row.fareClassName,
      user: user ?? null,
      documentState: row.documentState,
    });
  }

  async function checkFareClass(tx: Executor, id: string | null) {
    if (!id) return;
    const [f] = await tx.select({ id: fareClasses.id }).from(fareClasses).where(eq(fareClasses.id, id));
    if (!f) throw badRequest("Classe de transport inconnue.");
  }

  const values = (body: AuditorBodyOutput) => ({
    ...body,
    departement: body.postalCode ? departementOf(body.postalCode) : null,
  });

  return {
    async list(actor: Actor, query: AuditorListQueryOutput) {
      const { rows, total } = await listAuditors(db, query, listScope(actor), await documentDates(db));
      return { items: rows.map(toAuditorRow), total, page: query.page, pageSize: query.pageSize };
    },

    async exportXlsx(actor: Actor, query: AuditorListQueryOutput) {
      const { rows } = await listAuditors(db, { ...query, page: 0 }, listScope(actor), await documentDates(db));
      return buildAuditorWorkbook(rows.map(toAuditorRow));
    },

    async get(actor: Actor, id: string) {
      authorize(actor, "read", { id });
      const auditor = await load(db, id);
      if (!auditor) throw notFound(NOT_FOUND);
      const { update, updateStaffFields, declare } = abilities(actor, { id });
      return { ...auditor, abilities: { update, updateStaffFields, declare } };
    },

    async create(actor: Actor, body: AuditorBodyOutput, requestId?: string) {
      const id = await db.transaction(async (tx) => {
        await checkFareClass(tx, body.fareClassId);
        const [created] = await tx.insert(auditors).values(values(body)).returning({ id: auditors.id });
        if (!created) throw new Error("auditor not inserted");
        await writeAudit(
          tx,
          actor,
          {
            action: "create",
            entityType: "auditor",
            entityId: created.id,
            summary: `Fiche évaluateur de ${auditorName(body)} créée`,
          },
          requestId,
        );
        return created.id;
      });
      return this.get(actor, id);
    },

    /** A stale version answers 409; an evaluator keeps the staff's fields (status, fees…) as they are. */
    async update(actor: Actor, id: string, body: AuditorBodyOutput & { version: number }, requestId?: string) {
      authorize(actor, "update", { id });
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(auditors).where(eq(auditors.id, id));
        if (!current) throw notFound(NOT_FOUND);
        const { version, ...input } = body;
        const next = values(input);
        if (!abilities(actor, { id }).updateStaffFields) {
          const changed = Object.keys(diffFields(current, next)).filter((k) =>
            (AUDITOR_STAFF_FIELDS as readonly string[]).includes(k),
          );
          if (changed.length)
            throw forbidden("Le statut, les compétences et les conditions sont tenus par l'équipe RH.");
        }
        await checkFareClass(tx, next.fareClassId);
        const [saved] = await tx
          .update(auditors)
          .set({ ...next, version: sql`${auditors.version} + 1`, updatedAt: clock.now() })
          .where(and(eq(auditors.id, id), eq(auditors.version, version)))
          .returning({ id: auditors.id });
        if (!saved) throw staleVersion();
        await writeAudit(
          tx,
          actor,
          {
            action: "update",
            entityType: "auditor",
            entityId: id,
            summary: `Fiche évaluateur de ${auditorName(next)} modifiée`,
            changes: diffFields(current, { ...next, dailyFee: next.dailyFee }),
          },
          requestId,
        );
      });
      return this.get(actor, id);
    },

    /** The contract programmes the evaluator is on (missions will add theirs). */
    async missions(actor: Actor, id: string): Promise<AuditorMission[]> {
      authorize(actor, "read", { id });
      const rows = await db
        .select({
          contractId: contracts.id,
          contractNumber: contracts.number,
          contractStatus: contracts.status,
          role: contractEvaluators.role,
          firstDay: sql<
            string | null
          >`(select min(${contractDays.day}) from ${contractDays} where ${contractDays.contractId} = ${contracts.id})`,
          lastDay: sql<
            string | null
          >`(select max(${contractDays.day}) from ${contractDays} where ${contractDays.contractId} = ${contracts.id})`,
          dayCount: sql<number>`(select coalesce(sum(${contractDays.dayFraction}), 0) from ${contractDays} where ${contractDays.contractId} = ${contracts.id})`,
        })
        .from(contractEvaluators)
        .innerJoin(contracts, eq(contracts.id, contractEvaluators.contractId))
        .where(eq(contractEvaluators.auditorId, id))
        .orderBy(sql`2 desc`);
      const establishments = await db
        .select({
          contractId: contractEstablishments.contractId,
          clientId: clients.id,
          raisonSocial: clients.raisonSocial,
          city: clients.city,
        })
        .from(contractEstablishments)
        .innerJoin(clients, eq(clients.id, contractEstablishments.clientId))
        .innerJoin(contractEvaluators, eq(contractEvaluators.contractId, contractEstablishments.contractId))
        .where(eq(contractEvaluators.auditorId, id))
        .orderBy(asc(clients.raisonSocial));
      return rows
        .map((r) => ({
          ...r,
          dayCount: Number(r.dayCount),
          establishments: establishments
            .filter((e) => e.contractId === r.contractId)
            .map(({ contractId: _c, ...e }) => e),
        }))
        .sort((a, b) => (b.firstDay ?? "9999").localeCompare(a.firstDay ?? "9999"));
    },
  };
}
export type AuditorsService = ReturnType<typeof createAuditorsService>;

import {
  AUDITOR_STAFF_FIELDS,
  type AuditorBodyOutput,
  type AuditorListQueryOutput,
  type AuditorMission,
  departementOf,
} from "@certidesk/shared";
import type { Database, Executor } from "../../db/client.js";
import { auditors } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { diffFields, writeAudit } from "../../lib/audit.js";
import type { Clock } from "../../lib/clock.js";
import { badRequest, forbidden, notFound } from "../../lib/errors.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import { buildAuditorWorkbook } from "./auditor-export.js";
import { listAuditors } from "./auditor-list.repository.js";
import { auditorName, toAuditor, toAuditorRow } from "./auditor-row.js";
import { abilities, auditorListWhere, auditorResource, authorize } from "./auditors.policy.js";
import { auditorContracts, fareClassExists, insertAuditor, loadAuditorDetail } from "./auditors.repository.js";
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
    const row = await loadAuditorDetail(tx, id, await documentDates(tx));
    if (!row) return null;
    return toAuditor(row.auditor, {
      fareClassName: row.fareClassName,
      user: row.user,
      documentState: row.documentState,
    });
  }

  async function checkFareClass(tx: Executor, id: string | null) {
    if (id && !(await fareClassExists(tx, id))) throw badRequest("Classe de transport inconnue.");
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
        const createdId = await insertAuditor(tx, values(body));
        await writeAudit(
          tx,
          actor,
          {
            action: "create",
            entityType: "auditor",
            entityId: createdId,
            summary: `Fiche évaluateur de ${auditorName(body)} créée`,
          },
          requestId,
        );
        return createdId;
      });
      return this.get(actor, id);
    },

    /** A stale version answers 409; an evaluator keeps the staff's fields (status, fees…) as they are. */
    async update(actor: Actor, id: string, body: AuditorBodyOutput & { version: number }, requestId?: string) {
      const { version, ...input } = body;
      const next = values(input);
      await versionedUpdate({
        db,
        table: auditors,
        id,
        version,
        actor,
        entityType: "auditor",
        requestId,
        clock,
        authorize: { resource: auditorResource, action: "update" },
        apply: async (tx, current) => {
          if (!abilities(actor, { id }).updateStaffFields) {
            const changed = Object.keys(diffFields(current, next)).filter((k) =>
              (AUDITOR_STAFF_FIELDS as readonly string[]).includes(k),
            );
            if (changed.length)
              throw forbidden("Le statut, les compétences et les conditions sont tenus par l'équipe RH.");
          }
          await checkFareClass(tx, next.fareClassId);
          return { values: next, summary: `Fiche évaluateur de ${auditorName(next)} modifiée`, changes: true };
        },
      });
      return this.get(actor, id);
    },

    /** The contract programmes the evaluator is on (missions will add theirs). */
    async missions(actor: Actor, id: string): Promise<AuditorMission[]> {
      authorize(actor, "read", { id });
      const { rows, establishments } = await auditorContracts(db, id);
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

import type {
  NonConformity,
  NonConformitySeverity,
  nonConformityBodySchema,
  nonConformityUpdateBodySchema,
} from "@certidesk/shared";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import type { Clock } from "../../lib/clock.js";
import { conflict, notFound } from "../../lib/errors.js";
import { authorize } from "../../lib/policy.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import { missionResource } from "./missions.policy.js";
import * as missionsRepo from "./missions.repository.js";
import * as repo from "./non-conformities.repository.js";

type Body = z.output<typeof nonConformityBodySchema>;
type UpdateBody = z.output<typeof nonConformityUpdateBodySchema>;
const NOT_FOUND = "Non-conformité introuvable.";
const SEVERITY = { MAJOR: "majeure", MINOR: "mineure" } as const;

/**
 * The non-conformities of a certification audit, per criterion. The mission's policy decides who
 * sees them (its scope) and who records or closes them; a closed one no longer changes.
 */
export function createNonConformitiesService({ db, clock }: { db: Database; clock: Clock }) {
  const toDto = (r: repo.NonConformityRow): NonConformity => ({
    id: r.id,
    missionId: r.missionId,
    criterion: r.criterion,
    severity: r.severity as NonConformitySeverity,
    description: r.description,
    correctiveAction: r.correctiveAction,
    evidence: r.evidence,
    dueDate: r.dueDate,
    closedAt: r.closedAt,
    closedBy: r.closedBy,
    late: !r.closedAt && !!r.dueDate && r.dueDate < clock.today(),
    version: r.version,
  });

  async function missionFor(tx: Executor, actor: Actor, missionId: string, action: "read" | "manageNonConformities") {
    const loaded = await missionsRepo.findMission(tx, missionId);
    if (!loaded) throw notFound(missionResource.notFound);
    authorize(actor, action, missionResource, loaded.record);
    return loaded;
  }

  /** The record the NC's policy checks: its mission (scope, right, certification only). */
  const missionRecord = async (tx: Executor, nc: repo.NonConformityRow) => {
    const loaded = await missionsRepo.findMission(tx, nc.missionId);
    if (!loaded) throw notFound(NOT_FOUND);
    return loaded.record;
  };

  return {
    async list(actor: Actor, missionId: string) {
      await missionFor(db, actor, missionId, "read");
      return (await repo.listOf(db, missionId)).map(toDto);
    },

    async create(actor: Actor, missionId: string, input: Body, requestId?: string) {
      const created = await db.transaction(async (tx) => {
        await missionFor(tx, actor, missionId, "manageNonConformities");
        const row = await repo.insert(tx, {
          missionId,
          ...input,
          createdById: actor.userId,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        });
        await writeAudit(
          tx,
          actor,
          {
            action: "create",
            entityType: "mission",
            entityId: missionId,
            summary: `Non-conformité ${SEVERITY[input.severity]} relevée (critère ${input.criterion})`,
            changes: { nonConformityId: row.id },
          },
          requestId,
        );
        return row;
      });
      return toDto(created);
    },

    async update(actor: Actor, id: string, input: UpdateBody, requestId?: string) {
      const { version, ...values } = input;
      const saved = await versionedUpdate({
        db,
        table: repo.nonConformitiesTable,
        id,
        version,
        actor,
        clock,
        entityType: "nonConformity",
        notFound: NOT_FOUND,
        requestId,
        authorize: { resource: missionResource, action: "manageNonConformities", record: missionRecord },
        apply: (_tx, current) => {
          if (current.closedAt) throw conflict("Cette non-conformité est levée : elle ne se modifie plus.");
          return { values, summary: `Non-conformité du critère ${values.criterion} modifiée`, changes: true };
        },
      });
      return toDto(saved);
    },

    async close(actor: Actor, id: string, input: { version: number }, requestId?: string) {
      const saved = await versionedUpdate({
        db,
        table: repo.nonConformitiesTable,
        id,
        version: input.version,
        actor,
        clock,
        entityType: "nonConformity",
        notFound: NOT_FOUND,
        requestId,
        authorize: { resource: missionResource, action: "closeNonConformity", record: missionRecord },
        apply: (_tx, current) => {
          if (current.closedAt) throw conflict("Cette non-conformité est déjà levée.");
          if (!current.correctiveAction)
            throw conflict("Renseignez l'action corrective de l'établissement avant de lever la non-conformité.");
          return {
            values: { closedAt: clock.today(), closedBy: actor.label, closedById: actor.userId },
            summary: `Non-conformité du critère ${current.criterion} levée par ${actor.label}`,
            action: "status",
          };
        },
      });
      return toDto(saved);
    },
  };
}

export type NonConformitiesService = ReturnType<typeof createNonConformitiesService>;

/**
 * The command the contracts module calls before a certification decision, besides its preconditions
 * (decision-preconditions.ts): the French reason it is refused when the decision maker audited one of the
 * contract's establishments, or null.
 */
export async function decisionBlocker(
  tx: Executor,
  input: { contractId: string; deciderAuditorId: string | null },
): Promise<string | null> {
  if (!input.deciderAuditorId) return null;
  const missions = await repo.missionsOfContract(tx, input.contractId);
  const audited = await repo.auditedClients(
    tx,
    input.deciderAuditorId,
    missions.map((m) => m.clientId),
  );
  return audited.length
    ? "La décision revient à une personne qui n'a pas audité l'établissement : choisissez un autre décideur."
    : null;
}

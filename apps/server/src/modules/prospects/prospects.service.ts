import type {
  createRequestBodySchema,
  EstablishmentOption,
  ProspectRow,
  RequestDetail,
  TrainingOrganisation,
  updateRequestBodySchema,
} from "@certidesk/shared";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { requestClients } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { AppError, badRequest, notFound, unprocessable } from "../../lib/errors.js";
import { authorize, isStaff } from "../../lib/policy.js";
import { pageJsonText } from "../../lib/sql-json.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import { requestResource } from "./prospects.policy.js";
import * as repo from "./prospects.repository.js";
import type { RecevabilityService } from "./recevability.service.js";
import { deriveStatus } from "./request-status.js";
import { insertRequest } from "./request-writes.js";

/** The recevability the actor may not read is left out of the request; any other failure is the request's. */
const refusalAsNull = (error: unknown) => {
  if (error instanceof AppError) return null;
  throw error;
};

type CreateInput = z.output<typeof createRequestBodySchema>;
type UpdateInput = z.output<typeof updateRequestBodySchema>;
type RequestAction = (typeof requestResource.actions)[number];
const NOT_FOUND = requestResource.notFound;

/** The establishments must belong to the legal entity, the contact to one of them or to it. */
async function checkParties(tx: Executor, legalEntityId: string, clientIds: string[], contactId: string | null) {
  if ((await repo.countEstablishmentsOf(tx, legalEntityId, clientIds)) !== new Set(clientIds).size)
    throw badRequest("Les établissements choisis doivent appartenir à l'entité juridique de la demande.");
  if (contactId && !(await repo.contactBelongs(tx, contactId, legalEntityId, clientIds)))
    throw badRequest("Le contact choisi n'appartient pas à cette demande.");
}

/**
 * What a refusal does to the request's quotes and contracts. Injected (see app.ts) rather than
 * imported: quotes and contracts depend on prospects, so prospects cannot import them back.
 */
export interface RefusalCascade {
  refuseOpenQuotes(tx: Executor, input: { requestId: string; reason: string; now: Date }): Promise<void>;
  cancelOpenContracts(tx: Executor, input: { requestId: string }): Promise<void>;
}

export function createProspectsService({
  db,
  recevability,
  cascade,
  clock = systemClock,
}: {
  db: Database;
  recevability: RecevabilityService;
  cascade: RefusalCascade;
  clock?: Clock;
}) {
  /** The common options of a request write through versionedUpdate. */
  const write = (actor: Actor, id: string, action: RequestAction, version: number, requestId?: string) => ({
    db,
    clock,
    table: requestClients,
    id,
    version,
    actor,
    requestId,
    entityType: "request",
    authorize: { resource: requestResource, action },
  });
  const saved = (row: { id: string; version: number }) => ({ id: row.id, version: row.version });

  return {
    /** Requests are staff records: another profile given the right by Settings still sees none. */
    async list(actor: Actor, kind: repo.ProspectListKind, query: repo.ProspectQuery) {
      if (!isStaff(actor)) return pageJsonText<ProspectRow>("[]", 0, query);
      const { items, total } = await repo.listProspects(db, kind, query);
      return pageJsonText<ProspectRow>(items, total, query);
    },

    async detail(actor: Actor, id: string): Promise<RequestDetail> {
      const found = await repo.findProspect(db, id);
      if (!found) throw notFound(NOT_FOUND);
      authorize(actor, "read", requestResource, found);
      const { row, ...req } = found;
      const extras = await repo.detailExtras(db, id);
      const clientIds = extras.establishments.map((e) => e.id);
      const [entity, contactRows] = await Promise.all([
        repo.findLegalEntity(db, req.legalEntityId),
        repo.contactsOfRequest(db, req.legalEntityId, clientIds),
      ]);
      const contract = extras.contracts[0] ?? null;
      return {
        ...row,
        wishedPeriod: req.wishedPeriod,
        notes: req.notes,
        receivedAt: req.receivedAt,
        contactId: req.contactId,
        contacts: contactRows.map((c) => ({ ...c, isMain: c.isMain })),
        legalEntity: {
          id: req.legalEntityId,
          raisonSocial: entity?.raisonSocial ?? "",
          siren: entity?.siren ?? null,
          siret: entity?.siret ?? null,
          vatNumber: entity?.vatNumber ?? null,
          address: entity?.address ?? null,
          postalCode: entity?.postalCode ?? null,
          city: entity?.city ?? null,
        },
        establishmentDetails: extras.establishments.map((e) => ({ ...e, isClient: e.clientSince !== null })),
        quotes: extras.quotes.map((q) => ({
          id: q.id,
          number: q.number,
          revision: q.revision,
          status: q.status as "DRAFT",
          totalTTC: q.totalTTC,
          createdAt: q.createdAt.toISOString(),
          sentAt: q.sentAt?.toISOString() ?? null,
        })),
        contract: contract ? { id: contract.id, number: contract.number, status: contract.status } : null,
        recevability: req.service === "CERTIFICATION" ? await recevability.read(actor, id).catch(refusalAsNull) : null,
        trainingOrganisation: req.service === "CERTIFICATION" ? req.trainingOrganisation : null,
      };
    },

    async create(actor: Actor, input: CreateInput, requestId?: string) {
      return db.transaction(async (tx) => {
        if (!(await repo.legalEntityExists(tx, input.legalEntityId))) throw badRequest("Entité juridique introuvable.");
        await checkParties(tx, input.legalEntityId, input.clientIds, input.contactId);
        const created = await insertRequest(
          tx,
          actor,
          { ...input, receivedAt: input.receivedAt ?? clock.today() },
          requestId,
        );
        if (input.service === "CERTIFICATION") {
          await repo.ensureReview(tx, created.id);
          await repo.setStatusWithoutVersion(tx, created.id, "RECEVABILITY");
        }
        return { id: created.id, version: created.version };
      });
    },

    update: async (actor: Actor, id: string, input: UpdateInput, requestId?: string) =>
      saved(
        await versionedUpdate({
          ...write(actor, id, "update", input.version, requestId),
          apply: async (tx, current) => {
            await checkParties(tx, current.legalEntityId, input.clientIds, input.contactId);
            await repo.replaceEstablishments(tx, id, input.clientIds);
            if (input.service === "CERTIFICATION") await repo.ensureReview(tx, id);
            const { version: _v, clientIds: _c, ...values } = input;
            const status = current.status === "REFUSE" ? current.status : await deriveStatus(tx, id);
            return {
              values: { ...values, status },
              summary: `Demande ${current.reference} modifiée`,
              action: "status",
            };
          },
        }),
      ),

    /** A certification applicant's training-organisation data, which the auditors size the audit from. */
    saveTrainingOrganisation: async (
      actor: Actor,
      id: string,
      input: { trainingOrganisation: TrainingOrganisation; version: number },
      requestId?: string,
    ) =>
      saved(
        await versionedUpdate({
          ...write(actor, id, "update", input.version, requestId),
          apply: (_tx, current) => {
            if (current.service !== "CERTIFICATION")
              throw unprocessable(
                "Ces données concernent les organismes de formation qui demandent une certification.",
              );
            const t = input.trainingOrganisation;
            return {
              values: { trainingOrganisation: t },
              summary: `Données d'organisme de formation de la demande ${current.reference} : ${t.trainers.length} formateur(s), ${t.trainees.perYear} stagiaire(s) par an, ${t.premises.length} local(aux)`,
            };
          },
        }),
      ),

    /** Refusal (by us or by the prospect): open quotes are refused, unsigned contracts cancelled. */
    refuse: async (actor: Actor, id: string, input: { reason: string; version: number }, requestId?: string) =>
      saved(
        await versionedUpdate({
          ...write(actor, id, "refuse", input.version, requestId),
          apply: async (tx, current) => {
            await cascade.refuseOpenQuotes(tx, { requestId: id, reason: input.reason, now: clock.now() });
            await cascade.cancelOpenContracts(tx, { requestId: id });
            return {
              values: { status: "REFUSE", refusalReason: input.reason },
              summary: `Demande ${current.reference} refusée : ${input.reason}`,
              action: "status",
            };
          },
        }),
      ),

    archive: async (actor: Actor, id: string, version: number, requestId?: string) =>
      saved(
        await versionedUpdate({
          ...write(actor, id, "archive", version, requestId),
          apply: (_tx, current) => ({
            values: { archivedAt: clock.now() },
            summary: `Demande ${current.reference} archivée`,
            action: "status",
          }),
        }),
      ),

    /** The confirm popup's MOVE_TO_PROSPECT: out of the archive, or back from a refusal, at the step it had reached. */
    moveToProspect: async (actor: Actor, id: string, version: number, requestId?: string) =>
      saved(
        await versionedUpdate({
          ...write(actor, id, "moveToProspect", version, requestId),
          apply: async (tx, current) => {
            const status = current.status === "REFUSE" ? await deriveStatus(tx, id) : current.status;
            return {
              values: { archivedAt: null, status, refusalReason: status === "REFUSE" ? current.refusalReason : null },
              summary: `Demande ${current.reference} repassée en prospect`,
              action: "status",
            };
          },
        }),
      ),

    async establishmentOptions(actor: Actor, search?: string): Promise<EstablishmentOption[]> {
      if (!isStaff(actor)) return [];
      const rowsFound = await repo.establishmentOptionRows(db, search);
      return rowsFound.map(({ clientSince, ...r }) => ({ ...r, isClient: clientSince !== null }));
    },
  };
}
export type ProspectsService = ReturnType<typeof createProspectsService>;

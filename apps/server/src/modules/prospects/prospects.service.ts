import {
  type createRequestBodySchema,
  type EstablishmentOption,
  RECEVABILITY_CHECKLIST,
  type RequestDetail,
  type updateRequestBodySchema,
} from "@certidesk/shared";
import { and, asc, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import {
  clients,
  contacts,
  contracts,
  legalEntities,
  quotes,
  recevabilityReviews,
  requestClients,
  requestEstablishments,
} from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { badRequest, conflict, notFound, staleVersion } from "../../lib/errors.js";
import { foldedSql, matchEveryWord } from "../../lib/search-text.js";
import { toProspectRow } from "./prospect-row.js";
import * as repo from "./prospects.repository.js";
import type { RecevabilityService } from "./recevability.service.js";
import { deriveStatus } from "./request-status.js";
import { insertRequest } from "./request-writes.js";

type CreateInput = z.output<typeof createRequestBodySchema>;
type UpdateInput = z.output<typeof updateRequestBodySchema>;
type RequestEntity = typeof requestClients.$inferSelect;
const NOT_FOUND = "Demande introuvable.";

/** The establishments must belong to the legal entity, the contact to one of them or to it. */
async function checkParties(tx: Executor, legalEntityId: string, clientIds: string[], contactId: string | null) {
  const found = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(inArray(clients.id, clientIds), eq(clients.legalEntityId, legalEntityId)));
  if (found.length !== new Set(clientIds).size)
    throw badRequest("Les établissements choisis doivent appartenir à l'entité juridique de la demande.");
  if (!contactId) return;
  const [contact] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.id, contactId),
        or(inArray(contacts.clientId, clientIds), eq(contacts.legalEntityId, legalEntityId)),
      ),
    );
  if (!contact) throw badRequest("Le contact choisi n'appartient pas à cette demande.");
}

async function createReview(tx: Executor, requestId: string) {
  await tx
    .insert(recevabilityReviews)
    .values({ requestId, checklist: RECEVABILITY_CHECKLIST.map((i) => ({ ...i, checked: false })) })
    .onConflictDoNothing();
}

export function createProspectsService({ db, recevability }: { db: Database; recevability: RecevabilityService }) {
  async function rows(found: repo.ProspectJoinedRow[]) {
    const extras = await repo.rowExtras(
      db,
      found.map((r) => r.request.id),
    );
    return { items: found.map((r) => toProspectRow(r, extras)), extras };
  }

  /** Loads, checks the version, applies `change`, bumps the version: one transaction with its audit entry. */
  async function change(
    actor: Actor,
    id: string,
    version: number,
    apply: (tx: Executor, current: RequestEntity) => Promise<{ values: Partial<RequestEntity>; summary: string }>,
    requestId?: string,
  ) {
    return db.transaction(async (tx) => {
      const [current] = await tx.select().from(requestClients).where(eq(requestClients.id, id));
      if (!current) throw notFound(NOT_FOUND);
      if (current.version !== version) throw staleVersion();
      const { values, summary } = await apply(tx, current);
      const [saved] = await tx
        .update(requestClients)
        .set({ ...values, version: sql`${requestClients.version} + 1`, updatedAt: new Date() })
        .where(and(eq(requestClients.id, id), eq(requestClients.version, version)))
        .returning();
      if (!saved) throw staleVersion();
      await writeAudit(tx, actor, { action: "status", entityType: "request", entityId: id, summary }, requestId);
      return { id, version: saved.version };
    });
  }

  return {
    async list(kind: repo.ProspectListKind, query: repo.ProspectQuery) {
      const { rows: found, total } = await repo.listProspects(db, kind, query);
      return { items: (await rows(found)).items, total, page: query.page, pageSize: query.pageSize };
    },

    async detail(actor: Actor, id: string): Promise<RequestDetail> {
      const found = await repo.findProspect(db, id);
      if (!found) throw notFound(NOT_FOUND);
      const { items, extras } = await rows([found]);
      const row = items[0];
      if (!row) throw notFound(NOT_FOUND);
      const req = found.request;
      const [entity] = await db.select().from(legalEntities).where(eq(legalEntities.id, req.legalEntityId));
      const clientIds = extras.establishments.map((e) => e.id);
      const contactRows = await db
        .select()
        .from(contacts)
        .where(
          or(
            eq(contacts.legalEntityId, req.legalEntityId),
            clientIds.length ? inArray(contacts.clientId, clientIds) : undefined,
          ),
        )
        .orderBy(asc(contacts.lastName));
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
        recevability: req.service === "CERTIFICATION" ? await recevability.read(actor, id).catch(() => null) : null,
      };
    },

    async create(actor: Actor, input: CreateInput, requestId?: string) {
      return db.transaction(async (tx) => {
        const [entity] = await tx
          .select({ id: legalEntities.id })
          .from(legalEntities)
          .where(eq(legalEntities.id, input.legalEntityId));
        if (!entity) throw badRequest("Entité juridique introuvable.");
        await checkParties(tx, input.legalEntityId, input.clientIds, input.contactId);
        const created = await insertRequest(tx, actor, input, requestId);
        if (input.service === "CERTIFICATION") {
          await createReview(tx, created.id);
          await tx.update(requestClients).set({ status: "RECEVABILITY" }).where(eq(requestClients.id, created.id));
        }
        return { id: created.id, version: created.version };
      });
    },

    update: (actor: Actor, id: string, input: UpdateInput, requestId?: string) =>
      change(
        actor,
        id,
        input.version,
        async (tx, current) => {
          if (current.status === "SIGNED")
            throw conflict("Cette demande a abouti à un contrat signé : elle ne se modifie plus.");
          await checkParties(tx, current.legalEntityId, input.clientIds, input.contactId);
          await tx.delete(requestEstablishments).where(eq(requestEstablishments.requestId, id));
          await tx
            .insert(requestEstablishments)
            .values(input.clientIds.map((clientId) => ({ requestId: id, clientId })));
          if (input.service === "CERTIFICATION") await createReview(tx, id);
          const { version: _v, clientIds: _c, ...values } = input;
          const status = current.status === "REFUSE" ? current.status : await deriveStatus(tx, id);
          return { values: { ...values, status }, summary: `Demande ${current.reference} modifiée` };
        },
        requestId,
      ),

    /** Refusal (by us or by the prospect): open quotes are refused, unsigned contracts cancelled. */
    refuse: (actor: Actor, id: string, input: { reason: string; version: number }, requestId?: string) =>
      change(
        actor,
        id,
        input.version,
        async (tx, current) => {
          if (current.status === "SIGNED")
            throw conflict("Cette demande a abouti à un contrat signé : elle ne peut plus être refusée.");
          if (current.status === "REFUSE") throw conflict("Cette demande est déjà refusée.");
          await tx
            .update(quotes)
            .set({
              status: "REFUSED",
              refusalReason: input.reason,
              decidedAt: new Date(),
              version: sql`${quotes.version} + 1`,
            })
            .where(and(eq(quotes.requestId, id), inArray(quotes.status, ["DRAFT", "SENT"])));
          await tx
            .update(contracts)
            .set({ status: "CANCELLED", version: sql`${contracts.version} + 1` })
            .where(and(eq(contracts.requestId, id), inArray(contracts.status, ["DRAFT", "SENT"])));
          return {
            values: { status: "REFUSE", refusalReason: input.reason },
            summary: `Demande ${current.reference} refusée : ${input.reason}`,
          };
        },
        requestId,
      ),

    archive: (actor: Actor, id: string, version: number, requestId?: string) =>
      change(
        actor,
        id,
        version,
        async (_tx, current) => {
          if (current.archivedAt) throw conflict("Cette demande est déjà archivée.");
          if (current.status === "SIGNED")
            throw conflict("Une demande signée est suivie dans les clients : elle ne s'archive pas.");
          return { values: { archivedAt: new Date() }, summary: `Demande ${current.reference} archivée` };
        },
        requestId,
      ),

    /** The confirm popup's MOVE_TO_PROSPECT: out of the archive, or back from a refusal, at the step it had reached. */
    moveToProspect: (actor: Actor, id: string, version: number, requestId?: string) =>
      change(
        actor,
        id,
        version,
        async (tx, current) => {
          if (!current.archivedAt && current.status !== "REFUSE")
            throw conflict("Cette demande est déjà parmi les prospects en cours.");
          const status = current.status === "REFUSE" ? await deriveStatus(tx, id) : current.status;
          return {
            values: { archivedAt: null, status, refusalReason: status === "REFUSE" ? current.refusalReason : null },
            summary: `Demande ${current.reference} repassée en prospect`,
          };
        },
        requestId,
      ),

    async establishmentOptions(search?: string): Promise<EstablishmentOption[]> {
      const match = matchEveryWord(search, (pattern) =>
        or(
          ilike(foldedSql(clients.raisonSocial), pattern),
          ilike(foldedSql(sql`coalesce(${legalEntities.raisonSocial}, '')`), pattern),
          ilike(sql`coalesce(${clients.finess}, '')`, pattern),
        ),
      );
      const rowsFound = await db
        .select({
          id: clients.id,
          raisonSocial: clients.raisonSocial,
          finess: clients.finess,
          city: clients.city,
          legalEntityId: clients.legalEntityId,
          legalEntityRaisonSocial: legalEntities.raisonSocial,
          clientSince: clients.clientSince,
        })
        .from(clients)
        .leftJoin(legalEntities, eq(legalEntities.id, clients.legalEntityId))
        .where(match ?? isNull(clients.clientSince))
        .orderBy(asc(clients.raisonSocial))
        .limit(50);
      return rowsFound.map(({ clientSince, ...r }) => ({ ...r, isClient: clientSince !== null }));
    },
  };
}
export type ProspectsService = ReturnType<typeof createProspectsService>;

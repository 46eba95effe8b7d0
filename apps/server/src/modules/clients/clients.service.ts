import {
  type ClientDetail,
  type ClientListQuery,
  type ContractStatus,
  type contactBodySchema,
  departementOf,
  type updateEssmsBodySchema,
} from "@certidesk/shared";
import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import {
  clients,
  contacts,
  contractEstablishments,
  contracts,
  gestionnaires,
  legalEntities,
  requestClients,
  requestEstablishments,
} from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { diffFields, writeAudit } from "../../lib/audit.js";
import { authorizeClientRecord } from "../../lib/authorization.js";
import { badRequest, notFound, staleVersion } from "../../lib/errors.js";
import { buildClientWorkbook } from "./client-export.js";
import { listClients } from "./client-list.repository.js";
import { toClientRow } from "./client-row.js";
import { clientScope, todayIso } from "./client-scope.js";
import { assertNoDuplicateEssms } from "./duplicates.js";

type UpdateInput = z.output<typeof updateEssmsBodySchema>;
type ContactInput = z.output<typeof contactBodySchema>;
type ClientEntity = typeof clients.$inferSelect;

const NOT_FOUND = "Client introuvable.";
const essmsFields = (c: ClientEntity) => ({
  raisonSocial: c.raisonSocial,
  finess: c.finess,
  siret: c.siret,
  address: c.address,
  postalCode: c.postalCode,
  city: c.city,
  email: c.email,
  phone: c.phone,
  typologySector: c.typologySector,
  typologyType: c.typologyType,
  category: c.category,
  sectorDomains: c.sectorDomains,
  publicKeyTypes: c.publicKeyTypes,
  capacity: c.capacity,
  atc: c.atc,
});

export function createClientsService({ db }: { db: Database }) {
  async function load(actor: Actor, id: string) {
    authorizeClientRecord(actor, id);
    const [client] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
    if (!client) throw notFound(NOT_FOUND);
    return client;
  }

  return {
    async list(actor: Actor, query: ClientListQuery) {
      const { rows, total } = await listClients(db, query, clientScope(actor), todayIso());
      return { items: rows.map(toClientRow), total, page: query.page, pageSize: query.pageSize };
    },

    async exportXlsx(actor: Actor, query: Omit<ClientListQuery, "page" | "pageSize">) {
      const { rows } = await listClients(db, { ...query, page: 0, pageSize: 0 }, clientScope(actor), todayIso());
      return buildClientWorkbook(rows.map(toClientRow), "Liste des clients");
    },

    /** A client user's own client (the client portal's first call). */
    async clientOfUser(actor: Actor) {
      if (!actor.clientId) throw notFound("Aucun client n'est rattaché à votre compte.");
      authorizeClientRecord(actor, actor.clientId);
      const [client] = await db.select().from(clients).where(eq(clients.id, actor.clientId)).limit(1);
      if (!client) throw notFound("Aucun client n'est rattaché à votre compte.");
      const [entity] = client.legalEntityId
        ? await db.select().from(legalEntities).where(eq(legalEntities.id, client.legalEntityId))
        : [];
      return {
        ...client,
        clientSince: client.clientSince?.toISOString() ?? null,
        legalEntityRaisonSocial: entity?.raisonSocial ?? null,
      };
    },

    async detail(actor: Actor, id: string): Promise<ClientDetail> {
      const client = await load(actor, id);
      const [entity] = client.legalEntityId
        ? await db.select().from(legalEntities).where(eq(legalEntities.id, client.legalEntityId))
        : [];
      const [gestionnaire] = entity?.gestionnaireId
        ? await db
            .select({ id: gestionnaires.id, raisonSocial: gestionnaires.raisonSocial })
            .from(gestionnaires)
            .where(eq(gestionnaires.id, entity.gestionnaireId))
        : [];
      const siblings = entity
        ? await db
            .select({ id: clients.id, raisonSocial: clients.raisonSocial, city: clients.city })
            .from(clients)
            .where(and(eq(clients.legalEntityId, entity.id), sql`${clients.id} <> ${id}`))
            .orderBy(asc(clients.raisonSocial))
        : [];
      const contactRows = await db
        .select()
        .from(contacts)
        .where(
          entity ? or(eq(contacts.clientId, id), eq(contacts.legalEntityId, entity.id)) : eq(contacts.clientId, id),
        )
        .orderBy(desc(contacts.isMain), asc(contacts.lastName));
      const contractRows = await db
        .select({ id: contracts.id, number: contracts.number, status: contracts.status })
        .from(contracts)
        .innerJoin(contractEstablishments, eq(contractEstablishments.contractId, contracts.id))
        .where(eq(contractEstablishments.clientId, id))
        .orderBy(desc(contracts.createdAt));
      const requestRows = await db
        .select({ id: requestClients.id, reference: requestClients.reference, status: requestClients.status })
        .from(requestClients)
        .innerJoin(requestEstablishments, eq(requestEstablishments.requestId, requestClients.id))
        .where(eq(requestEstablishments.clientId, id))
        .orderBy(desc(requestClients.createdAt));
      return {
        ...client,
        sectorDomains: client.sectorDomains ?? [],
        publicKeyTypes: client.publicKeyTypes ?? [],
        clientSince: client.clientSince?.toISOString() ?? null,
        createdAt: client.createdAt.toISOString(),
        legalEntity: entity
          ? {
              id: entity.id,
              raisonSocial: entity.raisonSocial,
              siren: entity.siren,
              siret: entity.siret,
              vatNumber: entity.vatNumber,
              address: entity.address,
              postalCode: entity.postalCode,
              city: entity.city,
            }
          : null,
        gestionnaire: gestionnaire ?? null,
        siblings,
        contacts: contactRows.map((c) => ({
          id: c.id,
          firstName: c.firstName,
          lastName: c.lastName,
          occupation: c.occupation,
          tel: c.tel,
          mobilePhone: c.mobilePhone,
          email: c.email,
          isMain: c.isMain && c.clientId === id,
        })),
        contracts: contractRows.map((c) => ({ ...c, status: c.status as ContractStatus })),
        requests: requestRows,
      };
    },

    async update(actor: Actor, id: string, input: UpdateInput, requestId?: string) {
      await load(actor, id);
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(clients).where(eq(clients.id, id));
        if (!current) throw notFound(NOT_FOUND);
        if (current.version !== input.version) throw staleVersion();
        await assertNoDuplicateEssms(tx, input, id);
        const { version, ...values } = input;
        const [saved] = await tx
          .update(clients)
          .set({
            ...values,
            departement: departementOf(values.postalCode),
            version: sql`${clients.version} + 1`,
            updatedAt: new Date(),
          })
          .where(and(eq(clients.id, id), eq(clients.version, version)))
          .returning();
        if (!saved) throw staleVersion();
        await writeAudit(
          tx,
          actor,
          {
            action: "update",
            entityType: "client",
            entityId: id,
            summary: `Établissement « ${saved.raisonSocial} » modifié`,
            changes: diffFields(essmsFields(current), essmsFields(saved)),
          },
          requestId,
        );
        return { id, version: saved.version };
      });
    },

    /** A new contact of the establishment; the first one (or one marked main) becomes the main contact. */
    async addContact(actor: Actor, clientId: string, input: ContactInput & { isMain?: boolean }, requestId?: string) {
      const client = await load(actor, clientId);
      return db.transaction(async (tx) => {
        const [main] = await tx
          .select({ id: contacts.id })
          .from(contacts)
          .where(and(eq(contacts.clientId, clientId), eq(contacts.isMain, true)));
        const isMain = input.isMain === true || !main;
        if (isMain && main) await tx.update(contacts).set({ isMain: false }).where(eq(contacts.id, main.id));
        const [created] = await tx
          .insert(contacts)
          .values({ ...input, clientId, isMain })
          .returning();
        if (!created) throw badRequest();
        await writeAudit(
          tx,
          actor,
          {
            action: "create",
            entityType: "client",
            entityId: clientId,
            summary: `Contact ${created.firstName} ${created.lastName} ajouté à « ${client.raisonSocial} »`,
          },
          requestId,
        );
        return { id: created.id, version: created.version };
      });
    },
  };
}
export type ClientsService = ReturnType<typeof createClientsService>;

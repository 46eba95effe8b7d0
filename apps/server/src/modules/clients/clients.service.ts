import {
  type ClientDetail,
  type ClientListQuery,
  type ClientRow,
  type ContractStatus,
  type contactBodySchema,
  departementOf,
  type updateContactBodySchema,
  type updateEssmsBodySchema,
} from "@certidesk/shared";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { clients, contacts } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { diffFields, writeAudit } from "../../lib/audit.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { authorize, recordScope } from "../../lib/policy.js";
import { pageJsonText } from "../../lib/sql-json.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import { streamClientWorkbook } from "./client-export.js";
import { clientListBatches, EXPORT_BATCH_SIZE, listClients } from "./client-list.repository.js";
import { clientResource, contactResource } from "./clients.policy.js";
import * as repo from "./clients.repository.js";
import { assertNoDuplicateEssms } from "./duplicates.js";

type UpdateInput = z.output<typeof updateEssmsBodySchema>;
type ContactInput = z.output<typeof contactBodySchema>;
type UpdateContactInput = z.output<typeof updateContactBodySchema>;
type ClientEntity = repo.ClientEntity;

const NO_CLIENT = "Aucun client n'est rattaché à votre compte.";
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
  billingEmail: c.billingEmail,
  chorusBuyerSiret: c.chorusBuyerSiret,
  chorusServiceCode: c.chorusServiceCode,
  chorusEngagementNumber: c.chorusEngagementNumber,
});

export interface ClientsDeps {
  db: Database;
  clock?: Clock;
  /** Rows read per query by the export (lowered by tests to cross batches with few rows). */
  exportBatchSize?: number;
}

export function createClientsService({ db, clock = systemClock, exportBatchSize = EXPORT_BATCH_SIZE }: ClientsDeps) {
  /** load → 404 → authorize, the start of every method on one establishment. */
  async function load(actor: Actor, id: string, action: "read" | "update" = "read") {
    const client = await repo.findClient(db, id);
    if (!client) throw notFound(clientResource.notFound);
    authorize(actor, action, clientResource, client);
    return client;
  }

  return {
    async list(actor: Actor, query: ClientListQuery) {
      const { items, total } = await listClients(db, query, recordScope(actor), clock.today());
      return pageJsonText<ClientRow>(items, total, query);
    },

    /** Every row of the list (same filters), streamed into an XLSX workbook. */
    async exportXlsx(actor: Actor, query: Omit<ClientListQuery, "page" | "pageSize">) {
      const batches = clientListBatches(db, query, recordScope(actor), clock.today(), exportBatchSize);
      return {
        filename: `clients-${clock.today()}.xlsx`,
        stream: await streamClientWorkbook(batches, clock.now()),
      };
    },

    /** A client user's own client (the client portal's first call). */
    async clientOfUser(actor: Actor) {
      if (!actor.clientId) throw notFound(NO_CLIENT);
      const client = await repo.findClient(db, actor.clientId);
      if (!client) throw notFound(NO_CLIENT);
      authorize(actor, "read", clientResource, client);
      const entity = await repo.findLegalEntity(db, client.legalEntityId);
      return {
        ...client,
        clientSince: client.clientSince?.toISOString() ?? null,
        legalEntityRaisonSocial: entity?.raisonSocial ?? null,
      };
    },

    async detail(actor: Actor, id: string): Promise<ClientDetail> {
      const client = await load(actor, id);
      const entity = await repo.findLegalEntity(db, client.legalEntityId);
      const [gestionnaire, siblings, contactRows, contractRows, requestRows] = await Promise.all([
        repo.gestionnaireSummary(db, entity?.gestionnaireId ?? null),
        entity ? repo.siblingsOf(db, entity.id, id) : [],
        repo.contactsOf(db, id, entity?.id ?? null),
        repo.contractsOfClient(db, id),
        repo.requestsOfClient(db, id),
      ]);
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
          clientId: c.clientId,
          version: c.version,
        })),
        contracts: contractRows.map((c) => ({ ...c, status: c.status as ContractStatus })),
        requests: requestRows,
      };
    },

    async update(actor: Actor, id: string, input: UpdateInput, requestId?: string) {
      const { version, ...values } = input;
      const saved = await versionedUpdate({
        db,
        table: clients,
        id,
        version,
        actor,
        entityType: "client",
        authorize: { resource: clientResource, action: "update" },
        requestId,
        clock,
        apply: async (tx, current) => {
          await assertNoDuplicateEssms(tx, input, id);
          const next = { ...values, departement: departementOf(values.postalCode) };
          return {
            values: next,
            summary: `Établissement « ${values.raisonSocial} » modifié`,
            changes: diffFields(essmsFields(current), essmsFields({ ...current, ...next })),
          };
        },
      });
      return { id, version: saved.version };
    },

    /**
     * A contact corrected where it is shown (client page, request page), with the version read; marked
     * main, it becomes its establishment's only main contact. Journaled as a "contact" entry, which the
     * timelines of its establishment and of their requests show.
     */
    async updateContact(actor: Actor, id: string, input: UpdateContactInput, requestId?: string) {
      const { version, isMain, ...values } = input;
      const contactFields = (c: typeof values) => ({
        firstName: c.firstName,
        lastName: c.lastName,
        occupation: c.occupation,
        tel: c.tel,
        mobilePhone: c.mobilePhone,
        email: c.email,
      });
      const saved = await versionedUpdate({
        db,
        table: contacts,
        id,
        version,
        actor,
        entityType: "contact",
        authorize: { resource: contactResource, action: "update" },
        requestId,
        clock,
        apply: async (tx, current) => {
          const main = current.clientId !== null && (isMain ?? current.isMain);
          if (main && !current.isMain && current.clientId) await repo.makeMainContact(tx, current.clientId, id);
          const owner = current.clientId ? await repo.findClient(tx, current.clientId) : null;
          return {
            values: { ...values, isMain: main },
            summary: `Contact ${values.firstName} ${values.lastName} modifié${owner ? ` (« ${owner.raisonSocial} »)` : ""}`,
            changes: diffFields(contactFields(current), contactFields(values)),
          };
        },
      });
      return { id, version: saved.version };
    },

    /** A new contact of the establishment; the first one (or one marked main) becomes the main contact. */
    async addContact(actor: Actor, clientId: string, input: ContactInput & { isMain?: boolean }, requestId?: string) {
      const client = await load(actor, clientId, "update");
      const { isMain, ...values } = input;
      return db.transaction(async (tx) => {
        const created = await repo.insertContact(tx, clientId, values, isMain === true);
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

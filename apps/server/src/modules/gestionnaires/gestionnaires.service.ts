import type {
  GestionnaireDetail,
  GestionnaireRow,
  gestionnaireBodySchema,
  updateGestionnaireBodySchema,
} from "@certidesk/shared";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { clients, contacts, gestionnaires, legalEntities } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { diffFields, writeAudit } from "../../lib/audit.js";
import { badRequest, notFound, staleVersion } from "../../lib/errors.js";
import * as repo from "./gestionnaires.repository.js";

type CreateInput = z.output<typeof gestionnaireBodySchema>;
type UpdateInput = z.output<typeof updateGestionnaireBodySchema>;
const NOT_FOUND = "Gestionnaire introuvable.";

function toRow(r: repo.GestionnaireJoinedRow): GestionnaireRow {
  const g = r.gestionnaire;
  const contact = r.contact;
  return {
    id: g.id,
    raisonSocial: g.raisonSocial,
    siren: g.siren,
    postalCode: g.postalCode,
    city: g.city,
    email: g.email,
    phone: g.phone,
    legalEntities: Number(r.legalEntities),
    establishments: Number(r.establishments),
    clients: Number(r.clients),
    contact,
    contactName: contact ? `${contact.firstName} ${contact.lastName}` : "",
    createdAt: g.createdAt.toISOString(),
    version: g.version,
  };
}

/** Managing organisations: their list, their file (legal entities and establishments), their edits. */
export function createGestionnairesService({ db }: { db: Database }) {
  return {
    async list(query: repo.GestionnaireListQuery) {
      const { rows, total } = await repo.listGestionnaires(db, query);
      return { items: rows.map(toRow), total, page: query.page, pageSize: query.pageSize };
    },

    async detail(id: string): Promise<GestionnaireDetail> {
      const [row] = await repo.selectGestionnaires(db).where(eq(gestionnaires.id, id));
      if (!row) throw notFound(NOT_FOUND);
      const entities = await db
        .select()
        .from(legalEntities)
        .where(eq(legalEntities.gestionnaireId, id))
        .orderBy(asc(legalEntities.raisonSocial));
      const ids = entities.map((e) => e.id);
      const establishments = ids.length
        ? await db.select().from(clients).where(inArray(clients.legalEntityId, ids)).orderBy(asc(clients.raisonSocial))
        : [];
      const contactRows = await db.select().from(contacts).where(eq(contacts.gestionnaireId, id));
      return {
        ...toRow(row),
        address: row.gestionnaire.address,
        contacts: contactRows.map((c) => ({
          id: c.id,
          firstName: c.firstName,
          lastName: c.lastName,
          occupation: c.occupation,
          tel: c.tel,
          mobilePhone: c.mobilePhone,
          email: c.email,
          isMain: c.isMain,
        })),
        legalEntityList: entities.map((e) => ({
          id: e.id,
          raisonSocial: e.raisonSocial,
          siren: e.siren,
          city: e.city,
          establishments: establishments
            .filter((c) => c.legalEntityId === e.id)
            .map((c) => ({
              id: c.id,
              raisonSocial: c.raisonSocial,
              finess: c.finess,
              city: c.city,
              isClient: c.clientSince !== null,
              evaluationDate: c.evaluationDate,
            })),
        })),
      };
    },

    async create(actor: Actor, input: CreateInput, requestId?: string) {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(gestionnaires).values(input).returning();
        if (!created) throw badRequest();
        await writeAudit(
          tx,
          actor,
          {
            action: "create",
            entityType: "gestionnaire",
            entityId: created.id,
            summary: `Gestionnaire « ${created.raisonSocial} » créé`,
          },
          requestId,
        );
        return { id: created.id, version: created.version };
      });
    },

    async update(actor: Actor, id: string, input: UpdateInput, requestId?: string) {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(gestionnaires).where(eq(gestionnaires.id, id));
        if (!current) throw notFound(NOT_FOUND);
        const { version, ...values } = input;
        const [saved] = await tx
          .update(gestionnaires)
          .set({ ...values, version: sql`${gestionnaires.version} + 1`, updatedAt: new Date() })
          .where(and(eq(gestionnaires.id, id), eq(gestionnaires.version, version)))
          .returning();
        if (!saved) throw staleVersion();
        await writeAudit(
          tx,
          actor,
          {
            action: "update",
            entityType: "gestionnaire",
            entityId: id,
            summary: `Gestionnaire « ${saved.raisonSocial} » modifié`,
            changes: diffFields(current, values),
          },
          requestId,
        );
        return { id, version: saved.version };
      });
    },

    /** Attaches a legal entity to this managing organisation, or detaches it (gestionnaireId null). */
    async attachLegalEntity(
      actor: Actor,
      legalEntityId: string,
      input: { gestionnaireId: string | null; version: number },
      requestId?: string,
    ) {
      return db.transaction(async (tx) => {
        const [entity] = await tx.select().from(legalEntities).where(eq(legalEntities.id, legalEntityId));
        if (!entity) throw notFound("Entité juridique introuvable.");
        let name = "aucun gestionnaire";
        if (input.gestionnaireId) {
          const [g] = await tx.select().from(gestionnaires).where(eq(gestionnaires.id, input.gestionnaireId));
          if (!g) throw badRequest(NOT_FOUND);
          name = `« ${g.raisonSocial} »`;
        }
        const [saved] = await tx
          .update(legalEntities)
          .set({
            gestionnaireId: input.gestionnaireId,
            version: sql`${legalEntities.version} + 1`,
            updatedAt: new Date(),
          })
          .where(and(eq(legalEntities.id, legalEntityId), eq(legalEntities.version, input.version)))
          .returning();
        if (!saved) throw staleVersion();
        await writeAudit(
          tx,
          actor,
          {
            action: "update",
            entityType: "legal-entity",
            entityId: legalEntityId,
            summary: `Entité juridique « ${entity.raisonSocial} » rattachée à ${name}`,
            changes: { gestionnaireId: { from: entity.gestionnaireId, to: input.gestionnaireId } },
          },
          requestId,
        );
        return { id: legalEntityId, version: saved.version };
      });
    },

    options: () =>
      db
        .select({ value: gestionnaires.id, label: gestionnaires.raisonSocial })
        .from(gestionnaires)
        .orderBy(asc(gestionnaires.raisonSocial))
        .limit(500),
  };
}
export type GestionnairesService = ReturnType<typeof createGestionnairesService>;

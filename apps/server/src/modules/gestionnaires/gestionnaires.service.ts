import type {
  GestionnaireDetail,
  GestionnaireRow,
  gestionnaireBodySchema,
  updateGestionnaireBodySchema,
} from "@certidesk/shared";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { gestionnaires, legalEntities } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { authorize, isStaff } from "../../lib/policy.js";
import { pageJsonText } from "../../lib/sql-json.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import { gestionnaireResource } from "./gestionnaires.policy.js";
import * as repo from "./gestionnaires.repository.js";

type CreateInput = z.output<typeof gestionnaireBodySchema>;
type UpdateInput = z.output<typeof updateGestionnaireBodySchema>;
const NOT_FOUND = gestionnaireResource.notFound;

/** Managing organisations: their list, their file (legal entities and establishments), their edits. */
export function createGestionnairesService({ db, clock = systemClock }: { db: Database; clock?: Clock }) {
  return {
    /** Managing organisations are staff records: another profile given the right by Settings sees none. */
    async list(actor: Actor, query: repo.GestionnaireListQuery) {
      if (!isStaff(actor)) return pageJsonText<GestionnaireRow>("[]", 0, query);
      const { items, total } = await repo.listGestionnaires(db, query);
      return pageJsonText<GestionnaireRow>(items, total, query);
    },

    async detail(actor: Actor, id: string): Promise<GestionnaireDetail> {
      const row = await repo.findGestionnaire(db, id);
      if (!row) throw notFound(NOT_FOUND);
      authorize(actor, "read", gestionnaireResource, row.gestionnaire);
      const [{ entities, establishments }, contactRows] = await Promise.all([
        repo.entitiesAndEstablishments(db, id),
        repo.contactsOfGestionnaire(db, id),
      ]);
      return {
        ...row.row,
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
          clientId: c.clientId,
          version: c.version,
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
        const created = await repo.insertGestionnaire(tx, input);
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
      const { version, ...values } = input;
      const saved = await versionedUpdate({
        db,
        clock,
        table: gestionnaires,
        id,
        version,
        actor,
        requestId,
        entityType: "gestionnaire",
        authorize: { resource: gestionnaireResource, action: "update" },
        apply: () => ({ values, summary: `Gestionnaire « ${values.raisonSocial} » modifié`, changes: true }),
      });
      return { id, version: saved.version };
    },

    /** Attaches a legal entity to this managing organisation, or detaches it (gestionnaireId null). */
    async attachLegalEntity(
      actor: Actor,
      legalEntityId: string,
      input: { gestionnaireId: string | null; version: number },
      requestId?: string,
    ) {
      const saved = await versionedUpdate({
        db,
        clock,
        table: legalEntities,
        id: legalEntityId,
        version: input.version,
        actor,
        requestId,
        entityType: "legal-entity",
        notFound: "Entité juridique introuvable.",
        apply: async (tx, entity) => {
          let name = "aucun gestionnaire";
          if (input.gestionnaireId) {
            const g = await repo.findGestionnaireRow(tx, input.gestionnaireId);
            if (!g) throw badRequest(NOT_FOUND);
            authorize(actor, "update", gestionnaireResource, g);
            name = `« ${g.raisonSocial} »`;
          }
          return {
            values: { gestionnaireId: input.gestionnaireId },
            summary: `Entité juridique « ${entity.raisonSocial} » rattachée à ${name}`,
            changes: { gestionnaireId: { from: entity.gestionnaireId, to: input.gestionnaireId } },
          };
        },
      });
      return { id: legalEntityId, version: saved.version };
    },

    options: async (actor: Actor) => (isStaff(actor) ? repo.gestionnaireOptions(db) : []),
  };
}
export type GestionnairesService = ReturnType<typeof createGestionnairesService>;

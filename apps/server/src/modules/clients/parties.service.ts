import {
  type createEssmsBodySchema,
  type createLegalEntityBodySchema,
  departementOf,
  type LegalEntityOption,
  type legalEntityBodySchema,
} from "@certidesk/shared";
import { asc, count, eq, ilike, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { clients, contacts, gestionnaires, legalEntities } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { badRequest, conflict } from "../../lib/errors.js";
import { foldedSql, matchEveryWord } from "../../lib/search-text.js";
import { openRequest } from "../prospects/index.js";
import { assertNoDuplicateEssms, assertNoDuplicateLegalEntity } from "./duplicates.js";

type LegalEntityInput = z.output<typeof legalEntityBodySchema>;
type CreateLegalEntityInput = z.output<typeof createLegalEntityBodySchema>;
type CreateEssmsInput = z.output<typeof createEssmsBodySchema>;

async function insertLegalEntity(tx: Executor, actor: Actor, input: LegalEntityInput, requestId?: string) {
  if (input.gestionnaireId) {
    const [g] = await tx
      .select({ id: gestionnaires.id })
      .from(gestionnaires)
      .where(eq(gestionnaires.id, input.gestionnaireId));
    if (!g) throw badRequest("Gestionnaire introuvable.");
  }
  await assertNoDuplicateLegalEntity(tx, input);
  const [created] = await tx.insert(legalEntities).values(input).returning();
  if (!created) throw new Error("legal entity not created");
  await writeAudit(
    tx,
    actor,
    {
      action: "create",
      entityType: "legal-entity",
      entityId: created.id,
      summary: `Entité juridique « ${created.raisonSocial} » créée`,
      changes: { siren: created.siren, siret: created.siret },
    },
    requestId,
  );
  return created;
}

/** A concurrent creation slipping past the duplicate check still meets the unique index: same answer. */
async function translatingDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("Cet établissement ou cette entité juridique existe déjà.");
    throw error;
  }
}

/** nouveau and entite-juridique: creating legal entities and their establishments. */
export function createPartiesService({ db, clock = systemClock }: { db: Database; clock?: Clock }) {
  return {
    createLegalEntity: (actor: Actor, input: CreateLegalEntityInput, requestId?: string) =>
      translatingDuplicates(() =>
        db.transaction(async (tx) => {
          const { contact, ...entity } = input;
          const created = await insertLegalEntity(tx, actor, entity, requestId);
          if (contact) await tx.insert(contacts).values({ ...contact, legalEntityId: created.id, isMain: true });
          return { id: created.id, version: created.version };
        }),
      ),

    createEssms: (actor: Actor, input: CreateEssmsInput, requestId?: string) =>
      translatingDuplicates(() =>
        db.transaction(async (tx) => {
          let legalEntityId = input.legalEntityId;
          if (legalEntityId) {
            const [found] = await tx
              .select({ id: legalEntities.id })
              .from(legalEntities)
              .where(eq(legalEntities.id, legalEntityId));
            if (!found) throw badRequest("Entité juridique introuvable.");
          } else if (input.legalEntity) {
            legalEntityId = (await insertLegalEntity(tx, actor, input.legalEntity, requestId)).id;
          }
          if (!legalEntityId) throw badRequest("Choisissez une entité juridique existante ou créez-en une.");
          const e = input.establishment;
          await assertNoDuplicateEssms(tx, e);
          const [created] = await tx
            .insert(clients)
            .values({ ...e, legalEntityId, departement: departementOf(e.postalCode) })
            .returning();
          if (!created) throw new Error("client not created");
          await writeAudit(
            tx,
            actor,
            {
              action: "create",
              entityType: "client",
              entityId: created.id,
              summary: `Établissement « ${created.raisonSocial} » créé (FINESS ${created.finess})`,
            },
            requestId,
          );
          let contactId: string | null = null;
          if (input.contact) {
            const [c] = await tx
              .insert(contacts)
              .values({ ...input.contact, clientId: created.id, isMain: true })
              .returning({ id: contacts.id });
            contactId = c?.id ?? null;
          }
          const request = input.openRequest
            ? await openRequest(
                tx,
                actor,
                {
                  legalEntityId,
                  contactId,
                  service: "ESSMS_EVALUATION",
                  source: "DIRECT",
                  clientIds: [created.id],
                  receivedAt: clock.today(),
                },
                requestId,
              )
            : null;
          return { id: created.id, version: created.version, legalEntityId, requestId: request?.id ?? null };
        }),
      ),

    async legalEntityOptions(search?: string): Promise<LegalEntityOption[]> {
      const match = matchEveryWord(search, (pattern) =>
        or(
          ilike(foldedSql(legalEntities.raisonSocial), pattern),
          ilike(sql`coalesce(${legalEntities.siren}, '')`, pattern),
          ilike(foldedSql(sql`coalesce(${legalEntities.city}, '')`), pattern),
        ),
      );
      return db
        .select({
          id: legalEntities.id,
          raisonSocial: legalEntities.raisonSocial,
          siren: legalEntities.siren,
          city: legalEntities.city,
          gestionnaireRaisonSocial: gestionnaires.raisonSocial,
          establishments: sql<number>`(select ${count()} from ${clients} c where c.legal_entity_id = ${legalEntities.id})::int`,
        })
        .from(legalEntities)
        .leftJoin(gestionnaires, eq(gestionnaires.id, legalEntities.gestionnaireId))
        .where(match)
        .orderBy(asc(legalEntities.raisonSocial))
        .limit(50);
    },
  };
}
export type PartiesService = ReturnType<typeof createPartiesService>;

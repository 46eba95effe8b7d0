import {
  type createEssmsBodySchema,
  type createLegalEntityBodySchema,
  departementOf,
  type LegalEntityOption,
  type legalEntityBodySchema,
} from "@certidesk/shared";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { badRequest, conflict } from "../../lib/errors.js";
import { openRequest } from "../prospects/index.js";
import { assertNoDuplicateEssms, assertNoDuplicateLegalEntity } from "./duplicates.js";
import * as repo from "./parties.repository.js";

type LegalEntityInput = z.output<typeof legalEntityBodySchema>;
type CreateLegalEntityInput = z.output<typeof createLegalEntityBodySchema>;
type CreateEssmsInput = z.output<typeof createEssmsBodySchema>;

async function insertLegalEntity(tx: Executor, actor: Actor, input: LegalEntityInput, requestId?: string) {
  if (input.gestionnaireId) {
    if (!(await repo.gestionnaireExists(tx, input.gestionnaireId))) throw badRequest("Gestionnaire introuvable.");
  }
  await assertNoDuplicateLegalEntity(tx, input);
  const created = await repo.insertLegalEntityRow(tx, input);
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
          if (contact) await repo.insertMainContact(tx, { ...contact, legalEntityId: created.id });
          return { id: created.id, version: created.version };
        }),
      ),

    createEssms: (actor: Actor, input: CreateEssmsInput, requestId?: string) =>
      translatingDuplicates(() =>
        db.transaction(async (tx) => {
          let legalEntityId = input.legalEntityId;
          if (legalEntityId) {
            if (!(await repo.legalEntityExists(tx, legalEntityId))) throw badRequest("Entité juridique introuvable.");
          } else if (input.legalEntity) {
            legalEntityId = (await insertLegalEntity(tx, actor, input.legalEntity, requestId)).id;
          }
          if (!legalEntityId) throw badRequest("Choisissez une entité juridique existante ou créez-en une.");
          const e = input.establishment;
          await assertNoDuplicateEssms(tx, e);
          const created = await repo.insertClientRow(tx, {
            ...e,
            legalEntityId,
            departement: departementOf(e.postalCode),
          });
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
          const contactId = input.contact
            ? await repo.insertMainContact(tx, { ...input.contact, clientId: created.id })
            : null;
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
      return repo.legalEntityOptionRows(db, search);
    },
  };
}
export type PartiesService = ReturnType<typeof createPartiesService>;

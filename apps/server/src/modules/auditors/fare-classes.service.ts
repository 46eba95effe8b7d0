import type { FareClass, fareClassBodySchema } from "@certidesk/shared";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { fareClasses } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { conflict, notFound } from "../../lib/errors.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import {
  countAuditorsWithFareClass,
  deleteFareClass,
  insertFareClass,
  listFareClasses,
} from "./auditors.repository.js";

type Input = z.output<typeof fareClassBodySchema>;
const toFareClass = (f: typeof fareClasses.$inferSelect): FareClass => ({
  _id: f.id,
  fareClassName: f.name,
  position: f.position,
  version: f.version,
});

/** Settings › Évaluateurs: the fare classes an evaluator travels in (the spec's fareClass). */
export function createFareClassesService({ db }: { db: Database }) {
  return {
    async list() {
      const rows = await listFareClasses(db);
      return rows.map(toFareClass);
    },
    async create(actor: Actor, input: Input, requestId?: string) {
      return db.transaction(async (tx) => {
        const created = await insertFareClass(tx, { name: input.fareClassName, position: input.position });
        await writeAudit(
          tx,
          actor,
          {
            action: "create",
            entityType: "fare_class",
            entityId: created.id,
            summary: `Classe « ${created.name} » créée`,
          },
          requestId,
        );
        return toFareClass(created);
      });
    },
    async update(actor: Actor, id: string, input: Input, requestId?: string) {
      const saved = await versionedUpdate({
        db,
        table: fareClasses,
        id,
        version: input.version ?? 0,
        actor,
        entityType: "fare_class",
        notFound: "Classe de transport introuvable.",
        requestId,
        apply: () => ({
          values: { name: input.fareClassName, position: input.position },
          summary: `Classe « ${input.fareClassName} » modifiée`,
        }),
      });
      return toFareClass(saved);
    },
    async remove(actor: Actor, id: string, requestId?: string) {
      await db.transaction(async (tx) => {
        if ((await countAuditorsWithFareClass(tx, id)) > 0)
          throw conflict("Cette classe est celle d'au moins un évaluateur : changez-la sur leur fiche d'abord.");
        const removed = await deleteFareClass(tx, id);
        if (!removed) throw notFound("Classe de transport introuvable.");
        await writeAudit(
          tx,
          actor,
          { action: "delete", entityType: "fare_class", entityId: id, summary: `Classe « ${removed.name} » supprimée` },
          requestId,
        );
      });
    },
  };
}
export type FareClassesService = ReturnType<typeof createFareClassesService>;

import type { FareClass, fareClassBodySchema } from "@certidesk/shared";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { auditors, fareClasses } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { conflict, notFound, staleVersion } from "../../lib/errors.js";

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
      const rows = await db.select().from(fareClasses).orderBy(asc(fareClasses.position), asc(fareClasses.name));
      return rows.map(toFareClass);
    },
    async create(actor: Actor, input: Input, requestId?: string) {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(fareClasses)
          .values({ name: input.fareClassName, position: input.position })
          .returning();
        if (!created) throw new Error("fare class not inserted");
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
      return db.transaction(async (tx) => {
        const [saved] = await tx
          .update(fareClasses)
          .set({
            name: input.fareClassName,
            position: input.position,
            version: sql`${fareClasses.version} + 1`,
            updatedAt: new Date(),
          })
          .where(and(eq(fareClasses.id, id), eq(fareClasses.version, input.version ?? 0)))
          .returning();
        if (!saved) {
          const [exists] = await tx.select({ id: fareClasses.id }).from(fareClasses).where(eq(fareClasses.id, id));
          throw exists ? staleVersion() : notFound("Classe de transport introuvable.");
        }
        await writeAudit(
          tx,
          actor,
          { action: "update", entityType: "fare_class", entityId: id, summary: `Classe « ${saved.name} » modifiée` },
          requestId,
        );
        return toFareClass(saved);
      });
    },
    async remove(actor: Actor, id: string, requestId?: string) {
      await db.transaction(async (tx) => {
        const [used] = await tx.select({ n: count() }).from(auditors).where(eq(auditors.fareClassId, id));
        if (Number(used?.n ?? 0) > 0)
          throw conflict("Cette classe est celle d'au moins un évaluateur : changez-la sur leur fiche d'abord.");
        const [removed] = await tx.delete(fareClasses).where(eq(fareClasses.id, id)).returning();
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

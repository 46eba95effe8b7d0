import type { NumberingSeries } from "@certidesk/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { numberingSeries } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { badRequest, notFound, staleVersion } from "../../lib/errors.js";
import { maskError, previewNext } from "../../lib/numbering.js";

type Row = typeof numberingSeries.$inferSelect;
const toSeries = (row: Row): NumberingSeries => ({
  code: row.code,
  label: row.label,
  mask: row.mask,
  year: row.year,
  counter: row.counter,
  next: previewNext(row),
  version: row.version,
});

/** Settings › Numérotation: the masks of each series; the counters move only by numbering. */
export function createNumberingService({ db }: { db: Database }) {
  return {
    list: async () => (await db.select().from(numberingSeries).orderBy(asc(numberingSeries.label))).map(toSeries),

    async update(actor: Actor, code: string, input: { mask: string; version: number }, requestId?: string) {
      const error = maskError(input.mask);
      if (error) throw badRequest(error);
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(numberingSeries).where(eq(numberingSeries.code, code));
        if (!current) throw notFound("Série de numérotation introuvable.");
        const [saved] = await tx
          .update(numberingSeries)
          .set({ mask: input.mask, version: sql`${numberingSeries.version} + 1`, updatedAt: new Date() })
          .where(and(eq(numberingSeries.code, code), eq(numberingSeries.version, input.version)))
          .returning();
        if (!saved) throw staleVersion();
        await writeAudit(
          tx,
          actor,
          {
            action: "update",
            entityType: "numbering",
            entityId: code,
            summary: `Numérotation des ${current.label.toLowerCase()} : ${current.mask} → ${saved.mask}`,
            changes: { mask: { from: current.mask, to: saved.mask } },
          },
          requestId,
        );
        return toSeries(saved);
      });
    },
  };
}
export type NumberingService = ReturnType<typeof createNumberingService>;

import type { NumberingSeries } from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import { numberingSeries } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { badRequest } from "../../lib/errors.js";
import { maskError, previewNext } from "../../lib/numbering.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import * as repo from "./numbering.repository.js";

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
export function createNumberingService({ db, clock = systemClock }: { db: Database; clock?: Clock }) {
  return {
    list: async () => (await repo.listSeries(db)).map(toSeries),

    async update(actor: Actor, code: string, input: { mask: string; version: number }, requestId?: string) {
      const error = maskError(input.mask);
      if (error) throw badRequest(error);
      const saved = await versionedUpdate({
        db,
        clock,
        table: numberingSeries,
        key: numberingSeries.code,
        id: code,
        version: input.version,
        actor,
        requestId,
        entityType: "numbering",
        notFound: "Série de numérotation introuvable.",
        apply: (_tx, current) => ({
          values: { mask: input.mask },
          summary: `Numérotation des ${current.label.toLowerCase()} : ${current.mask} → ${input.mask}`,
          changes: { mask: { from: current.mask, to: input.mask } },
        }),
      });
      return toSeries(saved);
    },
  };
}
export type NumberingService = ReturnType<typeof createNumberingService>;

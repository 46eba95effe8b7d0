import type { SavedView, savedViewBodySchema, updateSavedViewBodySchema } from "@certidesk/shared";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { savedViews } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { badRequest, conflict, forbidden, notFound, staleVersion } from "../../lib/errors.js";
import { authorize } from "../../lib/policy.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import { mayShareViews, savedViewResource } from "./saved-views.policy.js";
import * as repo from "./saved-views.repository.js";

type CreateInput = z.output<typeof savedViewBodySchema>;
type UpdateInput = z.output<typeof updateSavedViewBodySchema>;

const SHARE_FORBIDDEN = "Partager une vue avec un profil demande le droit Paramètres en modification.";
const nameTakenMessage = (name: string) =>
  `Vous avez déjà une vue « ${name} » sur cette liste : choisissez un autre nom.`;

function toView(row: repo.SavedViewRow, ownerName: string, actor: Actor): SavedView {
  return {
    id: row.id,
    listKey: row.listKey,
    name: row.name,
    query: row.query,
    columns: row.columns,
    sharedProfileType: row.sharedProfileType as SavedView["sharedProfileType"],
    ownerName,
    mine: row.ownerId === actor.userId,
    version: row.version,
  };
}

async function assertNameFree(tx: Executor, actor: Actor, listKey: string, name: string, exceptId?: string) {
  if (await repo.nameTaken(tx, actor.userId, listKey, name, exceptId)) throw conflict(nameTakenMessage(name));
}

/** Saved views of the lists (issue 40): a user's own, and those shared with their profile. */
export function createSavedViewsService({ db, clock = systemClock }: { db: Database; clock?: Clock }) {
  return {
    async list(actor: Actor, listKey: string): Promise<SavedView[]> {
      const rows = await repo.listVisibleViews(db, listKey, actor.userId, actor.profileType);
      return rows.map((r) => toView(r.view, r.ownerName, actor));
    },

    async create(actor: Actor, input: CreateInput, requestId?: string) {
      if (input.sharedProfileType && !mayShareViews(actor)) throw forbidden(SHARE_FORBIDDEN);
      return db.transaction(async (tx) => {
        await assertNameFree(tx, actor, input.listKey, input.name);
        const created = await repo.insertView(tx, { ...input, ownerId: actor.userId });
        if (!created) throw badRequest();
        await writeAudit(
          tx,
          actor,
          {
            action: "create",
            entityType: "saved-view",
            entityId: created.id,
            summary: `Vue « ${created.name} » enregistrée (liste ${created.listKey})`,
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
        table: savedViews,
        id,
        version,
        actor,
        requestId,
        entityType: "saved-view",
        authorize: { resource: savedViewResource, action: "update" },
        apply: async (tx, current) => {
          // Keeping a share one may no longer give is allowed; giving or moving one is not.
          if (
            values.sharedProfileType !== current.sharedProfileType &&
            values.sharedProfileType &&
            !mayShareViews(actor)
          )
            throw forbidden(SHARE_FORBIDDEN);
          await assertNameFree(tx, actor, current.listKey, values.name, id);
          return { values, summary: `Vue « ${values.name} » modifiée (liste ${current.listKey})`, changes: true };
        },
      });
      return { id, version: saved.version };
    },

    async remove(actor: Actor, id: string, version: number, requestId?: string) {
      await db.transaction(async (tx) => {
        const view = await repo.findViewForUpdate(tx, id);
        if (!view) throw notFound(savedViewResource.notFound);
        authorize(actor, "delete", savedViewResource, view);
        if (view.version !== version) throw staleVersion();
        await repo.deleteView(tx, id);
        await writeAudit(
          tx,
          actor,
          {
            action: "delete",
            entityType: "saved-view",
            entityId: id,
            summary: `Vue « ${view.name} » supprimée (liste ${view.listKey})`,
          },
          requestId,
        );
      });
    },
  };
}
export type SavedViewsService = ReturnType<typeof createSavedViewsService>;

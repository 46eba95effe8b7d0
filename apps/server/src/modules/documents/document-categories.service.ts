import type { DocumentCategory, DocumentFamily, saveDocumentCategoryBodySchema } from "@certidesk/shared";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { documentCategories } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import { deleteCategory, insertCategory, listCategories } from "./documents.repository.js";

type SaveInput = z.output<typeof saveDocumentCategoryBodySchema>;

/** Main categories of the library (Settings › Documents). */
export function createDocumentCategoriesService({ db, clock = systemClock }: { db: Database; clock?: Clock }) {
  return {
    async list(): Promise<DocumentCategory[]> {
      const rows = await listCategories(db);
      return rows.map(({ category, documentCount }) => ({
        id: category.id,
        family: category.family as DocumentFamily,
        name: category.name,
        position: category.position,
        documentCount: Number(documentCount),
        version: category.version,
      }));
    },

    async create(actor: Actor, input: SaveInput, requestId?: string) {
      return db.transaction(async (tx) => {
        const created = await insertCategory(tx, { family: input.family, name: input.name, position: input.position });
        await writeAudit(
          tx,
          actor,
          {
            action: "create",
            entityType: "document-category",
            entityId: created.id,
            summary: `Catégorie « ${created.name} » créée`,
          },
          requestId,
        );
        return { id: created.id, version: created.version };
      });
    },

    async update(actor: Actor, id: string, input: SaveInput, requestId?: string) {
      if (!input.version) throw badRequest("La version est obligatoire.");
      const saved = await versionedUpdate({
        db,
        clock,
        table: documentCategories,
        id,
        version: input.version,
        actor,
        requestId,
        entityType: "document-category",
        notFound: "Catégorie introuvable.",
        apply: () => ({
          values: { name: input.name, position: input.position },
          summary: `Catégorie « ${input.name} » modifiée`,
        }),
      });
      return { id, version: saved.version };
    },

    /** Removing a category keeps its documents, which simply lose it. */
    async remove(actor: Actor, id: string, requestId?: string) {
      await db.transaction(async (tx) => {
        const removed = await deleteCategory(tx, id);
        if (!removed) throw notFound("Catégorie introuvable.");
        await writeAudit(
          tx,
          actor,
          {
            action: "delete",
            entityType: "document-category",
            entityId: id,
            summary: `Catégorie « ${removed.name} » supprimée`,
          },
          requestId,
        );
      });
    },
  };
}
export type DocumentCategoriesService = ReturnType<typeof createDocumentCategoriesService>;

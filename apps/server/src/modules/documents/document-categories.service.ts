import type { DocumentCategory, DocumentFamily, saveDocumentCategoryBodySchema } from "@certidesk/shared";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { documentCategories } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { badRequest, notFound, staleVersion } from "../../lib/errors.js";
import { listCategories } from "./documents.repository.js";

type SaveInput = z.output<typeof saveDocumentCategoryBodySchema>;

/** Main categories of the library (Settings › Documents). */
export function createDocumentCategoriesService({ db }: { db: Database }) {
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
        const [created] = await tx
          .insert(documentCategories)
          .values({ family: input.family, name: input.name, position: input.position })
          .returning();
        if (!created) throw new Error("category not created");
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
      const version = input.version;
      return db.transaction(async (tx) => {
        const [saved] = await tx
          .update(documentCategories)
          .set({
            name: input.name,
            position: input.position,
            version: sql`${documentCategories.version} + 1`,
            updatedAt: new Date(),
          })
          .where(and(eq(documentCategories.id, id), eq(documentCategories.version, version)))
          .returning();
        if (!saved) {
          const [exists] = await tx
            .select({ id: documentCategories.id })
            .from(documentCategories)
            .where(eq(documentCategories.id, id));
          throw exists ? staleVersion() : notFound("Catégorie introuvable.");
        }
        await writeAudit(
          tx,
          actor,
          {
            action: "update",
            entityType: "document-category",
            entityId: id,
            summary: `Catégorie « ${saved.name} » modifiée`,
          },
          requestId,
        );
        return { id, version: saved.version };
      });
    },

    /** Removing a category keeps its documents, which simply lose it. */
    async remove(actor: Actor, id: string, requestId?: string) {
      await db.transaction(async (tx) => {
        const [removed] = await tx.delete(documentCategories).where(eq(documentCategories.id, id)).returning();
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

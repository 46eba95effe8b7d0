import type { MailGroup, saveMailGroupBodySchema } from "@certidesk/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { mailGroups } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { badRequest, notFound, staleVersion } from "../../lib/errors.js";

type SaveInput = z.output<typeof saveMailGroupBodySchema>;

const toGroup = (row: typeof mailGroups.$inferSelect): MailGroup => ({
  id: row.id,
  name: row.name,
  description: row.description,
  emails: row.emails,
  version: row.version,
});
const unique = (emails: string[]) => [...new Set(emails.map((e) => e.trim().toLowerCase()))];

/** Group e-mail lists (Settings › E-mails groupés). */
export function createMailGroupsService({ db }: { db: Database }) {
  return {
    list: async () => (await db.select().from(mailGroups).orderBy(asc(mailGroups.name))).map(toGroup),

    async create(actor: Actor, input: SaveInput, requestId?: string) {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(mailGroups)
          .values({ name: input.name, description: input.description, emails: unique(input.emails) })
          .returning();
        if (!created) throw new Error("group not created");
        await writeAudit(
          tx,
          actor,
          {
            action: "create",
            entityType: "mail-group",
            entityId: created.id,
            summary: `Liste « ${created.name} » créée`,
          },
          requestId,
        );
        return toGroup(created);
      });
    },

    async update(actor: Actor, id: string, input: SaveInput, requestId?: string) {
      if (!input.version) throw badRequest("La version est obligatoire.");
      const version = input.version;
      return db.transaction(async (tx) => {
        const [saved] = await tx
          .update(mailGroups)
          .set({
            name: input.name,
            description: input.description,
            emails: unique(input.emails),
            version: sql`${mailGroups.version} + 1`,
            updatedAt: new Date(),
          })
          .where(and(eq(mailGroups.id, id), eq(mailGroups.version, version)))
          .returning();
        if (!saved) {
          const [exists] = await tx.select({ id: mailGroups.id }).from(mailGroups).where(eq(mailGroups.id, id));
          throw exists ? staleVersion() : notFound("Liste introuvable.");
        }
        await writeAudit(
          tx,
          actor,
          { action: "update", entityType: "mail-group", entityId: id, summary: `Liste « ${saved.name} » modifiée` },
          requestId,
        );
        return toGroup(saved);
      });
    },

    async remove(actor: Actor, id: string, requestId?: string) {
      await db.transaction(async (tx) => {
        const [removed] = await tx.delete(mailGroups).where(eq(mailGroups.id, id)).returning();
        if (!removed) throw notFound("Liste introuvable.");
        await writeAudit(
          tx,
          actor,
          { action: "delete", entityType: "mail-group", entityId: id, summary: `Liste « ${removed.name} » supprimée` },
          requestId,
        );
      });
    },
  };
}
export type MailGroupsService = ReturnType<typeof createMailGroupsService>;

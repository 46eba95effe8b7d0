import type { MailGroup, saveMailGroupBodySchema } from "@certidesk/shared";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import { mailGroups } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import * as repo from "./mail-groups.repository.js";

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
export function createMailGroupsService({ db, clock = systemClock }: { db: Database; clock?: Clock }) {
  return {
    list: async () => (await repo.listGroups(db)).map(toGroup),

    async create(actor: Actor, input: SaveInput, requestId?: string) {
      return db.transaction(async (tx) => {
        const created = await repo.insertGroup(tx, {
          name: input.name,
          description: input.description,
          emails: unique(input.emails),
        });
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
      const saved = await versionedUpdate({
        db,
        clock,
        table: mailGroups,
        id,
        version: input.version,
        actor,
        requestId,
        entityType: "mail-group",
        notFound: "Liste introuvable.",
        apply: () => ({
          values: { name: input.name, description: input.description, emails: unique(input.emails) },
          summary: `Liste « ${input.name} » modifiée`,
        }),
      });
      return toGroup(saved);
    },

    async remove(actor: Actor, id: string, requestId?: string) {
      await db.transaction(async (tx) => {
        const removed = await repo.deleteGroup(tx, id);
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

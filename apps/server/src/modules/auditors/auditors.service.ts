import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { auditors } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { authorizeAuditorRecord } from "../../lib/authorization.js";
import { notFound } from "../../lib/errors.js";

export function createAuditorsService({ db }: { db: Database }) {
  return {
    async get(actor: Actor, id: string) {
      authorizeAuditorRecord(actor, id);
      const [auditor] = await db.select().from(auditors).where(eq(auditors.id, id)).limit(1);
      if (!auditor) throw notFound("Évaluateur introuvable.");
      return auditor;
    },
  };
}
export type AuditorsService = ReturnType<typeof createAuditorsService>;

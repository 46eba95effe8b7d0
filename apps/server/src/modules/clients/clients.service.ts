import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { clients } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { authorizeClientRecord } from "../../lib/authorization.js";
import { notFound } from "../../lib/errors.js";

export function createClientsService({ db }: { db: Database }) {
  return {
    /** A client user's own client (the client portal's first call). */
    async clientOfUser(actor: Actor) {
      if (!actor.clientId) throw notFound("Aucun client n'est rattaché à votre compte.");
      authorizeClientRecord(actor, actor.clientId);
      const [client] = await db.select().from(clients).where(eq(clients.id, actor.clientId)).limit(1);
      if (!client) throw notFound("Aucun client n'est rattaché à votre compte.");
      return client;
    },
  };
}
export type ClientsService = ReturnType<typeof createClientsService>;

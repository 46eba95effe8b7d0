import { auditLogQuerySchema, auditPageSchema } from "@certidesk/shared";
import type { AppInstance } from "../../app-instance.js";
import type { Database } from "../../db/client.js";
import { requireActor } from "../../plugins/auth.js";
import { listAuditEntries } from "./audit.repository.js";

const tags = ["journal"];
const response = { 200: auditPageSchema };

export function auditRoutes(app: AppInstance, { db }: { db: Database }) {
  app.get(
    "/api/audit-log",
    {
      config: { access: { code: "SETTING", op: "read" } },
      schema: { tags, summary: "Journal des modifications", querystring: auditLogQuerySchema, response },
    },
    async (request, reply) => reply.jsonText(await listAuditEntries(db, request.query)),
  );

  // Everyone may read what they did themselves (the landing page's recent activity).
  app.get(
    "/api/audit-log/mine",
    {
      config: { access: "authenticated" },
      schema: { tags, summary: "Mes dernières actions", querystring: auditLogQuerySchema, response },
    },
    async (request, reply) =>
      reply.jsonText(await listAuditEntries(db, { ...request.query, actorId: requireActor(request).userId })),
  );
}

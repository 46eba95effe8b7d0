import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { notFound } from "../../lib/errors.js";
import { authorize } from "../../lib/policy.js";
import { auditorResource } from "./auditors.policy.js";
import * as repo from "./auditors.repository.js";

export function createAuditorsService({ db }: { db: Database }) {
  return {
    async get(actor: Actor, id: string) {
      const auditor = await repo.findAuditor(db, id);
      if (!auditor) throw notFound(auditorResource.notFound);
      authorize(actor, "read", auditorResource, auditor);
      return auditor;
    },
  };
}
export type AuditorsService = ReturnType<typeof createAuditorsService>;

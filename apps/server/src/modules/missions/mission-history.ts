import { idSchema, type MissionHistory, missionHistorySchema } from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { notFound } from "../../lib/errors.js";
import { authorize, isStaff } from "../../lib/policy.js";
import { requireActor } from "../../plugins/auth.js";
import { missionHistoryOf } from "./mission-follow.repository.js";
import { missionResource } from "./missions.policy.js";
import * as repo from "./missions.repository.js";

/**
 * A mission's history, read from the audit log: every change of days or team with who, when, what moved,
 * who was told and which checks were overridden (the evidence the accreditation body asks for). Staff only.
 */
export function createMissionHistoryService({ db }: { db: Database }) {
  return {
    async read(actor: Actor, id: string): Promise<MissionHistory> {
      const loaded = await repo.findMission(db, id);
      if (!loaded || !isStaff(actor)) throw notFound(missionResource.notFound);
      authorize(actor, "read", missionResource, loaded.record);
      const rows = await missionHistoryOf(db, id);
      return { items: rows.map((r) => ({ ...r, occurredAt: r.occurredAt.toISOString() })) };
    },
  };
}

export function missionHistoryRoutes(
  app: AppInstance,
  { history }: { history: ReturnType<typeof createMissionHistoryService> },
) {
  app.get(
    "/api/missions/:id/history",
    {
      config: { access: { code: "MISSION", op: "read" } },
      schema: {
        tags: ["missions"],
        summary: "Historique de la mission : changements de dates et d'équipe, envois, contrôles passés outre",
        params: z.object({ id: idSchema }),
        response: { 200: missionHistorySchema },
      },
    },
    async (request) => history.read(requireActor(request), request.params.id),
  );
}

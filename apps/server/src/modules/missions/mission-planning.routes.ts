import {
  idSchema,
  missionCountsSchema,
  missionListQuerySchema,
  missionPlanningQuerySchema,
  missionPlanningSchema,
  missionProposalsSchema,
  missionVersionBodySchema,
  okSchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { MissionPlanningService } from "./mission-planning.service.js";
import type { MissionProposalsService } from "./mission-proposals.service.js";

const tags = ["missions"];
const idParams = z.object({ id: idSchema });
const staffRead = { access: { code: "MISSION", op: "read" } } as const;
const staffUpdate = { access: { code: "MISSION", op: "update" } } as const;

/** The staff's mission screens: counts of the list's filters, the planning board, the team's proposals. */
export function missionPlanningRoutes(
  app: AppInstance,
  { planning, proposals }: { planning: MissionPlanningService; proposals: MissionProposalsService },
) {
  app.get(
    "/api/missions/counts",
    {
      // Like the list: evaluators and client users count their own missions (the scope decides).
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "Nombre de missions par état (mêmes filtres que la liste, hors état)",
        querystring: missionListQuerySchema,
        response: { 200: missionCountsSchema },
      },
    },
    async (request) => {
      const { page: _page, pageSize: _size, ...query } = request.query;
      return planning.counts(requireActor(request), query);
    },
  );

  app.get(
    "/api/missions/planning",
    {
      config: staffRead,
      schema: {
        tags,
        summary: "Planning du mois : évaluateurs, jours de visite, indisponibilités et conflits",
        querystring: missionPlanningQuerySchema,
        response: { 200: missionPlanningSchema },
      },
    },
    async (request) => planning.planning(requireActor(request), request.query.month),
  );

  app.get(
    "/api/missions/:id/proposals",
    {
      config: staffRead,
      schema: {
        tags,
        summary: "Propositions de l'équipe envoyées (établissement, évaluateurs)",
        params: idParams,
        response: { 200: missionProposalsSchema },
      },
    },
    async (request) => proposals.list(requireActor(request), request.params.id),
  );

  app.post(
    "/api/missions/:id/proposals/client",
    {
      config: staffUpdate,
      schema: {
        tags,
        summary: "Proposer l'équipe à l'établissement (MISSION_PROPOSITION_CLIENT, par e-mail)",
        params: idParams,
        body: missionVersionBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await proposals.toClient(requireActor(request), request.params.id, request.body.version, request.id);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/missions/:id/proposals/auditors",
    {
      config: staffUpdate,
      schema: {
        tags,
        summary: "Proposer la mission aux évaluateurs de l'équipe (MISSION_PROPOSITION_AUDITOR, par e-mail)",
        params: idParams,
        body: missionVersionBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await proposals.toAuditors(requireActor(request), request.params.id, request.body.version, request.id);
      return { ok: true as const };
    },
  );
}

import {
  idSchema,
  missionDaysBodySchema,
  missionDetailSchema,
  missionListQuerySchema,
  missionPlanCheckQuerySchema,
  missionPlanCheckSchema,
  missionRowSchema,
  missionTeamBodySchema,
  pageResultSchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { MissionsService } from "./missions.service.js";

const tags = ["missions"];
const idParams = z.object({ id: idSchema });
const detail = { 200: missionDetailSchema };
const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
// Evaluators and client users read their own missions (the policy scopes them); staff need MISSION.
const scoped = { access: "authenticated" } as const;
const staffUpdate = { access: { code: "MISSION", op: "update" } } as const;

export function missionsRoutes(app: AppInstance, { missions }: { missions: MissionsService }) {
  app.get(
    "/api/missions",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Liste des missions (filtres, recherche, tri et pagination côté serveur)",
        querystring: missionListQuerySchema,
        response: { 200: pageResultSchema(missionRowSchema) },
      },
    },
    async (request, reply) => reply.jsonText(await missions.list(requireActor(request), request.query)),
  );

  app.get(
    "/api/missions/export",
    {
      config: { access: { code: "MISSION", op: "read" } },
      schema: {
        tags,
        summary: "Export XLSX de la liste des missions (mêmes filtres)",
        querystring: missionListQuerySchema,
      },
    },
    async (request, reply) => {
      const { page: _page, pageSize: _size, ...query } = request.query;
      const { filename, stream } = await missions.exportXlsx(requireActor(request), query);
      return reply
        .header("content-type", XLSX_MIME)
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(stream);
    },
  );

  app.get(
    "/api/missions/:id",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Une mission : équipe, ordres de mission, jours, échéances",
        params: idParams,
        response: detail,
      },
    },
    async (request) => missions.detail(requireActor(request), request.params.id),
  );

  app.put(
    "/api/missions/:id/team",
    {
      config: staffUpdate,
      schema: {
        tags,
        summary: "Équipe d'évaluation (au moins deux évaluateurs, un coordinateur ; contrôle d'impartialité)",
        params: idParams,
        body: missionTeamBodySchema,
        response: detail,
      },
    },
    async (request) => missions.updateTeam(requireActor(request), request.params.id, request.body, request.id),
  );

  app.put(
    "/api/missions/:id/days",
    {
      config: staffUpdate,
      schema: {
        tags,
        summary: "Jours de visite, créneaux et programme (date d'évaluation du client)",
        params: idParams,
        body: missionDaysBodySchema,
        response: detail,
      },
    },
    async (request) => missions.updateDays(requireActor(request), request.params.id, request.body, request.id),
  );

  app.get(
    "/api/missions/:id/plan-check",
    {
      // The planning team's preview: it names the other evaluators' leave and bookings.
      config: { access: { code: "MISSION", op: "read", staff: true } },
      schema: {
        tags,
        summary: "Ce que ces jours de visite (ou les jours actuels) feraient lever à l'équipe, avant d'enregistrer",
        params: idParams,
        querystring: missionPlanCheckQuerySchema,
        response: { 200: missionPlanCheckSchema },
      },
    },
    async (request) => missions.planCheck(requireActor(request), request.params.id, request.query.days),
  );
}

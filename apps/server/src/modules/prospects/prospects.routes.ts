import {
  createRequestBodySchema,
  establishmentOptionSchema,
  idParamsSchema,
  PROSPECT_TYPES,
  pageResultSchema,
  prospectListQuerySchema,
  prospectRowSchema,
  refuseRequestBodySchema,
  requestDetailSchema,
  savedResultSchema,
  searchTextSchema,
  trainingOrganisationBodySchema,
  updateRequestBodySchema,
  versionBodySchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { ProspectsService } from "./prospects.service.js";

const tags = ["prospects"];
const listResponse = { 200: pageResultSchema(prospectRowSchema) };

export function prospectsRoutes(app: AppInstance, { prospects }: { prospects: ProspectsService }) {
  app.get(
    "/requestclients/getListProspectByProspectType/:type",
    {
      config: { access: { code: "PROSPECT", op: "read" } },
      schema: {
        tags,
        summary: "Prospects par type : all (tous), EnCours (en cours), REFUSE (refusés)",
        params: z.object({
          type: z.enum(PROSPECT_TYPES, { error: "Type de prospect inconnu : all, EnCours ou REFUSE." }),
        }),
        querystring: prospectListQuerySchema,
        response: listResponse,
      },
    },
    async (request, reply) =>
      reply.jsonText(await prospects.list(requireActor(request), request.params.type, request.query)),
  );

  app.get(
    "/api/requestclients/getListProspectArchive",
    {
      config: { access: { code: "PROSPECT", op: "read" } },
      schema: { tags, summary: "Prospects archivés", querystring: prospectListQuerySchema, response: listResponse },
    },
    async (request, reply) => reply.jsonText(await prospects.list(requireActor(request), "ARCHIVE", request.query)),
  );

  app.get(
    "/api/requestclients/establishment-options",
    {
      config: { access: { code: "PROSPECT", op: "create" } },
      schema: {
        tags,
        summary: "Établissements pour une nouvelle demande",
        querystring: z.object({ search: searchTextSchema.optional() }),
        response: { 200: z.array(establishmentOptionSchema) },
      },
    },
    async (request) => prospects.establishmentOptions(requireActor(request), request.query.search),
  );

  app.get(
    "/api/requestclients/:id",
    {
      config: { access: { code: "PROSPECT", op: "read" } },
      schema: {
        tags,
        summary: "Une demande et son avancement",
        params: idParamsSchema,
        response: { 200: requestDetailSchema },
      },
    },
    async (request) => prospects.detail(requireActor(request), request.params.id),
  );

  app.post(
    "/api/requestclients",
    {
      config: { access: { code: "PROSPECT", op: "create" } },
      schema: {
        tags,
        summary: "Nouvelle demande",
        body: createRequestBodySchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) => prospects.create(requireActor(request), request.body, request.id),
  );

  app.put(
    "/api/requestclients/:id",
    {
      config: { access: { code: "PROSPECT", op: "update" } },
      schema: {
        tags,
        summary: "Modifier une demande",
        params: idParamsSchema,
        body: updateRequestBodySchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) => prospects.update(requireActor(request), request.params.id, request.body, request.id),
  );

  app.put(
    "/api/requestclients/:id/training-organisation",
    {
      config: { access: { code: "PROSPECT", op: "update" } },
      schema: {
        tags,
        summary:
          "Données de l'organisme de formation (formateurs, stagiaires, matériel, locaux) d'une demande de certification",
        params: idParamsSchema,
        body: trainingOrganisationBodySchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) =>
      prospects.saveTrainingOrganisation(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/requestclients/:id/refuse",
    {
      config: { access: { code: "PROSPECT", op: "update" } },
      schema: {
        tags,
        summary: "Refuser une demande",
        params: idParamsSchema,
        body: refuseRequestBodySchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) => prospects.refuse(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/requestclients/:id/archive",
    {
      config: { access: { code: "PROSPECT", op: "update" } },
      schema: {
        tags,
        summary: "Archiver une demande",
        params: idParamsSchema,
        body: versionBodySchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) => prospects.archive(requireActor(request), request.params.id, request.body.version, request.id),
  );

  app.post(
    "/api/requestclients/:id/move-to-prospect",
    {
      config: { access: { code: "PROSPECT", op: "update" } },
      schema: {
        tags,
        summary: "Repasser en prospect (désarchiver, ou reprendre une demande refusée)",
        params: idParamsSchema,
        body: versionBodySchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) =>
      prospects.moveToProspect(requireActor(request), request.params.id, request.body.version, request.id),
  );
}

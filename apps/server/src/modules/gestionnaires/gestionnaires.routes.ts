import {
  gestionnaireBodySchema,
  gestionnaireDetailSchema,
  gestionnaireListQuerySchema,
  gestionnaireRowSchema,
  idParamsSchema,
  idSchema,
  linkOptionSchema,
  pageResultSchema,
  savedResultSchema,
  updateGestionnaireBodySchema,
  versionSchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { GestionnairesService } from "./gestionnaires.service.js";

const tags = ["gestionnaires"];

export function gestionnairesRoutes(app: AppInstance, { gestionnaires }: { gestionnaires: GestionnairesService }) {
  app.get(
    "/api/gestionnaires",
    {
      config: { access: { code: "GESTIONNAIRE", op: "read" } },
      schema: {
        tags,
        summary: "Liste des gestionnaires",
        querystring: gestionnaireListQuerySchema,
        response: { 200: pageResultSchema(gestionnaireRowSchema) },
      },
    },
    async (request, reply) => reply.jsonText(await gestionnaires.list(requireActor(request), request.query)),
  );

  app.get(
    "/api/gestionnaires/options",
    {
      config: { access: { code: "NOUVEAU", op: "create" } },
      schema: { tags, summary: "Gestionnaires à choisir", response: { 200: z.array(linkOptionSchema) } },
    },
    async (request) => gestionnaires.options(requireActor(request)),
  );

  app.get(
    "/api/gestionnaires/:id",
    {
      config: { access: { code: "GESTIONNAIRE", op: "read" } },
      schema: {
        tags,
        summary: "Fiche d'un gestionnaire",
        params: idParamsSchema,
        response: { 200: gestionnaireDetailSchema },
      },
    },
    async (request) => gestionnaires.detail(requireActor(request), request.params.id),
  );

  app.post(
    "/api/gestionnaires",
    {
      config: { access: { code: "GESTIONNAIRE", op: "create" } },
      schema: {
        tags,
        summary: "Nouveau gestionnaire",
        body: gestionnaireBodySchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) => gestionnaires.create(requireActor(request), request.body, request.id),
  );

  app.put(
    "/api/gestionnaires/:id",
    {
      config: { access: { code: "GESTIONNAIRE", op: "update" } },
      schema: {
        tags,
        summary: "Modifier un gestionnaire",
        params: idParamsSchema,
        body: updateGestionnaireBodySchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) => gestionnaires.update(requireActor(request), request.params.id, request.body, request.id),
  );

  app.put(
    "/api/legal-entities/:id/gestionnaire",
    {
      config: { access: { code: "GESTIONNAIRE", op: "update" } },
      schema: {
        tags,
        summary: "Rattacher une entité juridique à un gestionnaire",
        params: idParamsSchema,
        body: z.object({ gestionnaireId: idSchema.nullable(), version: versionSchema }),
        response: { 200: savedResultSchema },
      },
    },
    async (request) =>
      gestionnaires.attachLegalEntity(requireActor(request), request.params.id, request.body, request.id),
  );
}

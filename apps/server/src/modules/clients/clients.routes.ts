import {
  clientDetailSchema,
  clientExportQuerySchema,
  clientListBodySchema,
  clientRowSchema,
  contactBodySchema,
  idParamsSchema,
  pageResultSchema,
  portalClientSchema,
  savedResultSchema,
  updateContactBodySchema,
  updateEssmsBodySchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { ClientsService } from "./clients.service.js";

const tags = ["clients"];
const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export function clientsRoutes(app: AppInstance, { clients }: { clients: ClientsService }) {
  app.post(
    "/api/client/getListClient",
    {
      config: { access: { code: "CLIENT", op: "read" } },
      schema: {
        tags,
        summary: "Liste des clients (filtre, recherche, tri et pagination côté serveur)",
        body: clientListBodySchema,
        response: { 200: pageResultSchema(clientRowSchema) },
      },
    },
    async (request, reply) => reply.jsonText(await clients.list(requireActor(request), request.body)),
  );

  app.get(
    "/api/clients/extractClientList",
    {
      config: { access: { code: "CLIENT", op: "read" } },
      schema: {
        tags,
        summary: "Export XLSX de la liste des clients (mêmes filtres)",
        querystring: clientExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { sortKey, direction, ...rest } = request.query;
      const { filename, stream } = await clients.exportXlsx(requireActor(request), {
        ...rest,
        sort: sortKey ? { key: sortKey, direction } : null,
      });
      return reply
        .header("content-type", XLSX_MIME)
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(stream);
    },
  );

  app.get(
    "/api/client/get-client-user",
    {
      config: { access: { code: "CLIENT", op: "read" } },
      schema: { tags, summary: "Le client de l'utilisateur connecté", response: { 200: portalClientSchema } },
    },
    async (request) => clients.clientOfUser(requireActor(request)),
  );

  app.get(
    "/api/clients/:id",
    {
      config: { access: { code: "CLIENT", op: "read" } },
      schema: {
        tags,
        summary: "Fiche d'un établissement client",
        params: idParamsSchema,
        response: { 200: clientDetailSchema },
      },
    },
    async (request) => clients.detail(requireActor(request), request.params.id),
  );

  app.put(
    "/api/clients/:id",
    {
      config: { access: { code: "CLIENT", op: "update" } },
      schema: {
        tags,
        summary: "Modifier un établissement",
        params: idParamsSchema,
        body: updateEssmsBodySchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) => clients.update(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/clients/:id/contacts",
    {
      config: { access: { code: "CLIENT", op: "update" } },
      schema: {
        tags,
        summary: "Ajouter un contact à un établissement",
        params: idParamsSchema,
        body: contactBodySchema.extend({ isMain: z.boolean().optional() }),
        response: { 200: savedResultSchema },
      },
    },
    async (request) => clients.addContact(requireActor(request), request.params.id, request.body, request.id),
  );

  app.put(
    "/api/contacts/:id",
    {
      config: { access: { code: "CLIENT", op: "update" } },
      schema: {
        tags,
        summary: "Modifier un contact (d'un établissement ou d'une entité juridique)",
        params: idParamsSchema,
        body: updateContactBodySchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) => clients.updateContact(requireActor(request), request.params.id, request.body, request.id),
  );
}

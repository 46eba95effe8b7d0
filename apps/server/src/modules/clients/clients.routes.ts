import {
  clientDetailSchema,
  clientExportQuerySchema,
  clientListBodySchema,
  clientRowSchema,
  contactBodySchema,
  idSchema,
  pageResultSchema,
  updateEssmsBodySchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { ClientsService } from "./clients.service.js";

const tags = ["clients"];
const idParams = z.object({ id: idSchema });
const savedSchema = z.object({ id: z.string(), version: z.number().int() });
const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const clientUserSchema = z.object({
  id: z.string(),
  raisonSocial: z.string(),
  siret: z.string().nullable(),
  finess: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  legalEntityRaisonSocial: z.string().nullable(),
  evaluationDate: z.string().nullable(),
  evaluationFinishedAt: z.string().nullable(),
  clientSince: z.string().nullable(),
});

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
    async (request) => clients.list(requireActor(request), request.body),
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
      schema: { tags, summary: "Le client de l'utilisateur connecté", response: { 200: clientUserSchema } },
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
        params: idParams,
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
        params: idParams,
        body: updateEssmsBodySchema,
        response: { 200: savedSchema },
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
        params: idParams,
        body: contactBodySchema.extend({ isMain: z.boolean().optional() }),
        response: { 200: savedSchema },
      },
    },
    async (request) => clients.addContact(requireActor(request), request.params.id, request.body, request.id),
  );
}

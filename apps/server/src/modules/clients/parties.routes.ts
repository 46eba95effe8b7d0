import {
  createdSchema,
  createEssmsBodySchema,
  createLegalEntityBodySchema,
  legalEntityOptionSchema,
  searchTextSchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { PartiesService } from "./parties.service.js";

const tags = ["clients"];

/** nouveau and entite-juridique: create right on NOUVEAU only (spec §2). */
export function partiesRoutes(app: AppInstance, { parties }: { parties: PartiesService }) {
  app.post(
    "/api/clients",
    {
      config: { access: { code: "NOUVEAU", op: "create" } },
      schema: {
        tags,
        summary: "Nouvel établissement (ESSMS), avec son entité juridique, son contact et sa demande",
        body: createEssmsBodySchema,
        response: { 200: createdSchema },
      },
    },
    async (request) => parties.createEssms(requireActor(request), request.body, request.id),
  );

  app.post(
    "/api/legal-entities",
    {
      config: { access: { code: "NOUVEAU", op: "create" } },
      schema: {
        tags,
        summary: "Nouvelle entité juridique",
        body: createLegalEntityBodySchema,
        response: { 200: createdSchema },
      },
    },
    async (request) => parties.createLegalEntity(requireActor(request), request.body, request.id),
  );

  app.get(
    "/api/legal-entities/options",
    {
      config: { access: { code: "NOUVEAU", op: "create" } },
      schema: {
        tags,
        summary: "Entités juridiques à choisir",
        querystring: z.object({ search: searchTextSchema.optional() }),
        response: { 200: z.array(legalEntityOptionSchema) },
      },
    },
    async (request) => parties.legalEntityOptions(request.query.search),
  );
}

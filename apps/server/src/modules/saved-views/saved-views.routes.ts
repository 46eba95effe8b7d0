import {
  deleteSavedViewQuerySchema,
  idParamsSchema,
  okSchema,
  savedResultSchema,
  savedViewBodySchema,
  savedViewListQuerySchema,
  savedViewSchema,
  updateSavedViewBodySchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { SavedViewsService } from "./saved-views.service.js";

const tags = ["vues enregistrées"];
// Every signed-in user keeps their own views; the policy limits each view to its owner and the profile it is
// shared with, and sharing to SETTING U (saved-views.policy.ts).
const access = "authenticated" as const;

/** Saved views of the lists: GET (mine and those shared with my profile), POST, PUT (version), DELETE. */
export function savedViewsRoutes(app: AppInstance, { savedViews }: { savedViews: SavedViewsService }) {
  app.get(
    "/api/saved-views",
    {
      config: { access },
      schema: {
        tags,
        summary: "Vues d'une liste : les miennes et celles partagées avec mon profil",
        querystring: savedViewListQuerySchema,
        response: { 200: z.array(savedViewSchema) },
      },
    },
    async (request) => savedViews.list(requireActor(request), request.query.list),
  );

  app.post(
    "/api/saved-views",
    {
      config: { access },
      schema: { tags, summary: "Enregistrer une vue", body: savedViewBodySchema, response: { 200: savedResultSchema } },
    },
    async (request) => savedViews.create(requireActor(request), request.body, request.id),
  );

  app.put(
    "/api/saved-views/:id",
    {
      config: { access },
      schema: {
        tags,
        summary: "Modifier une vue (nom, filtres, colonnes, partage)",
        params: idParamsSchema,
        body: updateSavedViewBodySchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) => savedViews.update(requireActor(request), request.params.id, request.body, request.id),
  );

  app.delete(
    "/api/saved-views/:id",
    {
      config: { access },
      schema: {
        tags,
        summary: "Supprimer une vue",
        params: idParamsSchema,
        querystring: deleteSavedViewQuerySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await savedViews.remove(requireActor(request), request.params.id, request.query.version, request.id);
      return { ok: true as const };
    },
  );
}

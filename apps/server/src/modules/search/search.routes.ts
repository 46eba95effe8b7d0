import {
  searchQuerySchema,
  searchResponseSchema,
  searchSettingsBodySchema,
  searchSettingsSchema,
} from "@certidesk/shared";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { SearchService } from "./search.service.js";

/** The global search and its settings (Settings › Recherche). */
export function searchRoutes(app: AppInstance, { search }: { search: SearchService }) {
  app.get(
    "/api/search",
    {
      // Every profile searches; each kind is limited to what its list shows this user (search.repository.ts).
      config: { access: "authenticated" },
      schema: {
        tags: ["recherche"],
        summary: "Recherche globale : les enregistrements que l'utilisateur peut lire, groupés par sorte",
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request) => search.search(requireActor(request), request.query.q),
  );

  app.get(
    "/api/settings/search",
    {
      config: { access: { code: "SETTING", op: "read" } },
      schema: { tags: ["paramètres"], summary: "Réglages de la recherche", response: { 200: searchSettingsSchema } },
    },
    async (request) => search.settings(requireActor(request)),
  );

  app.put(
    "/api/settings/search",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: {
        tags: ["paramètres"],
        summary: "Modifier les réglages de la recherche",
        body: searchSettingsBodySchema,
        response: { 200: searchSettingsSchema },
      },
    },
    async (request) => search.updateSettings(requireActor(request), request.body, request.id),
  );
}

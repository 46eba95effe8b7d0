import {
  fareClassBodySchema,
  fareClassSchema,
  idSchema,
  impartialitySettingsBodySchema,
  impartialitySettingsSchema,
  okSchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { FareClassesService } from "./fare-classes.service.js";
import type { ImpartialityService } from "./impartiality.service.js";

const tags = ["paramètres"];

/** Settings › Évaluateurs: fare classes and the numbers of the impartiality rules. */
export function auditorSettingsRoutes(
  app: AppInstance,
  { fareClasses, impartiality }: { fareClasses: FareClassesService; impartiality: ImpartialityService },
) {
  app.get(
    "/api/fare-classes",
    {
      config: { access: "authenticated" },
      schema: { tags, summary: "Classes de transport", response: { 200: z.array(fareClassSchema) } },
    },
    async () => fareClasses.list(),
  );
  app.post(
    "/api/fare-classes",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: {
        tags,
        summary: "Créer une classe de transport",
        body: fareClassBodySchema,
        response: { 200: fareClassSchema },
      },
    },
    async (request) => fareClasses.create(requireActor(request), request.body, request.id),
  );
  app.put(
    "/api/fare-classes/:id",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: {
        tags,
        summary: "Modifier une classe de transport",
        params: z.object({ id: idSchema }),
        body: fareClassBodySchema,
        response: { 200: fareClassSchema },
      },
    },
    async (request) => fareClasses.update(requireActor(request), request.params.id, request.body, request.id),
  );
  app.delete(
    "/api/fare-classes/:id",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: {
        tags,
        summary: "Supprimer une classe de transport",
        params: z.object({ id: idSchema }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await fareClasses.remove(requireActor(request), request.params.id, request.id);
      return { ok: true as const };
    },
  );

  app.get(
    "/api/settings/impartiality",
    {
      config: { access: { code: "SETTING", op: "read" } },
      schema: { tags, summary: "Règles d'impartialité", response: { 200: impartialitySettingsSchema } },
    },
    async () => impartiality.settings(),
  );
  app.put(
    "/api/settings/impartiality",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: {
        tags,
        summary: "Modifier les règles d'impartialité",
        body: impartialitySettingsBodySchema,
        response: { 200: impartialitySettingsSchema },
      },
    },
    async (request) => impartiality.updateSettings(requireActor(request), request.body, request.id),
  );
}

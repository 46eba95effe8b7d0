import {
  blockActionDataSchema,
  configurationSchema,
  idParamsSchema,
  updateConfigurationBodySchema,
} from "@certidesk/shared";
import type { AppInstance } from "../../app-instance.js";
import { notFound } from "../../lib/errors.js";
import { readUpload } from "../../lib/upload.js";
import { requireActor } from "../../plugins/auth.js";
import { type ConfigurationService, LOGO_MAX_BYTES, LOGO_PATH } from "./configuration.service.js";

const tags = ["configuration"];

export function configurationRoutes(app: AppInstance, { configuration }: { configuration: ConfigurationService }) {
  // Public: the sign-in page shows the company's name, logo and colours before anyone signs in.
  app.get(
    "/configuration/getConfiguration",
    {
      config: { access: "public" },
      schema: { tags, summary: "Configuration de l'application", response: { 200: configurationSchema } },
    },
    async () => configuration.get(),
  );

  app.post(
    "/configuration/updateConfiguration/:id",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: {
        tags,
        summary: "Modifier la configuration",
        params: idParamsSchema,
        body: updateConfigurationBodySchema,
        response: { 200: configurationSchema },
      },
    },
    async (request) => configuration.update(requireActor(request), request.params.id, request.body, request.id),
  );

  app.get(
    "/configuration/getDataToCheckBlockAction",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "Actions bloquées par une configuration incomplète",
        response: { 200: blockActionDataSchema },
      },
    },
    async () => configuration.blockActionData(),
  );

  app.get(
    LOGO_PATH,
    { config: { access: "public" }, schema: { tags, summary: "Logo (favicon)" } },
    async (_request, reply) => {
      const logo = await configuration.logo();
      if (!logo) throw notFound("Aucun logo n'est défini.");
      reply.header("content-type", logo.mime).header("cache-control", "public, max-age=300");
      return reply.send(logo.data);
    },
  );

  app.post(
    "/configuration/logo",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: { tags, summary: "Déposer le logo (multipart, champ file)", response: { 200: configurationSchema } },
    },
    async (request) => {
      const { data } = await readUpload(request, {
        maxBytes: LOGO_MAX_BYTES,
        tooLarge: "Le logo ne doit pas dépasser 1 Mo.",
      });
      return configuration.setLogo(requireActor(request), data, request.id);
    },
  );
}

import { numberingSeriesSchema, updateNumberingBodySchema } from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { NumberingService } from "./numbering.service.js";

const tags = ["paramètres"];

export function numberingRoutes(app: AppInstance, { numbering }: { numbering: NumberingService }) {
  app.get(
    "/api/settings/numbering",
    {
      config: { access: { code: "SETTING", op: "read" } },
      schema: { tags, summary: "Séries de numérotation", response: { 200: z.array(numberingSeriesSchema) } },
    },
    async () => numbering.list(),
  );

  app.put(
    "/api/settings/numbering/:code",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: {
        tags,
        summary: "Modifier le masque d'une série",
        params: z.object({ code: z.string().max(40) }),
        body: updateNumberingBodySchema,
        response: { 200: numberingSeriesSchema },
      },
    },
    async (request) => numbering.update(requireActor(request), request.params.code, request.body, request.id),
  );
}

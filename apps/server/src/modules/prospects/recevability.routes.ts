import {
  idParamsSchema,
  recevabilityDecisionBodySchema,
  recevabilitySchema,
  updateChecklistBodySchema,
} from "@certidesk/shared";
import type { AppInstance } from "../../app-instance.js";
import { readUpload } from "../../lib/upload.js";
import { requireActor } from "../../plugins/auth.js";
import type { RecevabilityService } from "./recevability.service.js";

const tags = ["prospects"];

export function recevabilityRoutes(
  app: AppInstance,
  { recevability, uploadMaxBytes }: { recevability: RecevabilityService; uploadMaxBytes: number },
) {
  app.get(
    "/api/requestclients/:id/recevability",
    {
      config: { access: { code: "PROSPECT", op: "read" } },
      schema: {
        tags,
        summary: "Examen de recevabilité d'une certification",
        params: idParamsSchema,
        response: { 200: recevabilitySchema },
      },
    },
    async (request) => recevability.read(requireActor(request), request.params.id),
  );

  app.put(
    "/api/requestclients/:id/recevability",
    {
      config: { access: { code: "PROSPECT", op: "update" } },
      schema: {
        tags,
        summary: "Cocher les pièces vérifiées",
        params: idParamsSchema,
        body: updateChecklistBodySchema,
        response: { 200: recevabilitySchema },
      },
    },
    async (request) => recevability.updateChecklist(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/requestclients/:id/recevability/decision",
    {
      config: { access: { code: "PROSPECT", op: "update" } },
      schema: {
        tags,
        summary: "Décision de recevabilité",
        params: idParamsSchema,
        body: recevabilityDecisionBodySchema,
        response: { 200: recevabilitySchema },
      },
    },
    async (request) => recevability.decide(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/requestclients/:id/recevability/documents",
    {
      config: { access: { code: "PROSPECT", op: "update" } },
      schema: {
        tags,
        summary: "Ajouter une pièce au dossier (multipart : champ « name » puis fichier « file »)",
        params: idParamsSchema,
        response: { 200: recevabilitySchema },
      },
    },
    async (request) => {
      const { file, data, fields } = await readUpload(request, { maxBytes: uploadMaxBytes, fields: ["name"] });
      const name = fields.name;
      return recevability.addDocument(
        requireActor(request),
        request.params.id,
        { fileName: file.filename, data },
        name,
        request.id,
      );
    },
  );
}

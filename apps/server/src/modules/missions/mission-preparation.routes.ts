import {
  deadlineSettingsBodySchema,
  deadlineSettingsSchema,
  idSchema,
  missionDetailSchema,
  missionProgrammeBodySchema,
  nonConformityBodySchema,
  nonConformityCloseBodySchema,
  nonConformitySchema,
  nonConformityUpdateBodySchema,
  PREPARATION_DOCUMENT_CODES,
  type PreparationDocumentCode,
  requestedDocumentsBodySchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { badRequest } from "../../lib/errors.js";
import { readUpload } from "../../lib/upload.js";
import { requireActor } from "../../plugins/auth.js";
import type { MissionDeadlinesService } from "./mission-deadlines.service.js";
import type { MissionPreparationService } from "./mission-preparation.service.js";
import type { NonConformitiesService } from "./non-conformities.service.js";

const tags = ["missions"];
const idParams = z.object({ id: idSchema });
const detail = { 200: missionDetailSchema };
// Evaluators (the coordinator) and staff with MISSION; the mission's policy decides.
const scoped = { access: "authenticated" } as const;
const staffUpdate = { access: { code: "MISSION", op: "update" } } as const;

export interface MissionPreparationRoutesDeps {
  preparation: MissionPreparationService;
  nonConformities: NonConformitiesService;
  deadlines: MissionDeadlinesService;
  uploadMaxBytes: number;
}

/** The Préparation tab, the non-conformities of a certification audit, and Settings › Missions. */
export function missionPreparationRoutes(app: AppInstance, deps: MissionPreparationRoutesDeps) {
  const { preparation, nonConformities, deadlines, uploadMaxBytes } = deps;

  app.put(
    "/api/missions/:id/programme",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Programme jour par jour de la visite (accompagnés traceurs, traceurs ciblés, audit système)",
        params: idParams,
        body: missionProgrammeBodySchema,
        response: detail,
      },
    },
    async (request) => preparation.updateProgramme(requireActor(request), request.params.id, request.body, request.id),
  );

  app.put(
    "/api/missions/:id/requested-documents",
    {
      config: staffUpdate,
      schema: {
        tags,
        summary: "Documents demandés à l'établissement (liste affichée sur son portail)",
        params: idParams,
        body: requestedDocumentsBodySchema,
        response: detail,
      },
    },
    async (request) =>
      preparation.updateRequestedDocuments(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/missions/:id/preparation-documents",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Déposer un document de préparation (plan de préparation, plan détaillé, liste des AT)",
        params: idParams,
        response: detail,
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await preparation.authorizeUpload(actor, request.params.id);
      const { file, data, fields } = await readUpload(request, {
        maxBytes: uploadMaxBytes,
        fields: ["version", "metaCode"],
      });
      const version = Number(fields.version);
      if (!Number.isInteger(version) || version < 1) throw badRequest("La version est obligatoire.");
      const metaCode = fields.metaCode as PreparationDocumentCode;
      if (!PREPARATION_DOCUMENT_CODES.includes(metaCode)) throw badRequest("Type de document inconnu.");
      return preparation.uploadDocument(
        actor,
        request.params.id,
        metaCode,
        { fileName: file.filename, data },
        version,
        request.id,
      );
    },
  );

  app.get(
    "/api/missions/:id/non-conformities",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Non-conformités d'un audit de certification",
        params: idParams,
        response: { 200: z.array(nonConformitySchema) },
      },
    },
    async (request) => nonConformities.list(requireActor(request), request.params.id),
  );

  app.post(
    "/api/missions/:id/non-conformities",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Relever une non-conformité (critère, majeure ou mineure)",
        params: idParams,
        body: nonConformityBodySchema,
        response: { 200: nonConformitySchema },
      },
    },
    async (request) => nonConformities.create(requireActor(request), request.params.id, request.body, request.id),
  );

  app.put(
    "/api/non-conformities/:id",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Modifier une non-conformité (action corrective, preuve, échéance)",
        params: idParams,
        body: nonConformityUpdateBodySchema,
        response: { 200: nonConformitySchema },
      },
    },
    async (request) => nonConformities.update(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/non-conformities/:id/close",
    {
      config: staffUpdate,
      schema: {
        tags,
        summary: "Lever une non-conformité",
        params: idParams,
        body: nonConformityCloseBodySchema,
        response: { 200: nonConformitySchema },
      },
    },
    async (request) => nonConformities.close(requireActor(request), request.params.id, request.body, request.id),
  );

  app.get(
    "/api/settings/mission-deadlines",
    {
      config: { access: { code: "SETTING", op: "read" } },
      schema: { tags, summary: "Délais des rapports et rappel", response: { 200: deadlineSettingsSchema } },
    },
    async (request) => deadlines.settings(requireActor(request)),
  );

  app.put(
    "/api/settings/mission-deadlines",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: {
        tags,
        summary: "Modifier les délais des rapports et le rappel",
        body: deadlineSettingsBodySchema,
        response: { 200: deadlineSettingsSchema },
      },
    },
    async (request) => deadlines.updateSettings(requireActor(request), request.body, request.id),
  );
}

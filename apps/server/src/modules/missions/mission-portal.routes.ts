import {
  clientObservationsBodySchema,
  clientTeamAnswerBodySchema,
  evaluatorMissionSpaceSchema,
  idSchema,
  okSchema,
  portalMissionsSchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { badRequest } from "../../lib/errors.js";
import { readUpload } from "../../lib/upload.js";
import { requireActor } from "../../plugins/auth.js";
import type { MissionPortalService } from "./mission-portal.service.js";

const tags = ["missions"];
const idParams = z.object({ id: idSchema });
// The evaluator space and the client portal: every user reaches only their own (policies: 404).
const scoped = { access: "authenticated" } as const;

export interface MissionPortalDeps {
  portal: MissionPortalService;
  uploadMaxBytes: number;
}

/** The evaluator space's missions and the client portal's missions and answers. */
export function missionPortalRoutes(app: AppInstance, { portal, uploadMaxBytes }: MissionPortalDeps) {
  app.get(
    "/api/auditors/:id/mission-space",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Espace évaluateur : ordres de mission à traiter, visites à venir, rapports attendus",
        params: idParams,
        response: { 200: evaluatorMissionSpaceSchema },
      },
    },
    async (request) => portal.evaluatorSpace(requireActor(request), request.params.id),
  );

  app.get(
    "/api/client-portal/missions",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Portail client : les missions de l'établissement (où en est l'évaluation)",
        response: { 200: portalMissionsSchema },
      },
    },
    async (request) => portal.clientMissions(requireActor(request)),
  );

  app.post(
    "/api/missions/:id/team/client-answer",
    {
      config: scoped,
      schema: {
        tags,
        summary: "L'établissement accepte l'équipe proposée ou formule une objection (motif)",
        params: idParams,
        body: clientTeamAnswerBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => portal.answerTeam(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/missions/:id/client-observations",
    {
      config: scoped,
      schema: {
        tags,
        summary:
          "Observations de l'établissement sur le rapport préliminaire (texte, fichier facultatif en multipart), avant l'échéance",
        params: idParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await portal.authorizeObservations(actor, request.params.id);
      let body: unknown = request.body;
      let file: { fileName: string; data: Buffer } | null = null;
      if (request.isMultipart()) {
        const upload = await readUpload(request, { maxBytes: uploadMaxBytes, fields: ["text", "version"] });
        body = { text: upload.fields.text, version: Number(upload.fields.version) };
        file = { fileName: upload.file.filename, data: upload.data };
      }
      const parsed = clientObservationsBodySchema.safeParse(body);
      if (!parsed.success)
        throw badRequest(
          parsed.error.issues[0]?.message ?? "Requête invalide.",
          parsed.error.issues.map((i) => ({ path: `body.${i.path.join(".")}`, message: i.message })),
        );
      return portal.sendObservations(actor, request.params.id, { ...parsed.data, file }, request.id);
    },
  );

  app.post(
    "/api/missions/:id/client-documents",
    {
      config: scoped,
      schema: {
        tags,
        summary:
          "Document demandé à l'établissement pour son évaluation (dépôt ; avec itemId, coche l'élément de la liste)",
        params: idParams,
        response: { 200: z.object({ id: z.string(), name: z.string() }) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await portal.authorizeDocuments(actor, request.params.id);
      // `itemId`: the item of the checklist this document answers (it is then ticked received).
      const upload = await readUpload(request, { maxBytes: uploadMaxBytes, fields: ["name", "itemId"] });
      return portal.provideDocument(
        actor,
        request.params.id,
        {
          name: upload.fields.name ?? "",
          itemId: upload.fields.itemId || undefined,
          file: { fileName: upload.file.filename, data: upload.data },
        },
        request.id,
      );
    },
  );
}

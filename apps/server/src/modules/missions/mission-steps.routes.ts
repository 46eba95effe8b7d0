import {
  acceptMissionOrderBodySchema,
  answerByLinkBodySchema,
  calendarLinkSchema,
  hasTransmissionBodySchema,
  idSchema,
  missionDetailSchema,
  missionVersionBodySchema,
  okSchema,
  refuseMissionOrderBodySchema,
  reviewPreliminaryBodySchema,
  sendMissionOrdersBodySchema,
} from "@certidesk/shared";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { readUpload } from "../../lib/upload.js";
import { requireActor } from "../../plugins/auth.js";
import type { CalendarFeed } from "./calendar-feed.js";
import type { MissionOrdersService } from "./mission-orders.service.js";
import type { MissionReportsService } from "./mission-reports.service.js";

const tags = ["missions"];
const idParams = z.object({ id: idSchema });
const detail = { 200: missionDetailSchema };
const scoped = { access: "authenticated" } as const;
const staffUpdate = { access: { code: "MISSION", op: "update" } } as const;

export interface MissionStepsDeps {
  orders: MissionOrdersService;
  reports: MissionReportsService;
  calendar: CalendarFeed;
  uploadMaxBytes: number;
}

/** The one file of a report upload, with the mission's version as a field. */
async function reportUpload(request: FastifyRequest, maxBytes: number, allowed: () => Promise<void>) {
  await allowed();
  const { file, data, fields } = await readUpload(request, { maxBytes, fields: ["version"] });
  const version = Number(fields.version);
  if (!Number.isInteger(version) || version < 1) throw badRequest("La version est obligatoire.");
  return { file: { fileName: file.filename, data }, version };
}

/** Mission orders, reports and the evaluators' calendar feed. */
export function missionStepsRoutes(app: AppInstance, deps: MissionStepsDeps) {
  const { orders, reports, calendar, uploadMaxBytes } = deps;

  app.post(
    "/api/missions/:id/mission-orders/send",
    {
      config: staffUpdate,
      schema: {
        tags,
        summary: "Envoyer les ordres de mission (PDF, e-mail avec lien de réponse)",
        params: idParams,
        body: sendMissionOrdersBodySchema,
        response: detail,
      },
    },
    async (request) => orders.send(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/mission-orders/:id/accept",
    {
      config: scoped,
      schema: {
        tags,
        summary: "L'évaluateur accepte son ordre de mission (motif écrit si ses vérifications avertissent)",
        params: idParams,
        body: acceptMissionOrderBodySchema,
        response: detail,
      },
    },
    async (request) => orders.accept(requireActor(request), request.params.id, request.body?.justification, request.id),
  );

  app.post(
    "/api/mission-orders/:id/refuse",
    {
      config: scoped,
      schema: {
        tags,
        summary: "L'évaluateur refuse son ordre de mission (motif) : sa place se libère",
        params: idParams,
        body: refuseMissionOrderBodySchema,
        response: { 200: z.object({ ok: z.literal(true), missionId: z.string() }) },
      },
    },
    async (request) => orders.refuse(requireActor(request), request.params.id, request.body.reason, request.id),
  );

  app.get(
    "/api/mission-orders/by-link",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "L'ordre de mission ouvert par le lien signé de l'e-mail",
        querystring: z.object({ p: z.string().max(2000), token: z.string().max(200) }),
      },
    },
    async (request) => orders.byLink(request.query.p, request.query.token),
  );

  app.post(
    "/api/mission-orders/by-link/answer",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Réponse à un ordre de mission par le lien signé de l'e-mail",
        body: answerByLinkBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => orders.answerByLink(request.body, request.id),
  );

  app.post(
    "/api/missions/:id/reports/preliminary",
    {
      config: scoped,
      schema: { tags, summary: "Déposer le rapport préliminaire (coordinateur)", params: idParams, response: detail },
    },
    async (request) => {
      const { file, version } = await reportUpload(request, uploadMaxBytes, () =>
        reports.authorizeUpload(requireActor(request), request.params.id, "uploadPreliminary"),
      );
      return reports.uploadPreliminary(requireActor(request), request.params.id, file, version, request.id);
    },
  );

  app.post(
    "/api/missions/:id/reports/preliminary/review",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Relecture qualité du rapport préliminaire",
        params: idParams,
        body: reviewPreliminaryBodySchema,
        response: detail,
      },
    },
    async (request) => reports.reviewPreliminary(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/missions/:id/reports/preliminary/send",
    {
      config: staffUpdate,
      schema: {
        tags,
        summary: "Envoyer le rapport préliminaire à l'établissement",
        params: idParams,
        body: missionVersionBodySchema,
        response: detail,
      },
    },
    async (request) => reports.sendPreliminary(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/missions/:id/reports/observations",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Observations de l'établissement sur le rapport préliminaire",
        params: idParams,
        response: detail,
      },
    },
    async (request) => {
      const { file, version } = await reportUpload(request, uploadMaxBytes, () =>
        reports.authorizeUpload(requireActor(request), request.params.id, "sendObservations"),
      );
      return reports.sendObservations(requireActor(request), request.params.id, file, version, request.id);
    },
  );

  app.post(
    "/api/missions/:id/reports/final",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Déposer le rapport définitif (finalise l'évaluation)",
        params: idParams,
        response: detail,
      },
    },
    async (request) => {
      const { file, version } = await reportUpload(request, uploadMaxBytes, () =>
        reports.authorizeUpload(requireActor(request), request.params.id, "uploadFinal"),
      );
      return reports.uploadFinal(requireActor(request), request.params.id, file, version, request.id);
    },
  );

  app.put(
    "/api/missions/:id/reports/has-transmission",
    {
      config: staffUpdate,
      schema: {
        tags,
        summary: "Date de transmission du rapport à la HAS (Synaé)",
        params: idParams,
        body: hasTransmissionBodySchema,
        response: detail,
      },
    },
    async (request) =>
      reports.recordHasTransmission(requireActor(request), request.params.id, request.body, request.id),
  );

  app.get(
    "/api/auditors/:id/calendar-link",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Lien privé de l'agenda des visites (.ics)",
        params: idParams,
        response: { 200: calendarLinkSchema },
      },
    },
    async (request) => calendar.link(requireActor(request), request.params.id),
  );

  app.post(
    "/api/auditors/:id/calendar-link/renew",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Nouveau lien d'agenda (l'ancien cesse de fonctionner)",
        params: idParams,
        response: { 200: calendarLinkSchema },
      },
    },
    async (request) => calendar.renew(requireActor(request), request.params.id, request.id),
  );

  app.get(
    "/api/calendar/:token/visites.ics",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Agenda des visites d'un évaluateur (lien secret)",
        params: z.object({ token: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const ics = await calendar.ics(request.params.token);
      if (!ics) throw notFound("Agenda introuvable.");
      return reply.header("content-type", "text/calendar; charset=utf-8").send(ics);
    },
  );
}

import {
  AUDITOR_DOCUMENT_KINDS,
  auditorDocumentsSchema,
  auditorLinkSchema,
  availabilitySchema,
  endLinkBodySchema,
  idSchema,
  linkBodySchema,
  linkOptionSchema,
  ORGANISATION_TYPES,
  okSchema,
  searchTextSchema,
  unavailabilityBodySchema,
  unavailabilitySchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { badRequest } from "../../lib/errors.js";
import { readUpload } from "../../lib/upload.js";
import { requireActor } from "../../plugins/auth.js";
import type { AuditorFileService } from "./auditor-file.service.js";
import { idParams, tags } from "./auditors.routes.js";

const uploadFields = z.object({
  kind: z.enum(AUDITOR_DOCUMENT_KINDS, { error: "Choisissez le type de document." }),
  validUntil: z.iso.date({ error: "Date de fin de validité invalide." }).nullable().default(null),
  name: z.string().trim().max(200).optional(),
});
// Optional (default: the current month), so another evaluator's file answers 404 before any 400.
const monthRange = z.object({ from: z.iso.date().optional(), to: z.iso.date().optional() });

/** Links of interest, unavailability and documents of an evaluator's file (own file for an evaluator). */
export function auditorFileRoutes(
  app: AppInstance,
  { file, uploadMaxBytes }: { file: AuditorFileService; uploadMaxBytes: number },
) {
  app.get(
    "/api/auditors/organisation-options",
    {
      config: { access: { code: "AUDITOR", op: "update" } },
      schema: {
        tags,
        summary: "Organisations qu'un lien d'intérêts peut viser",
        querystring: z.object({ type: z.enum(ORGANISATION_TYPES), search: searchTextSchema.optional() }),
        response: { 200: z.array(linkOptionSchema) },
      },
    },
    async (request) => file.organisationOptions(requireActor(request), request.query.type, request.query.search),
  );

  app.get(
    "/api/auditors/:id/links",
    {
      config: { access: { code: "MISSION", op: "read" } },
      schema: { tags, summary: "Liens d'intérêts", params: idParams, response: { 200: z.array(auditorLinkSchema) } },
    },
    async (request) => file.links(requireActor(request), request.params.id),
  );

  app.post(
    "/api/auditors/:id/links",
    {
      config: { access: { code: "AUDITOR", op: "update" } },
      schema: {
        tags,
        summary: "Déclarer un lien d'intérêts (jamais supprimé, seulement terminé)",
        params: idParams,
        body: linkBodySchema,
        response: { 200: auditorLinkSchema },
      },
    },
    async (request) => file.declareLink(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/auditors/:id/links/:linkId/end",
    {
      config: { access: { code: "AUDITOR", op: "update" } },
      schema: {
        tags,
        summary: "Terminer un lien d'intérêts (une fois)",
        params: z.object({ id: idSchema, linkId: idSchema }),
        body: endLinkBodySchema,
        response: { 200: auditorLinkSchema },
      },
    },
    async (request) =>
      file.endLink(requireActor(request), request.params.id, request.params.linkId, request.body, request.id),
  );

  app.get(
    "/api/auditors/:id/availability",
    {
      config: { access: { code: "MISSION", op: "read" } },
      schema: {
        tags,
        summary: "Indisponibilités et jours déjà pris entre deux dates",
        params: idParams,
        querystring: monthRange,
        response: { 200: availabilitySchema },
      },
    },
    async (request) => file.availability(requireActor(request), request.params.id, request.query),
  );

  app.post(
    "/api/auditors/:id/unavailability",
    {
      config: { access: { code: "AUDITOR", op: "update" } },
      schema: {
        tags,
        summary: "Déclarer une indisponibilité",
        params: idParams,
        body: unavailabilityBodySchema,
        response: { 200: unavailabilitySchema },
      },
    },
    async (request) => file.addUnavailability(requireActor(request), request.params.id, request.body, request.id),
  );

  app.delete(
    "/api/auditors/:id/unavailability/:periodId",
    {
      config: { access: { code: "AUDITOR", op: "update" } },
      schema: {
        tags,
        summary: "Retirer une indisponibilité",
        params: z.object({ id: idSchema, periodId: idSchema }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await file.removeUnavailability(requireActor(request), request.params.id, request.params.periodId, request.id);
      return { ok: true as const };
    },
  );

  app.get(
    "/api/auditors/:id/documents",
    {
      config: { access: { code: "MISSION", op: "read" } },
      schema: {
        tags,
        summary: "Documents de l'évaluateur et leur validité",
        params: idParams,
        response: { 200: auditorDocumentsSchema },
      },
    },
    async (request) => file.documents(requireActor(request), request.params.id),
  );

  app.post(
    "/api/auditors/:id/documents",
    {
      config: { access: { code: "AUDITOR", op: "update" } },
      schema: {
        tags,
        summary: "Déposer un document (multipart : kind, validUntil, name puis le fichier « file »)",
        params: idParams,
        response: { 200: auditorDocumentsSchema },
      },
    },
    async (request) => {
      // The one upload reader (lib/upload.ts): its multipart limits, unknown or over-long fields refused.
      const upload = await readUpload(request, { maxBytes: uploadMaxBytes, fields: ["kind", "validUntil", "name"] });
      const fields = uploadFields.safeParse(upload.fields);
      if (!fields.success) throw badRequest(fields.error.issues[0]?.message);
      return file.uploadDocument(
        requireActor(request),
        request.params.id,
        fields.data,
        { fileName: upload.file.filename, data: upload.data },
        request.id,
      );
    },
  );
}

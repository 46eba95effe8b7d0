import {
  auditorBodySchema,
  auditorListQuerySchema,
  auditorMissionSchema,
  auditorRowSchema,
  auditorSchema,
  candidatesSchema,
  eligibilityQuerySchema,
  eligibilitySchema,
  idSchema,
  updateAuditorBodySchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { AuditorsService } from "./auditors.service.js";
import type { ImpartialityService } from "./impartiality.service.js";

export const tags = ["évaluateurs"];
export const idParams = z.object({ id: idSchema });
const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const fileSchema = auditorSchema.extend({
  abilities: z.object({ update: z.boolean(), updateStaffFields: z.boolean(), declare: z.boolean() }),
});
const pageSchema = z.object({
  items: z.array(auditorRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/**
 * Evaluators' files. Read under MISSION (the planning profiles read them), written under AUDITOR
 * (RH and Direction by default); record scope in auditors.policy.ts (an evaluator: their own file).
 */
export function auditorsRoutes(
  app: AppInstance,
  { auditors, impartiality }: { auditors: AuditorsService; impartiality: ImpartialityService },
) {
  app.get(
    "/api/auditors",
    {
      config: { access: { code: "MISSION", op: "read" } },
      schema: {
        tags,
        summary: "Liste des évaluateurs (recherche, filtres, tri et pagination côté serveur)",
        querystring: auditorListQuerySchema,
        response: { 200: pageSchema },
      },
    },
    async (request) => auditors.list(requireActor(request), request.query),
  );

  app.get(
    "/api/auditors/export",
    {
      config: { access: { code: "MISSION", op: "read" } },
      schema: {
        tags,
        summary: "Export XLSX de la liste des évaluateurs (mêmes filtres)",
        querystring: auditorListQuerySchema,
      },
    },
    async (request, reply) => {
      const data = await auditors.exportXlsx(requireActor(request), request.query);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-type", XLSX_MIME)
        .header("content-disposition", `attachment; filename="evaluateurs-${stamp}.xlsx"`)
        .send(data);
    },
  );

  app.get(
    "/api/auditors/candidates",
    {
      config: { access: { code: "MISSION", op: "read", staff: true } },
      schema: {
        tags,
        summary: "Évaluateurs classés pour un ESSMS et ses jours de visite (éligibles par distance, puis charge)",
        querystring: eligibilityQuerySchema,
        response: { 200: candidatesSchema },
      },
    },
    async (request) => impartiality.candidates(requireActor(request), request.query),
  );

  app.post(
    "/api/auditors",
    {
      config: { access: { code: "AUDITOR", op: "create" } },
      schema: { tags, summary: "Créer une fiche évaluateur", body: auditorBodySchema, response: { 200: fileSchema } },
    },
    async (request) => auditors.create(requireActor(request), request.body, request.id),
  );

  app.get(
    "/api/auditors/:id",
    {
      config: { access: { code: "MISSION", op: "read" } },
      schema: { tags, summary: "Fiche d'un évaluateur", params: idParams, response: { 200: fileSchema } },
    },
    async (request) => auditors.get(requireActor(request), request.params.id),
  );

  app.put(
    "/api/auditors/:id",
    {
      config: { access: { code: "AUDITOR", op: "update" } },
      schema: {
        tags,
        summary: "Modifier une fiche évaluateur (version : 409 si périmée)",
        params: idParams,
        body: updateAuditorBodySchema,
        response: { 200: fileSchema },
      },
    },
    async (request) => auditors.update(requireActor(request), request.params.id, request.body, request.id),
  );

  app.get(
    "/api/auditors/:id/missions",
    {
      config: { access: { code: "MISSION", op: "read" } },
      schema: {
        tags,
        summary: "Programmes de contrat (et missions) de l'évaluateur",
        params: idParams,
        response: { 200: z.array(auditorMissionSchema) },
      },
    },
    async (request) => auditors.missions(requireActor(request), request.params.id),
  );

  app.get(
    "/api/auditors/:id/eligibility",
    {
      config: { access: { code: "MISSION", op: "read", staff: true } },
      schema: {
        tags,
        summary: "L'évaluateur peut-il évaluer cet ESSMS ces jours-là ? (règles d'impartialité)",
        params: idParams,
        // The ESSMS is checked after the scope, so another evaluator's file answers 404, not 400.
        querystring: eligibilityQuerySchema.partial({ clientId: true }),
        response: { 200: eligibilitySchema },
      },
    },
    async (request) => impartiality.eligibility(requireActor(request), request.params.id, request.query),
  );
}

import {
  auditorExpensesSchema,
  auditorPerformanceSchema,
  expenseBodySchema,
  expenseSchema,
  expenseSettingsBodySchema,
  expenseSettingsSchema,
  expenseVersionBodySchema,
  feeInvoiceBodySchema,
  idSchema,
  missionExpensesSchema,
  missionFeesSchema,
  missionPerformanceSchema,
  missionSatisfactionSchema,
  okSchema,
  payFeeInvoiceBodySchema,
  performanceBodySchema,
  reimburseExpenseBodySchema,
  rejectExpenseBodySchema,
  satisfactionAnswerBodySchema,
  satisfactionFormSchema,
  updateExpenseBodySchema,
} from "@certidesk/shared";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { badRequest } from "../../lib/errors.js";
import { readUpload } from "../../lib/upload.js";
import { requireActor } from "../../plugins/auth.js";
import type { ExpensesService } from "./expenses.service.js";
import type { QualityService } from "./quality.service.js";

const tags = ["expenses"];
const idParams = z.object({ id: idSchema });
const scoped = { access: "authenticated" } as const;
const staffRead = { access: { code: "MISSION", op: "read" } } as const;
const staffUpdate = { access: { code: "MISSION", op: "update" } } as const;

export interface ExpensesRoutesDeps {
  expenses: ExpensesService;
  quality: QualityService;
  uploadMaxBytes: number;
}

/** A multipart request: one file and one JSON field, checked by its schema (French messages). */
async function jsonUpload<T extends z.ZodType>(request: FastifyRequest, field: string, schema: T, maxBytes: number) {
  const { file, data, fields } = await readUpload(request, { maxBytes, fields: [field] });
  let raw: unknown;
  try {
    raw = JSON.parse(fields[field] ?? "");
  } catch {
    throw badRequest(`Le champ ${field} est obligatoire.`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw badRequest(
      parsed.error.issues[0]?.message ?? "Données invalides.",
      parsed.error.issues.map((i) => ({ path: ["body", ...i.path].join("."), message: i.message })),
    );
  return { body: parsed.data as z.output<T>, file: { fileName: file.filename, data } };
}

/** Evaluators' expenses and fees, performance and satisfaction (statements and payments: statement.routes.ts). */
export function expensesRoutes(app: AppInstance, deps: ExpensesRoutesDeps) {
  const { expenses, quality, uploadMaxBytes } = deps;

  app.get(
    "/api/missions/:id/expenses",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Les frais d'une mission (l'évaluateur : les siens)",
        params: idParams,
        response: { 200: missionExpensesSchema },
      },
    },
    async (request) => expenses.missionExpenses(requireActor(request), request.params.id),
  );

  app.post(
    "/api/missions/:id/expenses",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Déclarer une dépense avec son justificatif (multipart : champ expense en JSON, fichier file)",
        params: idParams,
        response: { 200: expenseSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await expenses.authorizeDeclare(actor, request.params.id);
      const { body, file } = await jsonUpload(request, "expense", expenseBodySchema, uploadMaxBytes);
      return expenses.declare(actor, request.params.id, body, file, request.id);
    },
  );

  app.put(
    "/api/expenses/:id",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Modifier sa dépense tant qu'elle est à valider",
        params: idParams,
        body: updateExpenseBodySchema,
        response: { 200: expenseSchema },
      },
    },
    async (request) => expenses.update(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/expenses/:id/approve",
    {
      config: staffUpdate,
      schema: {
        tags,
        summary: "Valider une dépense",
        params: idParams,
        body: expenseVersionBodySchema,
        response: { 200: expenseSchema },
      },
    },
    async (request) => expenses.approve(requireActor(request), request.params.id, request.body.version, request.id),
  );

  app.post(
    "/api/expenses/:id/reject",
    {
      config: staffUpdate,
      schema: {
        tags,
        summary: "Refuser une dépense (motif)",
        params: idParams,
        body: rejectExpenseBodySchema,
        response: { 200: expenseSchema },
      },
    },
    async (request) => expenses.reject(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/expenses/:id/reimburse",
    {
      config: staffUpdate,
      schema: {
        tags,
        summary: "Enregistrer le remboursement d'une dépense validée",
        params: idParams,
        body: reimburseExpenseBodySchema,
        response: { 200: expenseSchema },
      },
    },
    async (request) => expenses.reimburse(requireActor(request), request.params.id, request.body, request.id),
  );

  app.get(
    "/api/auditors/:id/expenses",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Les frais d'un évaluateur sur toutes ses missions (Mes frais)",
        params: idParams,
        response: { 200: auditorExpensesSchema },
      },
    },
    async (request) => expenses.auditorExpenses(requireActor(request), request.params.id),
  );

  app.get(
    "/api/settings/expenses",
    {
      config: { access: { code: "SETTING", op: "read" } },
      schema: { tags, summary: "Barème kilométrique", response: { 200: expenseSettingsSchema } },
    },
    async () => expenses.settings(),
  );

  app.put(
    "/api/settings/expenses",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: {
        tags,
        summary: "Modifier le barème kilométrique",
        body: expenseSettingsBodySchema,
        response: { 200: expenseSettingsSchema },
      },
    },
    async (request) => expenses.updateSettings(requireActor(request), request.body, request.id),
  );

  // ——— Fees ———

  app.get(
    "/api/missions/:id/fees",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Honoraires de la mission : jours, tarif convenu, factures des indépendants",
        params: idParams,
        response: { 200: missionFeesSchema },
      },
    },
    async (request) => expenses.missionFees(requireActor(request), request.params.id),
  );

  app.post(
    "/api/missions/:id/fees/invoice",
    {
      config: scoped,
      schema: {
        tags,
        summary: "L'évaluateur indépendant dépose sa facture (multipart : champ invoice en JSON, fichier file)",
        params: idParams,
        response: { 200: missionFeesSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await expenses.authorizeFeeInvoice(actor, request.params.id);
      const { body, file } = await jsonUpload(request, "invoice", feeInvoiceBodySchema, uploadMaxBytes);
      return expenses.uploadFeeInvoice(actor, request.params.id, body, file, request.id);
    },
  );

  app.post(
    "/api/auditor-invoices/:id/paid",
    {
      config: staffUpdate,
      schema: {
        tags,
        summary: "Marquer payée la facture d'un évaluateur",
        params: idParams,
        body: payFeeInvoiceBodySchema,
        response: { 200: missionFeesSchema },
      },
    },
    async (request) => expenses.payFeeInvoice(requireActor(request), request.params.id, request.body, request.id),
  );

  // ——— Performance ———

  app.get(
    "/api/missions/:id/performance",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Performance des évaluateurs de la mission (RefCriteria)",
        params: idParams,
        response: { 200: missionPerformanceSchema },
      },
    },
    async (request) => quality.performance(requireActor(request), request.params.id),
  );

  app.put(
    "/api/missions/:id/performance",
    {
      config: staffRead,
      schema: {
        tags,
        summary: "Évaluer le travail d'un évaluateur (qualité)",
        params: idParams,
        body: performanceBodySchema,
        response: { 200: missionPerformanceSchema },
      },
    },
    async (request) => quality.score(requireActor(request), request.params.id, request.body, request.id),
  );

  app.get(
    "/api/auditors/:id/performance",
    {
      config: scoped,
      schema: {
        tags,
        summary: "Moyenne d'un évaluateur par critère, dans le temps",
        params: idParams,
        response: { 200: auditorPerformanceSchema },
      },
    },
    async (request) => quality.auditorPerformance(requireActor(request), request.params.id),
  );

  // ——— Satisfaction ———

  app.get(
    "/api/missions/:id/satisfaction",
    {
      config: staffRead,
      schema: {
        tags,
        summary: "Le questionnaire de satisfaction de la mission",
        params: idParams,
        response: { 200: missionSatisfactionSchema },
      },
    },
    async (request) => quality.satisfaction(requireActor(request), request.params.id),
  );

  app.post(
    "/api/missions/:id/satisfaction/send",
    {
      config: staffUpdate,
      schema: {
        tags,
        summary: "Envoyer le questionnaire de satisfaction à l'établissement",
        params: idParams,
        response: { 200: missionSatisfactionSchema },
      },
    },
    async (request) => quality.sendSatisfaction(requireActor(request), request.params.id, request.id),
  );

  app.post(
    "/api/missions/:id/satisfaction/send-to-auditor",
    {
      config: staffUpdate,
      schema: {
        tags,
        summary: "Envoyer les réponses aux évaluateurs (sendSatisfactionToAuditor)",
        params: idParams,
        response: { 200: missionSatisfactionSchema },
      },
    },
    async (request) => quality.sendSatisfactionToAuditor(requireActor(request), request.params.id, request.id),
  );

  app.get(
    "/api/satisfaction",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Le questionnaire ouvert par le lien signé de l'e-mail (sans compte)",
        querystring: z.object({ token: z.string().max(600) }),
        response: { 200: satisfactionFormSchema },
      },
    },
    async (request) => quality.form(request.query.token),
  );

  app.post(
    "/api/satisfaction",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Répondre au questionnaire (une seule fois)",
        body: satisfactionAnswerBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => quality.answer(request.body, request.id),
  );
}

import {
  auditorPaymentsExportQuerySchema,
  auditorPaymentsQuerySchema,
  auditorPaymentsSchema,
  idSchema,
  statementMonthsQuerySchema,
  statementMonthsSchema,
  statementQuerySchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { AuditorPaymentsService } from "./auditor-payments.js";
import type { StatementService } from "./statement.js";

const tags = ["expenses"];
const idParams = z.object({ id: idSchema });
const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const attachment = (filename: string) => `attachment; filename="${filename}"`;
/**
 * What is to be paid to the evaluators: the staff who record reimbursements and fee payments
 * (MISSION update: COMPTA among them), never an evaluator, who sees only their own statements.
 */
const payments = { access: { code: "MISSION", op: "update", staff: true } } as const;

/** The evaluators' monthly statements and what is to be paid to them for a period. */
export function statementRoutes(
  app: AppInstance,
  deps: { statement: StatementService; payments: AuditorPaymentsService },
) {
  const { statement } = deps;

  app.get(
    "/api/auditors/:id/statements",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "Les relevés mensuels d'un évaluateur : les mois, leurs honoraires et leurs frais",
        params: idParams,
        querystring: statementMonthsQuerySchema,
        response: { 200: statementMonthsSchema },
      },
    },
    async (request) => statement.months(requireActor(request), request.params.id, request.query),
  );

  app.get(
    "/api/auditors/:id/statement",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "Relevé mensuel d'un évaluateur (honoraires, frais validés) en PDF ou XLSX",
        params: idParams,
        querystring: statementQuerySchema,
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { month, format } = request.query;
      if (format === "xlsx") {
        const { filename, stream } = await statement.xlsx(actor, request.params.id, month);
        return reply.header("content-type", XLSX_MIME).header("content-disposition", attachment(filename)).send(stream);
      }
      const { filename, pdf } = await statement.pdf(actor, request.params.id, month);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", attachment(filename))
        .send(pdf);
    },
  );

  app.get(
    "/api/auditor-payments",
    {
      config: payments,
      schema: {
        tags,
        summary: "À payer aux évaluateurs sur une période : honoraires et frais validés, par évaluateur",
        querystring: auditorPaymentsQuerySchema,
        response: { 200: auditorPaymentsSchema },
      },
    },
    async (request) => deps.payments.list(request.query),
  );

  app.get(
    "/api/auditor-payments/export",
    {
      config: payments,
      schema: {
        tags,
        summary: "À payer aux évaluateurs : XLSX (par évaluateur, détail par mission) ou CSV (par évaluateur)",
        querystring: auditorPaymentsExportQuerySchema,
      },
    },
    async (request, reply) => {
      if (request.query.format === "csv") {
        const { filename, csv } = await deps.payments.csv(request.query);
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", attachment(filename))
          .send(csv);
      }
      const { filename, file } = await deps.payments.xlsx(request.query);
      return reply.header("content-type", XLSX_MIME).header("content-disposition", attachment(filename)).send(file);
    },
  );
}

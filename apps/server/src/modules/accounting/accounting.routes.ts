import {
  accountingSettingsBodySchema,
  accountingSettingsSchema,
  fecQuerySchema,
  journalQuerySchema,
} from "@certidesk/shared";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { AccountingService } from "./accounting.service.js";

const tags = ["comptabilité"];

export function accountingRoutes(app: AppInstance, { accounting }: { accounting: AccountingService }) {
  app.get(
    "/api/accounting/fec",
    {
      config: { access: { code: "INVOICE", op: "read" } },
      schema: {
        tags,
        summary: "Fichier des écritures comptables (FEC, article A47 A-1 du LPF) d'une période : ventes et banque",
        querystring: fecQuerySchema,
      },
    },
    async (request, reply) => {
      const { fileName, content } = await accounting.fec(requireActor(request), request.query, request.id);
      return reply
        .header("content-type", "text/plain; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .send(content);
    },
  );

  app.get(
    "/api/accounting/sales-journal",
    {
      config: { access: { code: "INVOICE", op: "read" } },
      schema: {
        tags,
        summary: "Journal des ventes d'une période (CSV pour le logiciel comptable), aux comptes du FEC",
        querystring: journalQuerySchema,
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = await accounting.salesJournal(requireActor(request), { from, to });
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="journal-ventes-${from}-${to}.csv"`)
        .send(csv);
    },
  );

  app.get(
    "/api/settings/accounting",
    {
      config: { access: { code: "SETTING", op: "read" } },
      schema: { tags, summary: "Comptes et journaux du FEC", response: { 200: accountingSettingsSchema } },
    },
    async () => accounting.settings(),
  );

  app.put(
    "/api/settings/accounting",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: {
        tags,
        summary: "Modifier les comptes et journaux du FEC",
        body: accountingSettingsBodySchema,
        response: { 200: accountingSettingsSchema },
      },
    },
    async (request) => accounting.updateSettings(requireActor(request), request.body, request.id),
  );
}

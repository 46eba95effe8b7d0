import {
  bankImportResultSchema,
  bankLinePageSchema,
  bankLineQuerySchema,
  bankLineSchema,
  bankLineVersionBodySchema,
  bulkConfirmBodySchema,
  bulkConfirmResultSchema,
  confirmBankLineBodySchema,
  idParamsSchema,
  openInvoiceOptionsQuerySchema,
  openInvoiceOptionsSchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { readUpload } from "../../lib/upload.js";
import { requireActor } from "../../plugins/auth.js";
import type { BankReconciliationService } from "./bank-reconciliation.service.js";

const tags = ["rapprochement bancaire"];
const read = { access: { code: "INVOICE", op: "read" } } as const;
const write = { access: { code: "INVOICE", op: "update" } } as const;
/** A statement is text: 5 MB is months of a busy account. */
const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

/** `uploads` is the scope with the multipart parser (app.ts); every other route is on it too. */
export function bankReconciliationRoutes(uploads: AppInstance, { bank }: { bank: BankReconciliationService }) {
  uploads.post(
    "/api/bank-reconciliation/statements",
    {
      config: write,
      schema: {
        tags,
        summary: "Importer un relevé bancaire (camt.053 XML ou CSV ; multipart, champ file)",
        response: { 200: bankImportResultSchema },
      },
    },
    async (request) => {
      const { file, data } = await readUpload(request, {
        maxBytes: STATEMENT_MAX_BYTES,
        tooLarge: "Le relevé ne doit pas dépasser 5 Mo : importez-le en plusieurs fichiers.",
      });
      return bank.importStatement(requireActor(request), { fileName: file.filename, data }, request.id);
    },
  );

  uploads.get(
    "/api/bank-reconciliation/lines",
    {
      config: read,
      schema: {
        tags,
        summary: "Lignes de relevé d'un onglet (à rapprocher, rapprochées, ignorées) avec leurs propositions",
        querystring: bankLineQuerySchema,
        response: { 200: bankLinePageSchema },
      },
    },
    async (request) => bank.list(requireActor(request), request.query),
  );

  uploads.post(
    "/api/bank-reconciliation/lines/confirm",
    {
      config: write,
      schema: {
        tags,
        summary: "Confirmer les propositions de plusieurs lignes (toutes ou aucune)",
        body: bulkConfirmBodySchema,
        response: { 200: bulkConfirmResultSchema },
      },
    },
    async (request) => bank.confirmMany(requireActor(request), request.body, request.id),
  );

  uploads.post(
    "/api/bank-reconciliation/lines/:id/confirm",
    {
      config: write,
      schema: {
        tags,
        summary: "Rapprocher une ligne : enregistre le paiement des factures proposées ou choisies",
        params: idParamsSchema,
        body: confirmBankLineBodySchema,
        response: { 200: bankLineSchema },
      },
    },
    async (request) => bank.confirm(requireActor(request), request.params.id, request.body, request.id),
  );

  uploads.post(
    "/api/bank-reconciliation/lines/:id/ignore",
    {
      config: write,
      schema: {
        tags,
        summary: "Ignorer une ligne",
        params: idParamsSchema,
        body: bankLineVersionBodySchema,
        response: { 200: bankLineSchema },
      },
    },
    async (request) => bank.ignore(requireActor(request), request.params.id, request.body.version, request.id),
  );

  uploads.post(
    "/api/bank-reconciliation/lines/:id/restore",
    {
      config: write,
      schema: {
        tags,
        summary: "Remettre une ligne ignorée à rapprocher",
        params: idParamsSchema,
        body: bankLineVersionBodySchema,
        response: { 200: bankLineSchema },
      },
    },
    async (request) => bank.restore(requireActor(request), request.params.id, request.body.version, request.id),
  );

  uploads.get(
    "/api/bank-reconciliation/invoice-options",
    {
      config: read,
      schema: {
        tags,
        summary: "Factures ouvertes à choisir pour un rapprochement à la main",
        querystring: openInvoiceOptionsQuerySchema,
        response: { 200: openInvoiceOptionsSchema },
      },
    },
    async (request) => bank.invoiceOptions(requireActor(request), request.query.search),
  );

  uploads.get(
    "/api/bank-reconciliation/sample",
    {
      config: read,
      schema: {
        tags,
        summary: "Relevé d'exemple du jour (démonstration seulement)",
        querystring: z.object({
          format: z.enum(["camt053", "csv"], { error: "Format : camt053 ou csv." }).default("camt053"),
        }),
      },
    },
    async (request, reply) => {
      const { fileName, mime, content } = await bank.sample(requireActor(request), request.query.format);
      return reply
        .header("content-type", mime)
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .send(content);
    },
  );
}

import {
  createInvoiceBodySchema,
  creditNoteBodySchema,
  depositPreviewSchema,
  depositQuerySchema,
  idParamsSchema,
  invoiceDetailSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoiceSettingsBodySchema,
  invoiceSettingsSchema,
  issueInvoiceBodySchema,
  paymentBodySchema,
  portalInvoicesSchema,
  sendInvoiceBodySchema,
  updateInvoiceBodySchema,
} from "@certidesk/shared";
import type { FastifyReply } from "fastify";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import { streamInvoiceWorkbook } from "./invoice-export.js";
import type { InvoicesService } from "./invoices.service.js";

const tags = ["factures"];
const detail = { 200: invoiceDetailSchema };
const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export function invoicesRoutes(app: AppInstance, { invoices }: { invoices: InvoicesService }) {
  app.get(
    "/api/invoices",
    {
      config: { access: { code: "INVOICE", op: "read" } },
      schema: {
        tags,
        summary: "Factures et avoirs (filtres, recherche, tri et pagination côté serveur ; totaux par statut)",
        querystring: invoiceListQuerySchema,
        response: { 200: invoicePageSchema },
      },
    },
    async (request, reply) => reply.jsonText(await invoices.list(requireActor(request), request.query)),
  );

  app.get(
    "/api/invoices/export",
    {
      config: { access: { code: "INVOICE", op: "read" } },
      schema: {
        tags,
        summary: "Export XLSX de la liste des factures (mêmes filtres)",
        querystring: invoiceListQuerySchema,
      },
    },
    async (request, reply) => {
      const stream = await streamInvoiceWorkbook(
        invoices.exportBatches(requireActor(request), request.query),
        new Date(),
      );
      return reply
        .header("content-type", XLSX_MIME)
        .header("content-disposition", 'attachment; filename="factures.xlsx"')
        .send(stream);
    },
  );

  app.get(
    "/api/settings/invoicing",
    {
      config: { access: { code: "SETTING", op: "read" } },
      schema: { tags, summary: "Paramètres de facturation", response: { 200: invoiceSettingsSchema } },
    },
    async () => invoices.settings(),
  );

  app.put(
    "/api/settings/invoicing",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: {
        tags,
        summary: "Modifier les paramètres de facturation",
        body: invoiceSettingsBodySchema,
        response: { 200: invoiceSettingsSchema },
      },
    },
    async (request) => invoices.updateSettings(requireActor(request), request.body, request.id),
  );

  app.post(
    "/api/invoices",
    {
      config: { access: { code: "INVOICE", op: "create" } },
      schema: {
        tags,
        summary: "Préparer une facture : acompte d'un contrat ({ contractId }) ou solde d'une mission ({ missionId })",
        body: createInvoiceBodySchema,
        response: detail,
      },
    },
    async (request) => invoices.create(requireActor(request), request.body, request.id),
  );

  app.get(
    "/api/invoices/deposit",
    {
      config: { access: { code: "INVOICE", op: "read" } },
      schema: {
        tags,
        summary: "L'acompte d'un contrat avant sa préparation : montant, facture existante, ou raison du refus",
        querystring: depositQuerySchema,
        response: { 200: depositPreviewSchema },
      },
    },
    async (request) => invoices.depositPreview(requireActor(request), request.query.contractId),
  );

  app.get(
    "/api/invoices/:id",
    {
      config: { access: { code: "INVOICE", op: "read" } },
      schema: { tags, summary: "Une facture ou un avoir", params: idParamsSchema, response: detail },
    },
    async (request) => invoices.detail(requireActor(request), request.params.id),
  );

  app.put(
    "/api/invoices/:id",
    {
      config: { access: { code: "INVOICE", op: "update" } },
      schema: {
        tags,
        summary: "Modifier un brouillon de facture",
        params: idParamsSchema,
        body: updateInvoiceBodySchema,
        response: detail,
      },
    },
    async (request) => invoices.update(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/invoices/:id/issue",
    {
      config: { access: { code: "INVOICE", op: "update" } },
      schema: {
        tags,
        summary: "Émettre la facture : numéro suivant de la série, facture figée",
        params: idParamsSchema,
        body: issueInvoiceBodySchema,
        response: detail,
      },
    },
    async (request) => invoices.issue(requireActor(request), request.params.id, request.body.version, request.id),
  );

  app.post(
    "/api/invoices/:id/send",
    {
      config: { access: { code: "INVOICE", op: "update" } },
      schema: {
        tags,
        summary:
          "Envoyer la facture émise au client (e-mail « Envoi de facture », Factur-X joint) ; « envoyée » quand l'e-mail est parti",
        params: idParamsSchema,
        body: sendInvoiceBodySchema,
        response: detail,
      },
    },
    async (request) => invoices.send(requireActor(request), request.params.id, request.body.version, request.id),
  );

  app.post(
    "/api/invoices/:id/rebill-expenses",
    {
      config: { access: { code: "INVOICE", op: "update" } },
      schema: {
        tags,
        summary: "Ajouter au brouillon de solde les frais approuvés à refacturer (frais en sus)",
        params: idParamsSchema,
        body: issueInvoiceBodySchema,
        response: detail,
      },
    },
    async (request) =>
      invoices.rebillExpenses(requireActor(request), request.params.id, request.body.version, request.id),
  );

  app.post(
    "/api/invoices/:id/refunds",
    {
      config: { access: { code: "INVOICE", op: "update" } },
      schema: {
        tags,
        summary: "Enregistrer un remboursement au client (après un avoir sur une facture payée)",
        params: idParamsSchema,
        body: paymentBodySchema,
        response: detail,
      },
    },
    async (request) => invoices.refund(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/invoices/:id/payments",
    {
      config: { access: { code: "INVOICE", op: "update" } },
      schema: {
        tags,
        summary: "Enregistrer un paiement (montant en euros)",
        params: idParamsSchema,
        body: paymentBodySchema,
        response: detail,
      },
    },
    async (request) => invoices.pay(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/invoices/:id/credit-note",
    {
      config: { access: { code: "INVOICE", op: "update" } },
      schema: {
        tags,
        summary: "Annuler une facture émise par un avoir (numéroté, qui la référence)",
        params: idParamsSchema,
        body: creditNoteBodySchema,
        response: detail,
      },
    },
    async (request) => invoices.creditNote(requireActor(request), request.params.id, request.body, request.id),
  );

  const sendPdf = async (
    request: { id: string; params: { id: string } } & Parameters<typeof requireActor>[0],
    reply: FastifyReply,
  ) => {
    const { fileName, data } = await invoices.pdf(requireActor(request), request.params.id);
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .send(data);
  };

  app.get(
    "/api/invoices/:id/pdf",
    {
      config: { access: { code: "INVOICE", op: "read" } },
      schema: { tags, summary: "Le fichier Factur-X (PDF/A-3 avec factur-x.xml)", params: idParamsSchema },
    },
    sendPdf,
  );

  // The client portal: a client user's own establishment only (the invoice policy answers 404 otherwise).
  app.get(
    "/api/client-portal/invoices",
    {
      config: { access: "authenticated" },
      schema: {
        tags,
        summary: "Portail client : les factures et avoirs émis de l'établissement",
        response: { 200: portalInvoicesSchema },
      },
    },
    async (request) => invoices.portalInvoices(requireActor(request)),
  );

  app.get(
    "/api/client-portal/invoices/:id/pdf",
    {
      config: { access: "authenticated" },
      schema: { tags, summary: "Portail client : le fichier Factur-X d'une facture", params: idParamsSchema },
    },
    sendPdf,
  );
}

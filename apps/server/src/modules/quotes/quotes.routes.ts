import {
  idParamsSchema,
  type QuoteDetail,
  quoteDetailSchema,
  refuseQuoteBodySchema,
  saveQuoteBodySchema,
  sendQuoteBodySchema,
  updateQuoteBodySchema,
  versionBodySchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { QuotesService } from "./quotes.service.js";

const tags = ["devis"];
const detail = { 200: quoteDetailSchema };

export function quotesRoutes(app: AppInstance, { quotes }: { quotes: QuotesService }) {
  app.get(
    "/api/requestclients/:id/quotes",
    {
      config: { access: { code: "PROSPECT", op: "read" } },
      schema: {
        tags,
        summary: "Devis d'une demande",
        params: idParamsSchema,
        response: { 200: z.array(quoteDetailSchema) },
      },
    },
    async (request) => quotes.listForRequest(requireActor(request), request.params.id),
  );

  app.post(
    "/api/requestclients/:id/quotes",
    {
      config: { access: { code: "PROSPECT", op: "create" } },
      schema: {
        tags,
        summary: "Nouveau devis (numéroté)",
        params: idParamsSchema,
        body: saveQuoteBodySchema,
        response: detail,
      },
    },
    async (request) => quotes.create(requireActor(request), request.params.id, request.body, request.id),
  );

  app.get(
    "/api/quotes/:id",
    {
      config: { access: { code: "PROSPECT", op: "read" } },
      schema: { tags, summary: "Un devis", params: idParamsSchema, response: detail },
    },
    async (request) => quotes.get(requireActor(request), request.params.id),
  );

  app.put(
    "/api/quotes/:id",
    {
      config: { access: { code: "PROSPECT", op: "update" } },
      schema: {
        tags,
        summary: "Modifier un devis en brouillon",
        params: idParamsSchema,
        body: updateQuoteBodySchema,
        response: detail,
      },
    },
    async (request) =>
      quotes.update(requireActor(request), request.params.id, request.body.quote, request.body.version, request.id),
  );

  const action = (
    path: string,
    summary: string,
    handler: (
      actor: ReturnType<typeof requireActor>,
      id: string,
      version: number,
      requestId: string,
    ) => Promise<QuoteDetail>,
  ) =>
    app.post(
      `/api/quotes/:id/${path}`,
      {
        config: { access: { code: "PROSPECT", op: "update" } },
        schema: { tags, summary, params: idParamsSchema, body: versionBodySchema, response: detail },
      },
      async (request) => handler(requireActor(request), request.params.id, request.body.version, request.id),
    );

  action("pdf", "Générer le PDF du devis", (actor, id, v, rid) => quotes.generatePdf(actor, id, v, rid));
  action("accept", "Devis accepté : le contrat est préparé", (actor, id, v, rid) => quotes.accept(actor, id, v, rid));
  action("new-version", "Nouvelle version du devis", (actor, id, v, rid) => quotes.newVersion(actor, id, v, rid));

  app.post(
    "/api/quotes/:id/send",
    {
      config: { access: { code: "PROSPECT", op: "update" } },
      schema: {
        tags,
        summary: "Envoyer le devis par e-mail (PDF joint)",
        params: idParamsSchema,
        body: sendQuoteBodySchema,
        response: detail,
      },
    },
    async (request) => quotes.send(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/quotes/:id/refuse",
    {
      config: { access: { code: "PROSPECT", op: "update" } },
      schema: {
        tags,
        summary: "Devis refusé par le client",
        params: idParamsSchema,
        body: refuseQuoteBodySchema,
        response: detail,
      },
    },
    async (request) => quotes.refuse(requireActor(request), request.params.id, request.body, request.id),
  );
}

import {
  idParamsSchema,
  listMailsQuerySchema,
  MAIL_STATUSES,
  mailDetailSchema,
  mailGroupSchema,
  mailPreviewSchema,
  mailRecipientOptionSchema,
  mailRecipientQuerySchema,
  mailRowSchema,
  mailSummaryQuerySchema,
  mailTemplateSchema,
  okSchema,
  pageResultSchema,
  previewMailTemplateBodySchema,
  saveMailGroupBodySchema,
  sendMailBodySchema,
  updateMailTemplateBodySchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { MailService } from "./mail.service.js";
import type { MailGroupsService } from "./mail-groups.service.js";
import type { MailTemplatesService } from "./mail-templates.service.js";
import type { MailWorker } from "./mail-worker.js";

const tags = ["e-mails"];

export interface MailRouteDeps {
  mail: MailService;
  templates: MailTemplatesService;
  groups: MailGroupsService;
  worker: MailWorker;
}

export function mailRoutes(app: AppInstance, { mail, templates, groups, worker }: MailRouteDeps) {
  app.get(
    "/api/mails",
    {
      config: { access: { code: "MAIL", op: "read" } },
      schema: {
        tags,
        summary: "E-mails envoyés, en attente et en échec",
        querystring: listMailsQuerySchema,
        response: { 200: pageResultSchema(mailRowSchema) },
      },
    },
    async (request, reply) => reply.jsonText(await mail.list(requireActor(request), request.query)),
  );

  app.get(
    "/api/mails/summary",
    {
      config: { access: { code: "MAIL", op: "read" } },
      schema: {
        tags,
        summary: "Nombre d'e-mails par statut (pour la recherche et les dates données) et état de l'envoi",
        querystring: mailSummaryQuerySchema,
        response: {
          200: z.object({ smtpConfigured: z.boolean(), counts: z.partialRecord(z.enum(MAIL_STATUSES), z.number()) }),
        },
      },
    },
    async (request) => ({ smtpConfigured: worker.configured, counts: await mail.counts(request.query) }),
  );

  app.get(
    "/api/mails/:id",
    {
      config: { access: { code: "MAIL", op: "read" } },
      schema: { tags, summary: "Un e-mail (aperçu)", params: idParamsSchema, response: { 200: mailDetailSchema } },
    },
    async (request) => mail.get(requireActor(request), request.params.id),
  );

  app.get(
    "/api/mails/recipient-options",
    {
      config: { access: { code: "MAIL", op: "create" } },
      schema: {
        tags,
        summary: "Établissements et adresses de leurs contacts, proposés comme destinataires",
        querystring: mailRecipientQuerySchema,
        response: { 200: z.array(mailRecipientOptionSchema) },
      },
    },
    async (request) => mail.recipientOptions(requireActor(request), request.query.search),
  );

  app.post(
    "/api/mails",
    {
      config: { access: { code: "MAIL", op: "create" } },
      schema: { tags, summary: "Écrire un e-mail", body: sendMailBodySchema, response: { 200: mailDetailSchema } },
    },
    async (request) => mail.send(requireActor(request), request.body, request.id),
  );

  app.post(
    "/api/mails/:id/resend",
    {
      config: { access: { code: "MAIL", op: "create" } },
      schema: { tags, summary: "Renvoyer un e-mail", params: idParamsSchema, response: { 200: mailDetailSchema } },
    },
    async (request) => mail.resend(requireActor(request), request.params.id, request.id),
  );

  app.delete(
    "/api/mails/:id",
    {
      config: { access: { code: "MAIL", op: "delete" } },
      schema: { tags, summary: "Supprimer un e-mail de la liste", params: idParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await mail.remove(requireActor(request), request.params.id, request.id);
      return { ok: true as const };
    },
  );

  app.get(
    "/api/mail-templates",
    {
      config: { access: { code: "SETTING", op: "read" } },
      schema: { tags, summary: "Modèles d'e-mails", response: { 200: z.array(mailTemplateSchema) } },
    },
    async () => templates.list(),
  );

  app.put(
    "/api/mail-templates/:code",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: {
        tags,
        summary: "Modifier un modèle",
        params: z.object({ code: z.string().max(60) }),
        body: updateMailTemplateBodySchema,
        response: { 200: mailTemplateSchema },
      },
    },
    async (request) => templates.update(requireActor(request), request.params.code, request.body, request.id),
  );

  app.post(
    "/api/mail-templates/preview",
    {
      config: { access: { code: "SETTING", op: "read" } },
      schema: {
        tags,
        summary: "Aperçu d'un modèle rempli avec des données réelles",
        body: previewMailTemplateBodySchema,
        response: { 200: mailPreviewSchema },
      },
    },
    async (request) => templates.preview(requireActor(request), request.body),
  );

  app.get(
    "/api/mail-groups",
    {
      config: { access: { code: "MAIL", op: "read" } },
      schema: { tags, summary: "Listes d'e-mails groupés", response: { 200: z.array(mailGroupSchema) } },
    },
    async () => groups.list(),
  );
  app.post(
    "/api/mail-groups",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: { tags, summary: "Créer une liste", body: saveMailGroupBodySchema, response: { 200: mailGroupSchema } },
    },
    async (request) => groups.create(requireActor(request), request.body, request.id),
  );
  app.put(
    "/api/mail-groups/:id",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: {
        tags,
        summary: "Modifier une liste",
        params: idParamsSchema,
        body: saveMailGroupBodySchema,
        response: { 200: mailGroupSchema },
      },
    },
    async (request) => groups.update(requireActor(request), request.params.id, request.body, request.id),
  );
  app.delete(
    "/api/mail-groups/:id",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: { tags, summary: "Supprimer une liste", params: idParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await groups.remove(requireActor(request), request.params.id, request.id);
      return { ok: true as const };
    },
  );
}

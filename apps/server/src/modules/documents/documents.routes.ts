import {
  documentCategorySchema,
  documentRowSchema,
  documentVersionSchema,
  FILED_DOCUMENT_FAMILIES,
  idParamsSchema,
  linkOptionSchema,
  listDocumentsQuerySchema,
  okSchema,
  pageResultSchema,
  saveDocumentCategoryBodySchema,
  savedResultSchema,
  searchTextSchema,
  updateDocumentBodySchema,
  versionSchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { AppError, badRequest } from "../../lib/errors.js";
import { readUpload } from "../../lib/upload.js";
import { requireActor } from "../../plugins/auth.js";
import type { DocumentCategoriesService } from "./document-categories.service.js";
import type { DocumentLinks } from "./document-links.js";
import type { DocumentsService, NewDocumentMeta } from "./documents.service.js";

const tags = ["documents"];
const uploadFieldsSchema = z.object({
  family: z.enum(FILED_DOCUMENT_FAMILIES, {
    error: "Famille de documents inconnue (un justificatif de frais se dépose avec sa dépense, onglet Frais).",
  }),
  name: z.string().trim().max(200).optional(),
  description: z.string().trim().max(1000).optional(),
  documentType: z.string().trim().max(60).optional(),
  categoryId: z.uuid().optional(),
  clientId: z.uuid().optional(),
  auditorId: z.uuid().optional(),
  missionId: z.uuid().optional(),
  metaCode: z.string().trim().max(60).optional(),
});

const UPLOAD_FIELDS = Object.keys(uploadFieldsSchema.shape);

export interface DocumentsRouteDeps {
  documents: DocumentsService;
  categories: DocumentCategoriesService;
  links: DocumentLinks;
  uploadMaxBytes: number;
  ownerOptions: (kind: "auditor" | "client", search?: string) => Promise<Array<{ value: string; label: string }>>;
}

export function documentsRoutes(
  app: AppInstance,
  { documents, categories, links, uploadMaxBytes, ownerOptions }: DocumentsRouteDeps,
) {
  app.get(
    "/api/documents",
    {
      config: { access: { code: "CERTMANAGER_DOCUMENT", op: "read" } },
      schema: {
        tags,
        summary: "Bibliothèque de documents",
        querystring: listDocumentsQuerySchema,
        response: { 200: pageResultSchema(documentRowSchema) },
      },
    },
    async (request, reply) => reply.jsonText(await documents.list(requireActor(request), request.query)),
  );

  app.get(
    "/api/documents/owner-options",
    {
      config: { access: { code: "CERTMANAGER_DOCUMENT", op: "create" } },
      schema: {
        tags,
        summary: "Clients ou évaluateurs auxquels rattacher un document",
        querystring: z.object({ kind: z.enum(["auditor", "client"]), search: searchTextSchema.optional() }),
        response: { 200: z.array(linkOptionSchema) },
      },
    },
    async (request) => ownerOptions(request.query.kind, request.query.search),
  );

  app.post(
    "/api/documents",
    {
      config: { access: { code: "CERTMANAGER_DOCUMENT", op: "create" } },
      schema: {
        tags,
        summary: "Déposer un document (multipart : champs puis fichier « file »)",
        response: { 200: documentRowSchema },
      },
    },
    async (request) => {
      const upload = await readUpload(request, { maxBytes: uploadMaxBytes, fields: UPLOAD_FIELDS });
      const { file, data } = upload;
      const fields = uploadFieldsSchema.safeParse(upload.fields);
      if (!fields.success) throw badRequest(fields.error.issues[0]?.message, fields.error.issues);
      const meta: NewDocumentMeta = fields.data;
      return documents.upload(requireActor(request), meta, { fileName: file.filename, data }, request.id);
    },
  );

  app.get(
    "/api/documents/:id",
    {
      config: { access: { code: "CERTMANAGER_DOCUMENT", op: "read" } },
      schema: { tags, summary: "Un document", params: idParamsSchema, response: { 200: documentRowSchema } },
    },
    async (request) => documents.get(requireActor(request), request.params.id),
  );

  app.put(
    "/api/documents/:id",
    {
      config: { access: { code: "CERTMANAGER_DOCUMENT", op: "update" } },
      schema: {
        tags,
        summary: "Renommer, classer un document",
        params: idParamsSchema,
        body: updateDocumentBodySchema,
        response: { 200: documentRowSchema },
      },
    },
    async (request) => documents.update(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/documents/:id/versions",
    {
      config: { access: { code: "CERTMANAGER_DOCUMENT", op: "update" } },
      schema: {
        tags,
        summary: "Nouvelle version (multipart : champ version puis fichier « file »)",
        params: idParamsSchema,
        response: { 200: documentRowSchema },
      },
    },
    async (request) => {
      const { file, data, fields } = await readUpload(request, { maxBytes: uploadMaxBytes, fields: ["version"] });
      const version = versionSchema.safeParse(Number(fields.version));
      if (!version.success) throw badRequest("La version est obligatoire.");
      return documents.newVersion(
        requireActor(request),
        request.params.id,
        { fileName: file.filename, data },
        version.data,
        request.id,
      );
    },
  );

  app.get(
    "/api/documents/:id/versions",
    {
      config: { access: { code: "CERTMANAGER_DOCUMENT", op: "read" } },
      schema: {
        tags,
        summary: "Versions d'un document",
        params: idParamsSchema,
        response: { 200: z.array(documentVersionSchema) },
      },
    },
    async (request) => documents.versions(requireActor(request), request.params.id),
  );

  app.delete(
    "/api/documents/:id",
    {
      config: { access: { code: "CERTMANAGER_DOCUMENT", op: "delete" } },
      schema: {
        tags,
        summary: "Supprimer un document",
        params: idParamsSchema,
        querystring: z.object({ version: z.coerce.number().int().min(1) }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await documents.remove(requireActor(request), request.params.id, request.query.version, request.id);
      return { ok: true as const };
    },
  );

  // Public but signed: the link itself is the authorization (spec: p parameter plus token).
  app.get(
    "/api/documents/view",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Ouvrir ou télécharger un document par lien signé",
        querystring: z.object({
          p: z.string().max(2000),
          token: z.string().max(200),
          download: z.literal("1").optional(),
        }),
      },
    },
    async (request, reply) => {
      const payload = links.verify(request.query.p, request.query.token);
      if (payload === "expired")
        throw new AppError(410, "BAD_REQUEST", "Ce lien a expiré. Rechargez la page pour en obtenir un nouveau.");
      if (payload === "invalid") throw new AppError(403, "FORBIDDEN", "Lien de document invalide.");
      const file = await documents.fileForLink(payload.d, payload.v);
      const disposition = request.query.download === "1" || payload.m === "download" ? "attachment" : "inline";
      reply
        .header("content-type", file.mimeType)
        .header("content-disposition", `${disposition}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        // A document opened inline must not run anything in our origin.
        .header(
          "content-security-policy",
          "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
        );
      return reply.send(file.data);
    },
  );

  app.get(
    "/api/document-categories",
    {
      config: { access: { code: "CERTMANAGER_DOCUMENT", op: "read" } },
      schema: { tags, summary: "Catégories de documents", response: { 200: z.array(documentCategorySchema) } },
    },
    async () => categories.list(),
  );

  app.post(
    "/api/document-categories",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: {
        tags,
        summary: "Créer une catégorie",
        body: saveDocumentCategoryBodySchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) => categories.create(requireActor(request), request.body, request.id),
  );
  app.put(
    "/api/document-categories/:id",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: {
        tags,
        summary: "Modifier une catégorie",
        params: idParamsSchema,
        body: saveDocumentCategoryBodySchema,
        response: { 200: savedResultSchema },
      },
    },
    async (request) => categories.update(requireActor(request), request.params.id, request.body, request.id),
  );
  app.delete(
    "/api/document-categories/:id",
    {
      config: { access: { code: "SETTING", op: "update" } },
      schema: { tags, summary: "Supprimer une catégorie", params: idParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await categories.remove(requireActor(request), request.params.id, request.id);
      return { ok: true as const };
    },
  );
}

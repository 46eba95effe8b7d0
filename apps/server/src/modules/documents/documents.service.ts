import {
  DOCUMENT_TYPES,
  type DocumentFamily,
  type DocumentRow,
  type updateDocumentBodySchema,
} from "@certidesk/shared";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { documents } from "../../db/schema/index.js";
import type { Actor, AuditActor } from "../../lib/actor.js";
import { diffFields, writeAudit } from "../../lib/audit.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { badRequest, forbidden, notFound } from "../../lib/errors.js";
import { authorize, authorizeScope, recordScope } from "../../lib/policy.js";
import { pageJsonText } from "../../lib/sql-json.js";
import type { FileStorage } from "../../lib/storage/index.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import type { DocumentLinks } from "./document-links.js";
import { rowWithLinks, withLinks } from "./document-row.js";
import { canSeeHrDocuments, documentResource } from "./documents.policy.js";
import * as repo from "./documents.repository.js";
import {
  createDocumentsWithWrite,
  type DocumentToFile,
  type FiledDocument,
  type InsertDocumentRows,
  type PendingDocument,
} from "./documents-with-write.js";
import { acceptedFileType } from "./file-check.js";
import { documentName, safeFileName } from "./file-names.js";
import { withStoredFile } from "./stored-file.js";

export interface NewDocumentMeta {
  family: DocumentFamily;
  name?: string;
  description?: string | null;
  documentType?: string | null;
  categoryId?: string | null;
  clientId?: string | null;
  auditorId?: string | null;
  missionId?: string | null;
  metaCode?: string | null;
  /** An evaluator's document: its kind and last valid day (see modules/auditors). */
  auditorDocumentKind?: string | null;
  validUntil?: string | null;
}

export interface UploadedFile {
  fileName: string;
  data: Buffer;
}

type UpdateInput = z.output<typeof updateDocumentBodySchema>;

export interface DocumentsServiceDeps {
  db: Database;
  storage: FileStorage;
  links: DocumentLinks;
  clock?: Clock;
}

export function createDocumentsService({ db, storage, links, clock = systemClock }: DocumentsServiceDeps) {
  const toRow = (r: repo.DocumentJoinedRow) => rowWithLinks(r.row, links);
  /** The common options of a document write through versionedUpdate. */
  const write = (actor: Actor, id: string, action: "update" | "delete", version: number, requestId?: string) => ({
    db,
    clock,
    table: documents,
    id,
    version,
    actor,
    requestId,
    entityType: "document",
    authorize: { resource: documentResource, action },
  });

  /** The family's owner must be given and exist: a client document names its client, an evaluator's its evaluator. */
  async function checkOwner(tx: Executor, meta: NewDocumentMeta) {
    if (meta.documentType && !(DOCUMENT_TYPES as readonly string[]).includes(meta.documentType)) {
      throw badRequest("Type de document inconnu.");
    }
    if (meta.family === "CLIENT") {
      if (!meta.clientId) throw badRequest("Choisissez le client du document.");
      if (!(await repo.clientExists(tx, meta.clientId))) throw badRequest("Client introuvable.");
    }
    if (meta.family === "AUDITOR" || meta.family === "EXPENSE") {
      if (!meta.auditorId) throw badRequest("Choisissez l'évaluateur du document.");
      if (!(await repo.auditorExists(tx, meta.auditorId))) throw badRequest("Évaluateur introuvable.");
    }
    if (meta.categoryId) {
      const cat = await repo.findCategory(tx, meta.categoryId);
      if (!cat || cat.family !== meta.family) throw badRequest("Catégorie inconnue pour cette famille de documents.");
    }
  }

  /** load → 404 → authorize: the start of every method on one document. */
  async function loadVisible(actor: Actor, id: string, action: "read" | "update" | "delete" = "read") {
    const row = await repo.findDocument(db, id);
    if (!row) throw notFound(documentResource.notFound);
    authorize(actor, action, documentResource, row.document);
    if (recordScope(actor).kind === "client" && !(await repo.clientMayRead(db, row.document)))
      throw notFound(documentResource.notFound);
    return row;
  }

  /** The rows of a new document (uploads and generated PDFs alike), with the given executor. */
  const insertRows: InsertDocumentRows = async (tx, actor, item, stored) => {
    const { meta, fileName, mimeType } = item;
    await checkOwner(tx, meta);
    const created = await repo.insertDocument(tx, {
      family: meta.family,
      name: documentName(meta.name?.trim() || fileName.replace(/\.[^.]+$/, "") || fileName),
      description: meta.description ?? null,
      documentType: meta.documentType ?? null,
      categoryId: meta.categoryId ?? null,
      clientId: meta.clientId ?? null,
      auditorId: meta.auditorId ?? null,
      missionId: meta.missionId ?? null,
      metaCode: meta.metaCode ?? null,
      auditorDocumentKind: meta.auditorDocumentKind ?? null,
      validUntil: meta.validUntil ?? null,
      fileName,
      mimeType,
      ...stored,
      createdBy: actor.userId,
    });
    await repo.insertVersion(tx, {
      documentId: created.id,
      versionNumber: 1,
      fileName,
      mimeType,
      ...stored,
      createdBy: actor.userId,
    });
    await writeAudit(
      tx,
      actor,
      {
        action: "create",
        entityType: "document",
        entityId: created.id,
        summary: `Document « ${created.name} » ajouté`,
      },
      item.requestId,
    );
    return { id: created.id, name: created.name, fileName: created.fileName };
  };
  const filedWithWrite = createDocumentsWithWrite({ db, storage, insertRows });
  /** Documents filed inside the caller's write (documents-with-write.ts). */
  const withDocuments = <T>(
    actor: AuditActor,
    items: DocumentToFile[],
    write: (pending: PendingDocument[]) => Promise<T>,
  ) =>
    filedWithWrite.withDocuments(
      actor,
      items.map((item) => ({ ...item, fileName: safeFileName(item.file.fileName) })),
      write,
    );
  /** Documents filed inside the caller's write as it decides on them (documents-with-write.ts). */
  const withDocumentsOnTheWay = <T>(
    actor: AuditActor,
    write: (file: (tx: Executor, item: DocumentToFile) => Promise<FiledDocument>) => Promise<T>,
  ) =>
    filedWithWrite.withDocumentsOnTheWay(actor, (file) =>
      write((tx, item) => file(tx, { ...item, fileName: safeFileName(item.file.fileName) })),
    );

  const withDocument = <T>(actor: AuditActor, item: DocumentToFile, write: (pending: PendingDocument) => Promise<T>) =>
    withDocuments(actor, [item], ([pending]) => {
      if (!pending) throw new Error("document not staged");
      return write(pending);
    });

  /** A user's file, its type read from its content: refused before anything is stored. */
  async function checkedUpload(actor: Actor, meta: NewDocumentMeta, file: UploadedFile) {
    if (meta.family === "RH" && !canSeeHrDocuments(actor)) {
      throw forbidden("Les documents RH sont réservés à la Direction et aux Ressources humaines.");
    }
    return acceptedFileType(file.data, file.fileName);
  }

  return {
    async list(actor: Actor, query: repo.DocumentListQuery) {
      const { rows, total } = await repo.listDocuments(db, query, recordScope(actor), canSeeHrDocuments(actor));
      // The rows as the database wrote them, each with its signed links (document-row.ts).
      const items = `[${rows.map((r) => withLinks(r.row, r.id, links)).join(",")}]`;
      return pageJsonText<DocumentRow>(items, total, query);
    },

    get: async (actor: Actor, id: string) => toRow(await loadVisible(actor, id)),

    async upload(actor: Actor, meta: NewDocumentMeta, file: UploadedFile, requestId?: string) {
      const mimeType = await checkedUpload(actor, meta, file);
      const created = await withDocument(actor, { meta, file, mimeType, requestId }, (pending) =>
        db.transaction((tx) => pending.file(tx)),
      );
      return toRow((await repo.findDocument(db, created.id)) as repo.DocumentJoinedRow);
    },

    /**
     * Generated documents (quotes, contracts, mission orders… the caller vouches for the type), filed by
     * `write` inside its own transaction: see documents-with-write.ts.
     */
    withDocuments,
    withDocumentsOnTheWay,
    /** One generated document filed by `write` inside its transaction. */
    withDocument: <T>(actor: AuditActor, item: DocumentToFile, write: (pending: PendingDocument) => Promise<T>) =>
      withDocument(actor, item, write),

    /** A user's upload filed by `write` inside its transaction (an upload that is a step of a record). */
    async withUpload<T>(
      actor: Actor,
      item: { meta: NewDocumentMeta; file: UploadedFile; requestId?: string },
      write: (pending: PendingDocument) => Promise<T>,
    ): Promise<T> {
      const mimeType = await checkedUpload(actor, item.meta, item.file);
      return withDocument(actor, { ...item, mimeType }, write);
    },

    async newVersion(actor: Actor, id: string, file: UploadedFile, version: number, requestId?: string) {
      const current = await loadVisible(actor, id, "update");
      const mimeType = await acceptedFileType(file.data, file.fileName);
      const fileName = safeFileName(file.fileName);
      await withStoredFile(storage, file.data, mimeType, (stored) => {
        const number = current.document.currentVersion + 1;
        return versionedUpdate({
          ...write(actor, id, "update", version, requestId),
          apply: (_tx, doc) => ({
            values: { fileName, mimeType, ...stored, currentVersion: number },
            summary: `Nouvelle version (v${number}) de « ${doc.name} »`,
          }),
          after: (tx) =>
            repo.insertVersion(tx, {
              documentId: id,
              versionNumber: number,
              fileName,
              mimeType,
              ...stored,
              createdBy: actor.userId,
            }),
        });
      });
      return toRow((await repo.findDocument(db, id)) as repo.DocumentJoinedRow);
    },

    async update(actor: Actor, id: string, input: UpdateInput, requestId?: string) {
      await loadVisible(actor, id, "update"); // a removed document answers 404
      const { version, ...typed } = input;
      const values = { ...typed, name: documentName(typed.name) };
      await versionedUpdate({
        ...write(actor, id, "update", version, requestId),
        apply: async (tx, current) => {
          await checkOwner(tx, { ...current, family: current.family as DocumentFamily, ...input });
          return {
            values,
            summary: `Document « ${values.name ?? current.name} » modifié`,
            changes: diffFields(current, values),
          };
        },
      });
      return toRow((await repo.findDocument(db, id)) as repo.DocumentJoinedRow);
    },

    /** Removal keeps the files and history (nothing uploaded is lost); the document leaves the lists. */
    async remove(actor: Actor, id: string, version: number, requestId?: string) {
      await loadVisible(actor, id, "delete"); // a removed document answers 404, not a second removal
      await versionedUpdate({
        ...write(actor, id, "delete", version, requestId),
        apply: (_tx, current) => ({
          values: { deletedAt: clock.now() },
          summary: `Document « ${current.name} » supprimé`,
          action: "delete",
        }),
      });
    },

    async versions(actor: Actor, id: string) {
      await loadVisible(actor, id);
      const rows = await repo.listVersions(db, id);
      return rows.map(({ version: v, createdByName }) => ({
        id: v.id,
        versionNumber: v.versionNumber,
        fileName: v.fileName,
        mimeType: v.mimeType,
        size: v.size,
        createdByName,
        createdAt: v.createdAt.toISOString(),
        downloadUrl: links.url(id, "download", v.versionNumber),
      }));
    },

    /** The file behind a signed link (checked by the caller). */
    async fileForLink(documentId: string, versionNumber: number) {
      const row = await repo.findDocument(db, documentId);
      if (!row) throw notFound("Document introuvable.");
      const source = versionNumber > 0 ? await repo.findVersion(db, documentId, versionNumber) : row.document;
      if (!source) throw notFound("Version introuvable.");
      // Names stored before bidirectional controls were removed get the same cleaning on the way out.
      const fileName = safeFileName(source.fileName);
      return { fileName, mimeType: source.mimeType, data: await storage.get(source.storageKey) };
    },

    /** Files to attach to a mail; the caller has checked the actor may see them. */
    /** Library documents to attach to a mail, in the order asked; each must exist and be visible. */
    async attachmentsFor(actor: Actor, ids: string[]) {
      const rows = await repo.findDocuments(db, ids);
      return ids.map((id) => {
        const doc = rows.find((r) => r.id === id);
        if (!doc) throw badRequest("Une pièce jointe est introuvable.");
        authorizeScope(actor, documentResource, doc);
        return { documentId: id, fileName: doc.fileName };
      });
    },

    async readForAttachment(documentId: string) {
      const row = await repo.findDocument(db, documentId);
      if (!row) throw notFound("Pièce jointe introuvable.");
      return {
        fileName: row.document.fileName,
        mimeType: row.document.mimeType,
        data: await storage.get(row.document.storageKey),
      };
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;

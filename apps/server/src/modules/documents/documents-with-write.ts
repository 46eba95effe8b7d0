import type { Database, Executor } from "../../db/client.js";
import type { AuditActor } from "../../lib/actor.js";
import type { FileStorage } from "../../lib/storage/index.js";
import * as repo from "./documents.repository.js";
import { putFile, type StoredFile, sha256Of } from "./stored-file.js";

/** What a document is made of before it is filed: the caller's description and the bytes. */
export interface DocumentToFile {
  meta: import("./documents.service.js").NewDocumentMeta;
  file: { fileName: string; data: Buffer };
  /** Set by the documents service for an upload (type read from the content); a generated PDF by default. */
  mimeType?: string;
  /** The record's current document: kept instead of a copy when its bytes are the same (a PDF printed again). */
  reuse?: string | null;
  requestId?: string;
}

export interface FiledDocument {
  id: string;
  name: string;
  fileName: string;
}

/** A document whose file is stored and whose rows wait for the caller's transaction. */
export interface PendingDocument {
  /** Inserts the document's rows with `tx` (the caller's transaction) and answers the document. */
  file(tx: Executor): Promise<FiledDocument>;
}

/** Writes a new document's rows (document, first version, audit entry) with the given executor. */
export type InsertDocumentRows = (
  tx: Executor,
  actor: AuditActor,
  item: DocumentToFile & { fileName: string; mimeType: string },
  stored: StoredFile,
) => Promise<FiledDocument>;

interface Staged {
  pending: PendingDocument;
  filed: boolean;
  discard(): Promise<void>;
}

/**
 * Documents filed with the write they belong to (a PDF and the record that points at it, an upload and
 * its step): each file is stored first, then `write` runs and files each document in its own transaction,
 * after its checks (the record's version, its state). A write that fails — a stale version (409), a guard,
 * a refused value — rolls back the rows and removes the files: a refused write leaves nothing behind. A file
 * `write` did not file is removed too. (A crash between the two leaves at worst an orphan file.)
 */
export function createDocumentsWithWrite(deps: { db: Database; storage: FileStorage; insertRows: InsertDocumentRows }) {
  const { db, storage, insertRows } = deps;

  async function stage(actor: AuditActor, item: DocumentToFile, fileName: string): Promise<Staged> {
    const mimeType = item.mimeType ?? "application/pdf";
    if (item.reuse) {
      const current = await repo.findDocument(db, item.reuse);
      if (current && current.document.sha256 === sha256Of(item.file.data)) {
        const { id, name, fileName: currentName } = current.document;
        return {
          pending: { file: async () => ({ id, name, fileName: currentName }) },
          filed: true,
          discard: async () => {},
        };
      }
    }
    const stored = await putFile(storage, item.file.data, mimeType);
    const staged: Staged = {
      filed: false,
      pending: {
        file: async (tx) => {
          const doc = await insertRows(tx, actor, { ...item, fileName, mimeType }, stored);
          staged.filed = true;
          return doc;
        },
      },
      discard: () => storage.delete(stored.storageKey).catch(() => undefined),
    };
    return staged;
  }

  async function withDocuments<T>(
    actor: AuditActor,
    items: Array<DocumentToFile & { fileName: string }>,
    write: (pending: PendingDocument[]) => Promise<T>,
  ): Promise<T> {
    const staged: Staged[] = [];
    try {
      for (const item of items) staged.push(await stage(actor, item, item.fileName));
      const result = await write(staged.map((s) => s.pending));
      await Promise.all(staged.filter((s) => !s.filed).map((s) => s.discard()));
      return result;
    } catch (error) {
      await Promise.all(staged.map((s) => s.discard()));
      throw error;
    }
  }

  /**
   * Documents a write decides on as it goes, inside its transaction (which mission orders a change of days
   * supersedes is known only there): `file(tx, item)` stores the file and inserts its rows at once. If the
   * write then fails, every file it stored is removed, as with `withDocuments`.
   */
  async function withDocumentsOnTheWay<T>(
    actor: AuditActor,
    write: (file: (tx: Executor, item: DocumentToFile & { fileName: string }) => Promise<FiledDocument>) => Promise<T>,
  ): Promise<T> {
    const staged: Staged[] = [];
    try {
      return await write(async (tx, item) => {
        const one = await stage(actor, item, item.fileName);
        staged.push(one);
        return one.pending.file(tx);
      });
    } catch (error) {
      await Promise.all(staged.map((s) => s.discard()));
      throw error;
    }
  }

  return { withDocuments, withDocumentsOnTheWay };
}

import type { FileStorage } from "../../lib/storage/index.js";
import type { DatabaseHandle, RawTransaction } from "../client.js";

/** A file the documents point to (current files and every earlier version), as their rows describe it. */
export interface FileReference {
  key: string;
  sha256: string;
  size: number;
}

export async function referencedFiles(tx: Pick<RawTransaction, "query">): Promise<FileReference[]> {
  return tx.query<FileReference>(
    `select distinct on (storage_key) storage_key as key, sha256, size::float8 as size
       from (select storage_key, sha256, size from documents
             union all select storage_key, sha256, size from document_versions) f
      order by storage_key`,
  );
}

/** Runs `check` on each item, a few at a time (a bucket answers one request per file). */
async function inParallel<T>(items: T[], check: (item: T) => Promise<void>, width = 16) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await check(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

export async function missingKeys(storage: FileStorage, keys: string[]): Promise<Set<string>> {
  const missing = new Set<string>();
  await inParallel(keys, async (key) => {
    if (!(await storage.exists(key))) missing.add(key);
  });
  return missing;
}

export interface DocumentWithoutFile {
  key: string;
  /** A document whose file (current or earlier version) this is, and how many point to it. */
  name: string;
  documents: number;
}

/** The documents whose file the storage does not have: what a restore reports instead of failing silently. */
export async function documentsWithoutFile(
  handle: DatabaseHandle,
  storage: FileStorage,
): Promise<DocumentWithoutFile[]> {
  const files = await handle.queryRaw<DocumentWithoutFile>(
    `select storage_key as key, min(name) as name, count(distinct id)::int as documents
       from (select d.storage_key, d.name, d.id from documents d
             union all select v.storage_key, d.name, d.id from document_versions v join documents d on d.id = v.document_id) f
      group by storage_key order by storage_key`,
  );
  const missing = await missingKeys(
    storage,
    files.map((f) => f.key),
  );
  return files.filter((f) => missing.has(f.key));
}

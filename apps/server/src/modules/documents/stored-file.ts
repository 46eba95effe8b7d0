import { createHash, randomUUID } from "node:crypto";
import type { FileStorage } from "../../lib/storage/index.js";

export interface StoredFile {
  storageKey: string;
  sha256: string;
  size: number;
}

/** Stores a file under a new key (written whole or not at all, see lib/storage). */
export async function putFile(storage: FileStorage, data: Buffer, mimeType: string): Promise<StoredFile> {
  const now = new Date();
  const storageKey = `documents/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${randomUUID()}`;
  await storage.put(storageKey, data, mimeType);
  return { storageKey, sha256: sha256Of(data), size: data.length };
}

export const sha256Of = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/**
 * Stores a file, then runs the database work; if that work fails, the file is removed again, so
 * a row and its file exist together or not at all. (A crash between the two leaves at worst an
 * orphan file, never a row without its file.)
 */
export async function withStoredFile<T>(
  storage: FileStorage,
  data: Buffer,
  mimeType: string,
  work: (file: StoredFile) => Promise<T>,
): Promise<T> {
  const file = await putFile(storage, data, mimeType);
  try {
    return await work(file);
  } catch (error) {
    await storage.delete(file.storageKey).catch(() => undefined);
    throw error;
  }
}

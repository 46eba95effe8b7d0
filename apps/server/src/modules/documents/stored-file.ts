import { createHash, randomUUID } from "node:crypto";
import type { FileStorage } from "../../lib/storage/index.js";

export interface StoredFile {
  storageKey: string;
  sha256: string;
  size: number;
}

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
  const now = new Date();
  const storageKey = `documents/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${randomUUID()}`;
  const file = { storageKey, sha256: createHash("sha256").update(data).digest("hex"), size: data.length };
  await storage.put(storageKey, data, mimeType);
  try {
    return await work(file);
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

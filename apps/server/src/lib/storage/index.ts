import path from "node:path";
import type { AppConfig } from "../../config.js";
import type { FileStorage } from "./file-storage.js";
import { createLocalStorage } from "./local-storage.js";
import { createS3Storage } from "./s3-storage.js";

export type { FileStorage } from "./file-storage.js";
export { createLocalStorage } from "./local-storage.js";

export function createStorage(config: AppConfig): FileStorage {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalStorage(path.join(config.dataDir, "files"));
}

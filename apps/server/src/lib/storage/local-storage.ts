import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { FileStorage } from "./file-storage.js";

/** Files under a root folder; written to a temporary name then renamed, so a file is whole or absent. */
export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    const target = path.resolve(root, key);
    if (!target.startsWith(path.resolve(root) + path.sep)) throw new Error(`invalid storage key ${key}`);
    return target;
  };
  return {
    kind: "local",
    async put(key, data) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString("hex")}.partial`;
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, target);
    },
    get: (key) => fs.readFile(resolve(key)),
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async exists(key) {
      return fs.access(resolve(key)).then(
        () => true,
        () => false,
      );
    },
  };
}

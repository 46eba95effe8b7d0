import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * A secret kept in DATA_DIR: created once (readable by its owner only, 0600), then read back at each
 * start, so what it signs survives a restart. Two processes starting together agree on one file.
 */
export function loadOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written aside then linked into place: a reader never sees a half-written file, and of two
    // processes racing, the first link wins and the second reads it.
    const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(temp, randomBytes(32).toString("hex"), { mode: 0o600 });
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`Le secret ${file} est vide ou trop court : supprimez le fichier.`);
  return secret;
}

import { createHash } from "node:crypto";
import { PassThrough, Readable } from "node:stream";
import { dumpDatabase } from "../src/db/backup/dump-database.js";
import type { OpenBackup } from "../src/db/backup/restore-database.js";
import type { DatabaseHandle } from "../src/db/client.js";

/** A backup of the base, as text. */
export async function backupText(handle: DatabaseHandle): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  await dumpDatabase(handle, out);
  out.end();
  return Buffer.concat(chunks).toString("utf8");
}

/** Opens a backup held as text, as many times as the restore asks. */
export const fromText =
  (text: string): OpenBackup =>
  async () =>
    Readable.from([Buffer.from(text, "utf8")]);

/**
 * A backup edited on purpose, then given a checksum that matches again: what a file would be if it
 * passed the verification and the database still refused it (or if the format changed).
 */
export function edited(text: string, edit: (body: string) => string): string {
  const body = edit(text.slice(0, text.lastIndexOf("-- sha256: ")));
  return `${body}-- sha256: ${createHash("sha256").update(body, "utf8").digest("hex")}\n`;
}

import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import type { Readable, Writable } from "node:stream";
import type { SchemaVersion } from "../schema-version.js";

/**
 * The SQL backup file: a header of comment lines (format, schema version, dollar-quote tag), statements
 * one after the other, then a last line holding the SHA-256 of every byte before it. The checksum lets a
 * restore refuse a truncated or edited file before it changes anything.
 */
export const BACKUP_MAGIC = "-- Certidesk backup";
export const BACKUP_FORMAT = 2;
/**
 * The first format (before the checksum): `-- migrations: N`, BEGIN, TRUNCATE … CASCADE, the tables in the
 * order of their references, COMMIT. Still restored (restore-database.ts), its end checked instead of a sum.
 */
export const LEGACY_FORMAT = 1;
const LEGACY_END = "COMMIT;\n";
const END_MARK = "-- end of backup";
const CHECKSUM_PREFIX = "-- sha256: ";
/** The checksum line: prefix, 64 hex digits, newline. */
const CHECKSUM_LINE_BYTES = CHECKSUM_PREFIX.length + 64 + 1;

export class BackupError extends Error {}

export interface BackupHeader {
  format: number;
  schema: SchemaVersion;
  takenAt: string;
  engine: string;
  /** The dollar-quote tag of the data, absent from every row (checked while dumping). */
  quote: string;
}

export function newQuoteTag(): string {
  return `cd${randomBytes(8).toString("hex")}`;
}

export function headerLines(header: BackupHeader): string {
  return [
    BACKUP_MAGIC,
    `-- format: ${header.format}`,
    `-- schema: ${header.schema.count} ${header.schema.hash}`,
    `-- taken: ${header.takenAt}`,
    `-- engine: ${header.engine}`,
    `-- quote: ${header.quote}`,
    "-- Restore: npm run restore -- <file>. Without Certidesk, on a base at the schema named above:",
    "-- psql --single-transaction -v ON_ERROR_STOP=1 -f <file>",
    "",
  ].join("\n");
}

function parseHeader(text: string): BackupHeader {
  if (!text.startsWith(BACKUP_MAGIC)) throw new BackupError("Ce fichier n'est pas une sauvegarde Certidesk.");
  const field = (name: string) => new RegExp(`^-- ${name}: (.*)$`, "m").exec(text)?.[1];
  const legacyCount = field("migrations");
  if (!field("format") && legacyCount && /^\d+$/.test(legacyCount)) {
    const takenAt = / — (\S+) — /.exec(text)?.[1] ?? "";
    return { format: LEGACY_FORMAT, schema: { count: Number(legacyCount), hash: "" }, takenAt, engine: "", quote: "" };
  }
  const [count, hash] = (field("schema") ?? "").split(" ");
  const quote = field("quote") ?? "";
  if (Number(field("format")) !== BACKUP_FORMAT || !count || !hash || !/^cd[0-9a-f]{16}$/.test(quote)) {
    throw new BackupError("En-tête de sauvegarde illisible.");
  }
  return {
    format: BACKUP_FORMAT,
    schema: { count: Number(count), hash },
    takenAt: field("taken") ?? "",
    engine: field("engine") ?? "",
    quote,
  };
}

/** Writes the backup text to a stream (waiting when it is full) and keeps the checksum of what it wrote. */
export function createBackupWriter(out: Writable) {
  const hash = createHash("sha256");
  let bytes = 0;
  const write = async (text: string) => {
    const chunk = Buffer.from(text, "utf8");
    hash.update(chunk);
    bytes += chunk.length;
    if (!out.write(chunk)) await once(out, "drain");
  };
  return {
    write,
    /** The end mark and the checksum line; nothing may be written after. */
    async finish() {
      await write(`${END_MARK}\n`);
      const line = `${CHECKSUM_PREFIX}${hash.digest("hex")}\n`;
      bytes += line.length;
      if (!out.write(line)) await once(out, "drain");
      return { bytes };
    },
  };
}

/**
 * Reads a whole backup once without changing anything: its header, and whether its checksum matches its
 * content. Throws a French message for anything that is not a complete, unmodified backup.
 */
export async function verifyBackup(input: Readable): Promise<BackupHeader> {
  const hash = createHash("sha256");
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  for await (const chunk of input as AsyncIterable<Buffer>) {
    if (head.length < 4096) head = Buffer.concat([head, chunk.subarray(0, 4096 - head.length)]);
    if (head.length >= BACKUP_MAGIC.length && !head.toString("utf8").startsWith(BACKUP_MAGIC)) {
      input.destroy();
      break;
    }
    const joined = Buffer.concat([tail, chunk]);
    const keep = Math.min(CHECKSUM_LINE_BYTES, joined.length);
    hash.update(joined.subarray(0, joined.length - keep));
    tail = joined.subarray(joined.length - keep);
  }
  const header = parseHeader(head.toString("utf8"));
  const line = tail.toString("utf8");
  if (header.format === LEGACY_FORMAT) {
    // No checksum in the first format: a file cut short lacks its last statement, the end of its transaction.
    if (!line.endsWith(`\n${LEGACY_END}`)) {
      throw new BackupError("Sauvegarde incomplète : elle ne se termine pas par la fin de sa transaction (COMMIT).");
    }
    return header;
  }
  const expected = line.startsWith(CHECKSUM_PREFIX) ? line.slice(CHECKSUM_PREFIX.length, -1) : "";
  if (tail.length !== CHECKSUM_LINE_BYTES || hash.digest("hex") !== expected) {
    throw new BackupError(
      "Sauvegarde incomplète ou modifiée : son empreinte de contrôle ne correspond pas à son contenu.",
    );
  }
  return header;
}

/**
 * The statements of a verified backup, grouped in batches of about `batchBytes` (one round trip each).
 * A statement ends with a line ending in ";" outside the data's dollar quotes; comment lines outside them
 * are skipped, and reading stops at the end mark.
 */
export async function* backupStatements(input: Readable, quote: string, batchBytes = 4 << 20): AsyncGenerator<string> {
  // The first format named its tag nowhere but in its data: the first one met is the file's.
  let tag = quote ? `$${quote}$` : "";
  let statement: string[] = [];
  let batch: string[] = [];
  let batchSize = 0;
  let quoted = false;
  for await (const line of linesOf(input)) {
    if (!quoted && statement.length === 0) {
      if (line === END_MARK) break;
      if (line.startsWith("--") || line === "") continue;
    }
    statement.push(line);
    tag ||= /\$cd[0-9a-f]{16}\$/.exec(line)?.[0] ?? "";
    if (tag && line.split(tag).length % 2 === 0) quoted = !quoted;
    if (quoted || !line.endsWith(";")) continue;
    const text = statement.join("\n");
    statement = [];
    // The restore holds the transaction: a first-format file's own BEGIN and COMMIT are left out.
    if (text === "BEGIN;" || text === "COMMIT;") continue;
    batch.push(text);
    batchSize += text.length;
    if (batchSize >= batchBytes) {
      yield batch.join("\n");
      batch = [];
      batchSize = 0;
    }
  }
  if (statement.length > 0) throw new BackupError("Sauvegarde illisible : une instruction n'est pas terminée.");
  if (batch.length > 0) yield batch.join("\n");
}

/** The lines of a stream, split on "\n" only (a carriage return inside saved data stays as it is). */
async function* linesOf(input: Readable): AsyncGenerator<string> {
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of input as AsyncIterable<Buffer>) {
    let buffer: Buffer = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let end = buffer.indexOf(10, start); end >= 0; end = buffer.indexOf(10, start)) {
      yield buffer.toString("utf8", start, end);
      start = end + 1;
    }
    buffer = buffer.subarray(start);
    rest = buffer;
  }
  if (rest.length > 0) yield rest.toString("utf8");
}

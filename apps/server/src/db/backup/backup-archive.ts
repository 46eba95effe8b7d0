import { createHash } from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { FileStorage } from "../../lib/storage/index.js";
import type { DatabaseHandle } from "../client.js";
import {
  type DocumentWithoutFile,
  documentsWithoutFile,
  type FileReference,
  missingKeys,
  referencedFiles,
} from "./backup-files.js";
import { BackupError, type BackupHeader } from "./backup-format.js";
import { dumpDatabase } from "./dump-database.js";
import { checkBackup, loadBackup } from "./restore-database.js";
import { createTarWriter, type TarEntry, tarEntries } from "./tar.js";

/**
 * A backup archive (.tar.gz): `files.tsv` (sha256, size and key of every file the documents point to),
 * the files themselves under `files/<key>` when they live on disk (a bucket keeps its own: the listing
 * lets a restore check them), and `certidesk.sql` last. A plain `.sql` backup is the same SQL alone.
 */
const SQL_ENTRY = "certidesk.sql";
const LISTING_ENTRY = "files.tsv";
const FILES_PREFIX = "files/";

export interface BackupSummary {
  file: string;
  bytes: number;
  rows: number;
  /** Files the documents point to and the storage did not have when the backup was taken. */
  missingFiles: string[];
}

/** Written beside, then renamed: a half-written file never takes the name of a backup. */
async function writeAtomically<T>(target: string, write: (partial: string) => Promise<T>): Promise<T> {
  const partial = `${target}.partial`;
  try {
    const result = await write(partial);
    fs.renameSync(partial, target);
    return result;
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

export async function writeSqlBackup(handle: DatabaseHandle, target: string): Promise<BackupSummary> {
  return writeAtomically(target, async (partial) => {
    const out = fs.createWriteStream(partial);
    const { rows } = await dumpDatabase(handle, out);
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    return { file: target, bytes: fs.statSync(partial).size, rows, missingFiles: [] };
  });
}

export async function writeBackupArchive(
  handle: DatabaseHandle,
  storage: FileStorage,
  target: string,
): Promise<BackupSummary> {
  // The SQL first, to a file beside (its size goes in the tar header), with the files listed from its snapshot.
  const sqlFile = `${target}.sql.partial`;
  try {
    const out = fs.createWriteStream(sqlFile);
    const { rows, extra: files } = await dumpDatabase(handle, out, referencedFiles);
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    const missing = await missingKeys(
      storage,
      files.map((f) => f.key),
    );
    const kept = files.filter((f) => !missing.has(f.key));
    return await writeAtomically(target, async (partial) => {
      const gzip = zlib.createGzip({ level: 4 });
      const done = pipeline(gzip, fs.createWriteStream(partial));
      const tar = createTarWriter(gzip);
      const listing = Buffer.from(kept.map((f) => `${f.sha256}\t${f.size}\t${f.key}\n`).join(""), "utf8");
      await tar.add(LISTING_ENTRY, listing.length, listing);
      // A bucket keeps the files; only the listing goes in (a restore checks that each is still there).
      if (storage.kind === "local") {
        for (const file of kept) {
          const data = await storage.get(file.key);
          await tar.add(`${FILES_PREFIX}${file.key}`, data.length, data);
        }
      }
      await tar.add(SQL_ENTRY, fs.statSync(sqlFile).size, fs.createReadStream(sqlFile));
      await tar.finish();
      gzip.end();
      await done;
      return { file: target, bytes: fs.statSync(partial).size, rows, missingFiles: [...missing] };
    });
  } finally {
    fs.rmSync(sqlFile, { force: true });
  }
}

/** gzip's two first bytes: an archive; anything else is read as a plain SQL backup. */
function isArchive(file: string): boolean {
  const fd = fs.openSync(file, "r");
  try {
    const magic = Buffer.alloc(2);
    fs.readSync(fd, magic, 0, 2, 0);
    return magic[0] === 0x1f && magic[1] === 0x8b;
  } finally {
    fs.closeSync(fd);
  }
}

const archiveEntries = (file: string) => tarEntries(fs.createReadStream(file).pipe(zlib.createGunzip()));

function parseListing(text: string): Map<string, FileReference> {
  const listing = new Map<string, FileReference>();
  for (const line of text.split("\n")) {
    if (!line) continue;
    const [sha256 = "", size = "", key = ""] = line.split("\t");
    listing.set(key, { key, sha256, size: Number(size) });
  }
  return listing;
}

async function bufferOf(entry: TarEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry.content) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Reads the whole archive once, changing nothing: the SQL's checksum and version, and each file against
 * the sha256 the listing gives it.
 */
async function checkArchive(file: string): Promise<BackupHeader> {
  let listing = new Map<string, FileReference>();
  let header: BackupHeader | null = null;
  try {
    for await (const entry of archiveEntries(file)) {
      if (entry.name === LISTING_ENTRY) listing = parseListing((await bufferOf(entry)).toString("utf8"));
      else if (entry.name === SQL_ENTRY) header = await checkBackup(Readable.from(entry.content));
      else if (entry.name.startsWith(FILES_PREFIX)) {
        const key = entry.name.slice(FILES_PREFIX.length);
        const hash = createHash("sha256");
        for await (const chunk of entry.content) hash.update(chunk);
        if (listing.get(key)?.sha256 !== hash.digest("hex")) {
          throw new BackupError(`Archive abîmée : le fichier ${key} ne correspond pas à son empreinte.`);
        }
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Archive illisible ou incomplète (${(error as Error).message}).`);
  }
  if (!header) throw new BackupError("Cette archive ne contient pas de sauvegarde de la base.");
  return header;
}

/** The SQL entry of the archive, as a stream (the entries before it are skipped). */
async function openSqlEntry(file: string): Promise<Readable> {
  const entries = archiveEntries(file);
  for (;;) {
    const next = await entries.next();
    if (next.done) throw new BackupError("Cette archive ne contient pas de sauvegarde de la base.");
    if (next.value.name === SQL_ENTRY) return Readable.from(next.value.content);
  }
}

export interface RestoreSummary {
  header: BackupHeader;
  /** Files put back into the storage from the archive (those it did not have). */
  filesRestored: number;
  /** Documents whose file the storage does not have after the restore. */
  missingFiles: DocumentWithoutFile[];
}

/**
 * Restores a backup file, plain SQL or archive. Everything is checked before anything changes; then the
 * archive's files the storage lacks are put back (files are never overwritten: a key names one content),
 * then the base is replaced in one transaction. If that transaction fails, the base is as it was and the
 * files put back are unused copies. Last, every document's file is looked for in the storage.
 */
export async function restoreBackup(
  handle: DatabaseHandle,
  storage: FileStorage,
  file: string,
): Promise<RestoreSummary> {
  let filesRestored = 0;
  let header: BackupHeader;
  if (isArchive(file)) {
    header = await checkArchive(file);
    for await (const entry of archiveEntries(file)) {
      if (!entry.name.startsWith(FILES_PREFIX)) continue;
      const key = entry.name.slice(FILES_PREFIX.length);
      if (await storage.exists(key)) continue;
      await storage.put(key, await bufferOf(entry), "application/octet-stream");
      filesRestored++;
    }
    await loadBackup(handle, () => openSqlEntry(file), header);
  } else {
    header = await checkBackup(fs.createReadStream(file));
    await loadBackup(handle, async () => fs.createReadStream(file), header);
  }
  return { header, filesRestored, missingFiles: await documentsWithoutFile(handle, storage) };
}

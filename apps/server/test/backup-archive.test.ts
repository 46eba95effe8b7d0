import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restoreBackup, writeBackupArchive, writeSqlBackup } from "../src/db/backup/backup-archive.js";
import { documents, documentVersions } from "../src/db/schema/index.js";
import { createLocalStorage, type FileStorage } from "../src/lib/storage/index.js";
import { tableFingerprints } from "./table-fingerprints.js";
import { createTestApp, type TestContext } from "./test-app.js";

/** A document of the library with its file in `storage` (or not: `stored: false`). */
async function addDocument(ctx: TestContext, storage: FileStorage, name: string, key: string, stored = true) {
  const data = Buffer.from(`%PDF-1.4 ${name}`);
  if (stored) await storage.put(key, data, "application/pdf");
  const file = {
    fileName: `${name}.pdf`,
    mimeType: "application/pdf",
    size: data.length,
    storageKey: key,
    sha256: createHash("sha256").update(data).digest("hex"),
  };
  const [doc] = await ctx.handle.db
    .insert(documents)
    .values({ family: "GENERAL", name, ...file })
    .returning();
  await ctx.handle.db.insert(documentVersions).values({ documentId: doc?.id as string, versionNumber: 1, ...file });
  return data;
}

/** A bucket kept in memory: a storage of kind "s3" without a network. */
function memoryBucket(): FileStorage & { objects: Map<string, Buffer> } {
  const objects = new Map<string, Buffer>();
  return {
    kind: "s3",
    objects,
    put: async (key, data) => void objects.set(key, data),
    get: async (key) => objects.get(key) ?? Promise.reject(new Error("absent")),
    delete: async (key) => void objects.delete(key),
    exists: async (key) => objects.has(key),
  };
}

describe("backup archive: the base and the documents' files", () => {
  let source: TestContext;
  let folder: string;
  const longKey = `documents/2026/11/${"dossier-".repeat(12)}rapport`;
  beforeAll(async () => {
    source = await createTestApp();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "certidesk-archive-"));
    const storage = createLocalStorage(path.join(source.config.dataDir, "files"));
    await addDocument(source, storage, "Rapport", "documents/2026/11/rapport");
    await addDocument(source, storage, "Nom de fichier long", longKey);
    await addDocument(source, storage, "Perdu", "documents/2026/11/perdu", false);
  });
  afterAll(async () => {
    await source?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("puts the files back with the base, and names the documents whose file is missing", async () => {
    const file = path.join(folder, "certidesk.tar.gz");
    const storage = createLocalStorage(path.join(source.config.dataDir, "files"));
    const written = await writeBackupArchive(source.handle, storage, file);
    expect(written.missingFiles).toEqual(["documents/2026/11/perdu"]);
    // Any tar reads it.
    const listing = spawnSync("tar", ["-tzf", file], { encoding: "utf8" }).stdout.trim().split("\n");
    expect(listing).toEqual(["files.tsv", `files/${longKey}`, "files/documents/2026/11/rapport", "certidesk.sql"]);

    const target = await createTestApp();
    try {
      const targetStorage = createLocalStorage(path.join(target.config.dataDir, "files"));
      const restored = await restoreBackup(target.handle, targetStorage, file);
      expect(restored.filesRestored).toBe(2);
      expect(restored.missingFiles).toEqual([{ key: "documents/2026/11/perdu", name: "Perdu", documents: 1 }]);
      expect((await targetStorage.get(longKey)).toString()).toBe("%PDF-1.4 Nom de fichier long");
      const { list_versions: _a, ...saved } = await tableFingerprints(source.handle);
      const { list_versions: _b, ...back } = await tableFingerprints(target.handle);
      expect(back).toEqual(saved);
    } finally {
      await target.close();
    }
  });

  it("refuses an archive with a damaged file or cut short, and changes nothing", async () => {
    const file = path.join(folder, "abimee.tar.gz");
    await writeBackupArchive(source.handle, createLocalStorage(path.join(source.config.dataDir, "files")), file);
    const tar = zlib.gunzipSync(fs.readFileSync(file));
    const cut = path.join(folder, "coupee.tar.gz");
    fs.writeFileSync(cut, zlib.gzipSync(tar.subarray(0, Math.floor(tar.length / 2))));
    tar.write("X", tar.indexOf("%PDF-1.4 Rapport") + 9);
    fs.writeFileSync(file, zlib.gzipSync(tar));

    const target = await createTestApp();
    try {
      const targetStorage = createLocalStorage(path.join(target.config.dataDir, "files"));
      const before = await tableFingerprints(target.handle);
      await expect(restoreBackup(target.handle, targetStorage, file)).rejects.toThrow(
        /Archive abîmée : le fichier documents\/2026\/11\/rapport/,
      );
      await expect(restoreBackup(target.handle, targetStorage, cut)).rejects.toThrow(/incomplète/);
      expect(await tableFingerprints(target.handle)).toEqual(before);
      expect(fs.existsSync(path.join(target.config.dataDir, "files"))).toBe(false);
    } finally {
      await target.close();
    }
  });

  it("lists a bucket's files with their checksums, and reports after a restore those the bucket lost", async () => {
    const bucket = memoryBucket();
    const kept = await addDocument(source, bucket, "Dans le seau", "documents/2026/12/seau");
    await addDocument(source, bucket, "Perdu du seau", "documents/2026/12/perdu");
    const file = path.join(folder, "seau.tar.gz");
    await writeBackupArchive(source.handle, bucket, file);
    const tar = zlib.gunzipSync(fs.readFileSync(file)).toString("latin1");
    expect(tar).toContain(
      `${createHash("sha256").update(kept).digest("hex")}\t${kept.length}\tdocuments/2026/12/seau\n`,
    );
    expect(tar).not.toContain("files/documents/");

    bucket.objects.delete("documents/2026/12/perdu");
    const target = await createTestApp();
    try {
      const restored = await restoreBackup(target.handle, bucket, file);
      expect(restored.filesRestored).toBe(0);
      expect(restored.missingFiles.map((f) => f.name)).toEqual(
        expect.arrayContaining(["Perdu du seau", "Rapport", "Perdu"]),
      );
      expect(restored.missingFiles.map((f) => f.name)).not.toContain("Dans le seau");
    } finally {
      await target.close();
    }
  });

  it("restores a plain SQL backup and reports the files the storage does not have", async () => {
    const file = path.join(folder, "base.sql");
    await writeSqlBackup(source.handle, file);
    const target = await createTestApp();
    try {
      const restored = await restoreBackup(
        target.handle,
        createLocalStorage(path.join(target.config.dataDir, "files")),
        file,
      );
      expect(restored.missingFiles.map((f) => f.name)).toEqual(expect.arrayContaining(["Rapport", "Perdu"]));
    } finally {
      await target.close();
    }
  });
});

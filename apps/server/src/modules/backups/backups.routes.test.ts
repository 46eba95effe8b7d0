import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories.js";
import { type Session, signIn } from "../../../test/session.js";
import { createTestApp } from "../../../test/test-app.js";
import { backupFolder } from "../../db/backup/backup-folder.js";
import { fixedClock } from "../../lib/clock.js";
import { createLocalStorage } from "../../lib/storage/index.js";
import { createBackupSchedule } from "./backup-schedule.js";

const GB = 1024 ** 3;

/** A base of its own per test (each moves its clock and writes its backups), the Direction and QSE signed in. */
async function setup() {
  // 01:30 in Paris; the daily backup's hour is 2 by default.
  const clock = fixedClock("2026-03-10T00:30:00Z");
  const ctx = await createTestApp({ clock });
  const dir = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
  const qse = await signIn(ctx, (await buildUser(ctx.handle.db, "QSE")).identifier);
  const disk = { free: 50 * GB };
  const deps = {
    handle: ctx.handle,
    scheduled: true,
    storage: createLocalStorage(path.join(ctx.config.dataDir, "files")),
    dataDir: ctx.config.dataDir,
    clock,
    freeSpace: async () => disk.free,
  };
  const api = (session: Session, url: string, method: "GET" | "PUT" = "GET", payload?: object) =>
    ctx.app.inject({ method, url, headers: session.bearer, payload });
  const alerts = async (session: Session) =>
    (await api(session, "/api/alerts/getAlertDate?alertType=backup-overdue")).json().items as Array<{
      displayValue: string;
      link: string;
    }>;
  return {
    ctx,
    clock,
    dir,
    qse,
    disk,
    deps,
    schedule: createBackupSchedule(deps),
    folder: backupFolder(ctx.config.dataDir),
    api,
    alerts,
  };
}

describe("scheduled backups, Settings › Sauvegardes and their alert", () => {
  let t: Awaited<ReturnType<typeof setup>>;
  beforeEach(async () => {
    t = await setup();
  });
  afterEach(() => t?.ctx.close());

  it("takes the day's backup from its hour, once, keeps the newest and says so in the settings", async () => {
    const { api, dir, schedule, clock } = t;
    expect(await schedule.runDue()).toBe("not-yet");
    expect(fs.existsSync(t.folder)).toBe(false);
    const settings = (await api(dir, "/api/backups")).json();
    expect(settings).toMatchObject({
      scheduled: t.ctx.handle.kind === "pglite",
      engine: t.ctx.handle.kind === "pglite" ? "pglite" : "postgresql",
      hour: 2,
      keep: 7,
      backups: [],
      lastRun: null,
    });
    const saved = await api(dir, "/api/backups/settings", "PUT", { hour: 2, keep: 2, version: settings.version });
    expect(saved.statusCode, saved.body).toBe(200);

    for (const day of ["2026-03-10", "2026-03-11", "2026-03-12"]) {
      clock.set(`${day}T01:05:00Z`);
      expect(await schedule.runDue(), day).toBe("ok");
      expect(await schedule.runDue(), day).toBe("done-today");
    }
    const overview = (await api(dir, "/api/backups")).json();
    expect(overview.backups.map((b: { name: string }) => b.name)).toEqual([
      "certidesk-2026-03-12T01-05-00.tar.gz",
      "certidesk-2026-03-11T01-05-00.tar.gz",
    ]);
    expect(overview.lastRun).toMatchObject({ ok: true, fileName: "certidesk-2026-03-12T01-05-00.tar.gz", error: null });
    expect(await t.alerts(dir)).toEqual([]);
    expect(await createBackupSchedule({ ...t.deps, scheduled: false }).runDue()).toBe("embedded-only");
  });

  it("lets the Direction alone download a backup, journaled; other profiles find none", async () => {
    const { api, dir, qse } = t;
    t.clock.set("2026-03-13T01:05:00Z");
    expect(await t.schedule.runDue()).toBe("ok");
    const name = "certidesk-2026-03-13T01-05-00.tar.gz";
    const download = await api(dir, `/api/backups/download/${name}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="${name}"`);
    expect(download.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const [entry] = await t.ctx.handle.queryRaw<{ summary: string }>(
      "select summary from audit_log where entity_type = 'backup' order by occurred_at desc limit 1",
    );
    expect(entry?.summary).toBe(`Sauvegarde ${name} téléchargée`);
    expect((await api(dir, "/api/backups/download/..%2Fpglite")).statusCode).toBe(404);
    expect((await api(dir, "/api/backups/download/certidesk-2026-01-01T00-00-00.tar.gz")).statusCode).toBe(404);
    // QSE holds SETTING read and update: the backups are still the Direction's.
    expect((await api(qse, `/api/backups/download/${name}`)).statusCode).toBe(404);
    expect((await api(qse, "/api/backups")).statusCode).toBe(404);
    expect((await api(qse, "/api/backups/settings", "PUT", { hour: 3, keep: 3, version: 1 })).statusCode).toBe(404);
    expect((await api(qse, "/auth/me")).json().abilities.manageBackups).toBe(false);
    expect((await api(dir, "/auth/me")).json().abilities.manageBackups).toBe(true);
  });

  it("refuses bad settings in French and a stale version, changing nothing", async () => {
    const { api, dir } = t;
    const { version } = (await api(dir, "/api/backups")).json();
    const bad = await api(dir, "/api/backups/settings", "PUT", { hour: 24, keep: 0, version });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("L'heure va de 0 à 23.");
    expect(bad.body).toContain("Gardez au moins une sauvegarde.");
    const stale = await api(dir, "/api/backups/settings", "PUT", { hour: 4, keep: 3, version: version + 1 });
    expect(stale.statusCode).toBe(409);
    expect((await api(dir, "/api/backups")).json()).toMatchObject({ hour: 2, keep: 7, version });
  });

  it("raises an alert for the Direction when the last success is two days old or the disk is short", async () => {
    const { dir, qse, clock, schedule, alerts, disk } = t;
    clock.set("2026-03-13T01:05:00Z");
    expect(await schedule.runDue()).toBe("ok");
    clock.set("2026-03-16T10:00:00Z");
    const [late] = await alerts(dir);
    expect(late).toMatchObject({
      displayValue: "Dernière sauvegarde réussie le 13/03/2026",
      link: "/app/setting/sauvegardes",
    });
    expect(await alerts(qse)).toEqual([]);

    disk.free = 300 * 1024 ** 2;
    expect(await schedule.runDue()).toBe("ok");
    expect((await alerts(dir)).map((a) => a.displayValue)).toEqual(["Disque presque plein : 0,3 Go libres"]);
    disk.free = 50 * GB;
    clock.set("2026-03-17T10:00:00Z");
    expect(await schedule.runDue()).toBe("ok");
    expect(await alerts(dir)).toEqual([]);
  });

  it("records a failed backup, retries an hour later, and alerts until one succeeds", async () => {
    const { api, dir, clock, schedule, alerts } = t;
    clock.set("2026-03-20T10:00:00Z");
    fs.mkdirSync(path.dirname(t.folder), { recursive: true });
    fs.writeFileSync(t.folder, "un fichier à la place du dossier");
    expect(await schedule.runDue()).toBe("failed");
    const { lastRun } = (await api(dir, "/api/backups")).json();
    expect(lastRun).toMatchObject({ ok: false, fileName: null });
    expect(lastRun.error).toBeTruthy();
    expect((await alerts(dir)).map((a) => a.displayValue)).toEqual(["Aucune sauvegarde réussie"]);
    clock.advance(30 * 60 * 1000);
    expect(await schedule.runDue()).toBe("not-yet");
    fs.rmSync(t.folder, { force: true });
    clock.advance(31 * 60 * 1000);
    expect(await schedule.runDue()).toBe("ok");
    expect(await alerts(dir)).toEqual([]);
  });
});

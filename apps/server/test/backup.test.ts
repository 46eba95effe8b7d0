import fs from "node:fs";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restoreDatabase } from "../src/db/backup/restore-database.js";
import { auditLog, configuration, users } from "../src/db/schema/index.js";
import { applyMigrations, dropApplicationSchema, knownMigrations, schemaVersionOf } from "../src/db/schema-version.js";
import { backupText, edited, fromText } from "./backup-helpers.js";
import { buildUser } from "./factories.js";
import { signIn } from "./session.js";
import { tableFingerprints } from "./table-fingerprints.js";
import { createTestApp, type TestContext } from "./test-app.js";

/** A backup written by the code before the checksum (main at 60 migrations), kept as it was written. */
const LEGACY_FIXTURE = new URL("./fixtures/backup-format-1.sql", import.meta.url);

/** Every table equal, but the lists' data versions: a restore gives them new numbers on purpose. */
async function expectSameTables(source: TestContext, target: TestContext) {
  const { list_versions: before, ...expected } = await tableFingerprints(source.handle);
  const { list_versions: after, ...actual } = await tableFingerprints(target.handle);
  expect(actual).toEqual(expected);
  expect(after?.rows).toBe(before?.rows);
}

describe("backup and restore", () => {
  let source: TestContext;
  let target: TestContext;
  let user: Awaited<ReturnType<typeof buildUser>>;
  beforeAll(async () => {
    [source, target] = await Promise.all([createTestApp(), createTestApp()]);
    // Quotes, a dollar-quote lookalike and non-ASCII text; a session and its journal entry point to the user.
    user = await buildUser(source.handle.db, "DIR", { lastName: "D'Artagnan $tag$ «test»" });
    await signIn(source, user.identifier);
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it("writes a backup that a fresh base reads back identically, derived counts included", async () => {
    await source.handle.db.update(configuration).set({ logoData: Buffer.from([0, 1, 2, 255]), logoMime: "image/png" });
    const dump = await backupText(source.handle);
    expect(dump.startsWith("-- Certidesk backup")).toBe(true);

    await buildUser(target.handle.db, "CC");
    await restoreDatabase(target.handle, fromText(dump));
    await expectSameTables(source, target);
    const restoredUsers = await target.handle.db.select().from(users);
    expect(restoredUsers.map((u) => u.lastName)).toEqual(["D'Artagnan $tag$ «test»"]);
    const [config] = await target.handle.db.select().from(configuration);
    expect([...(config?.logoData ?? [])]).toEqual([0, 1, 2, 255]);
    // The journal's counts came back as saved, and its triggers work again for the next entries.
    const [entries] = await target.handle.db.select({ n: count() }).from(auditLog);
    const counted = async () =>
      Number((await target.handle.queryRaw<{ n: string }>("select sum(n)::text as n from audit_log_counts"))[0]?.n);
    expect(await counted()).toBe(entries?.n);
    await signIn(target, user.identifier);
    const [after] = await target.handle.db.select({ n: count() }).from(auditLog);
    expect(await counted()).toBe(after?.n);
    expect(after?.n).toBeGreaterThan(entries?.n ?? 0);
  });

  it("restores rows that point ahead of themselves and cycles between tables, in tables it was never told of", async () => {
    // Tables a future migration could add, on both bases: a row pointing to a later row of its own table,
    // two tables pointing to each other, and a trigger deriving a column (it must not run again on restore).
    const future = `
      CREATE TABLE future_a (id int PRIMARY KEY, parent int REFERENCES future_a, b int, derived text);
      CREATE TABLE future_b (id int PRIMARY KEY, a int NOT NULL REFERENCES future_a);
      ALTER TABLE future_a ADD FOREIGN KEY (b) REFERENCES future_b;
      CREATE FUNCTION future_derive() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN NEW.derived := 'computed at ' || clock_timestamp()::text; RETURN NEW; END $$;
      CREATE TRIGGER future_a_derive BEFORE INSERT OR UPDATE ON future_a FOR EACH ROW EXECUTE FUNCTION future_derive();`;
    await source.handle.execRaw(future);
    await target.handle.execRaw(future);
    await source.handle.execRaw(`
      INSERT INTO future_a (id) VALUES (2);
      INSERT INTO future_a (id, parent) VALUES (1, 2);
      INSERT INTO future_b (id, a) VALUES (10, 1);
      UPDATE future_a SET b = 10 WHERE id = 2;`);
    const dump = await backupText(source.handle);
    // Row 2 was rewritten after row 1: read in the table's order, row 1 comes first and points ahead.
    expect(dump.indexOf('"id":1,')).toBeLessThan(dump.indexOf('"id":2,'));

    await restoreDatabase(target.handle, fromText(dump));
    await expectSameTables(source, target);
    const rows = await target.handle.queryRaw<{ id: number; derived: string }>(
      "select id, derived from future_a order by id",
    );
    const saved = await source.handle.queryRaw<{ id: number; derived: string }>(
      "select id, derived from future_a order by id",
    );
    expect(rows).toEqual(saved);
    // The references are checked again after the data: the foreign keys are all back.
    await expect(target.handle.execRaw("INSERT INTO future_b (id, a) VALUES (11, 99)")).rejects.toThrow();
    await source.handle.execRaw("DROP TABLE future_b, future_a CASCADE; DROP FUNCTION future_derive()");
    await target.handle.execRaw("DROP TABLE future_b, future_a CASCADE; DROP FUNCTION future_derive()");
  });

  it("refuses, before changing anything, what is not a complete and unmodified backup", async () => {
    const dump = await backupText(source.handle);
    await buildUser(target.handle.db, "QSE", { lastName: "Témoin" });
    const before = await tableFingerprints(target.handle);
    const refused = async (text: string, message: RegExp) => {
      await expect(restoreDatabase(target.handle, fromText(text))).rejects.toThrow(message);
      expect(await tableFingerprints(target.handle)).toEqual(before);
    };
    await refused("DROP TABLE users;", /n'est pas une sauvegarde Certidesk/);
    await refused(dump.slice(0, Math.floor(dump.length / 2)), /incomplète ou modifiée/);
    await refused(dump.slice(0, -10), /incomplète ou modifiée/);
    await refused(dump.replace("D'Artagnan", "D'Artagnon"), /incomplète ou modifiée/);
    // The first format had no checksum: a file of it cut short lacks the end of its transaction.
    const legacy = fs.readFileSync(LEGACY_FIXTURE, "utf8");
    await refused(legacy.slice(0, legacy.lastIndexOf("INSERT INTO")), /ne se termine pas par la fin de sa transaction/);
  });

  it("restores a backup of the first format, written by the previous releases, and migrates it forward", async () => {
    await restoreDatabase(target.handle, fromText(fs.readFileSync(LEGACY_FIXTURE, "utf8")));
    expect(await schemaVersionOf({ query: target.handle.queryRaw })).toMatchObject({ count: knownMigrations().length });
    const [user] = await target.handle.db.select().from(users);
    expect(user?.lastName).toBe("D'Ancienne");
    const [client] = await target.handle.queryRaw<{ list_row: string }>("select list_row from clients");
    expect(client?.list_row).toContain("EHPAD Les \\u00c9cureuils");
    // Its derived tables were left out of the file: the triggers counted the rows as they came back.
    const [counted] = await target.handle.queryRaw<{ n: number }>("select sum(n)::int as n from audit_log_counts");
    const [entries] = await target.handle.db.select({ n: count() }).from(auditLog);
    expect(counted?.n ?? 0).toBe(entries?.n);
  });

  it("refuses a backup of a newer or an unknown version, and changes nothing", async () => {
    const dump = await backupText(source.handle);
    const known = knownMigrations();
    const before = await tableFingerprints(target.handle);
    const [, hash] = /^-- schema: \d+ (\w+)$/m.exec(dump) ?? [];
    const newer = edited(dump, (body) => body.replace(/^-- schema: \d+ /m, `-- schema: ${known.length + 1} `));
    await expect(restoreDatabase(target.handle, fromText(newer))).rejects.toThrow(/version plus récente/);
    const other = edited(dump, (body) =>
      body.replace(`-- schema: ${known.length} ${hash}`, `-- schema: ${known.length} ${"0".repeat(64)}`),
    );
    await expect(restoreDatabase(target.handle, fromText(other))).rejects.toThrow(/ne connaît pas/);
    expect(await tableFingerprints(target.handle)).toEqual(before);
  });

  it("restores an older backup in its own schema, then migrates it forward", async () => {
    const known = knownMigrations();
    const older = await createTestApp();
    try {
      // A base as the builds before 0059_mail_search_text_kept left it: a mail's search text was generated,
      // without its establishment's name; that migration made it a kept column holding the name.
      const kept = known.findIndex((m) => m.sql.some((s) => s.includes("CREATE FUNCTION mail_search_text")));
      await older.handle.rawTransaction(async (tx) => {
        await dropApplicationSchema(tx);
        await applyMigrations(tx, known.slice(0, kept));
      });
      // In SQL: the current model's insert names columns this older schema does not have yet.
      const [client] = await older.handle.queryRaw<{ id: string }>(
        "insert into clients (raison_social, postal_code, city) values ('EHPAD Les Écureuils', '75011', 'Paris') returning id",
      );
      await older.handle.queryRaw(
        `insert into mail_outbox (client_id, "to", subject, body) values ($1, '["a@b.fr"]', 'Devis', 'Bonjour')`,
        [client?.id],
      );
      const dump = await backupText(older.handle);
      expect(dump).toContain(`-- schema: ${kept} `);

      await restoreDatabase(target.handle, fromText(dump));
      expect(await schemaVersionOf({ query: target.handle.queryRaw })).toEqual({
        count: known.length,
        hash: known.at(-1)?.hash,
      });
      const [mail] = await target.handle.queryRaw<{ search_text: string }>("select search_text from mail_outbox");
      expect(mail?.search_text).toMatch(/^devis .* ehpad les ecureuils$/);
    } finally {
      await older.close();
    }
  });

  it("leaves the base as it was when the database refuses the data half-way", async () => {
    const dump = await backupText(source.handle);
    const before = await tableFingerprints(target.handle);
    // A user row with another id: the rows pointing to it break their foreign key, checked after all the data.
    const broken = edited(dump, (body) => {
      const start = body.indexOf("INSERT INTO users ");
      return body.slice(0, start) + body.slice(start).replace(/"id":"[0-9a-f]{8}/, '"id":"00000000');
    });
    await expect(restoreDatabase(target.handle, fromText(broken))).rejects.toThrow(/foreign key|clé étrangère/);
    expect(await tableFingerprints(target.handle)).toEqual(before);
    expect(await schemaVersionOf({ query: target.handle.queryRaw })).toMatchObject({ count: knownMigrations().length });
  });
});

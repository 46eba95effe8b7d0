import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dumpDatabase, restoreDatabase } from "../src/db/backup.js";
import { auditLog, configuration, users } from "../src/db/schema/index.js";
import { buildUser } from "./factories.js";
import { signIn } from "./session.js";
import { createTestApp } from "./test-app.js";

describe("backup and restore", () => {
  it("writes a SQL dump that a fresh database reads back identically", async () => {
    const source = await createTestApp();
    const target = await createTestApp();
    try {
      const user = await buildUser(source.handle.db, "DIR", { lastName: "D'Artagnan $tag$ «test»" });
      await signIn(source, user.identifier);
      await source.handle.db
        .update(configuration)
        .set({ logoData: Buffer.from([0, 1, 2, 255]), logoMime: "image/png" });
      const dump = await dumpDatabase(source.handle);
      expect(dump.startsWith("-- Certidesk backup")).toBe(true);

      await buildUser(target.handle.db, "CC");
      await restoreDatabase(target.handle, dump);
      const restoredUsers = await target.handle.db.select().from(users);
      expect(restoredUsers.map((u) => u.lastName)).toEqual(["D'Artagnan $tag$ «test»"]);
      expect(restoredUsers[0]?.passwordHash).toBe(user.passwordHash);
      const [config] = await target.handle.db.select().from(configuration);
      expect([...(config?.logoData ?? [])]).toEqual([0, 1, 2, 255]);
      const [a] = await source.handle.db.select({ n: count() }).from(auditLog);
      const [b] = await target.handle.db.select({ n: count() }).from(auditLog);
      expect(b?.n).toBe(a?.n);
      // The journal's counts are not in the dump: its triggers counted the entries as they came back.
      expect(dump).not.toContain('INSERT INTO "audit_log_counts"');
      const [counted] = await target.handle.queryRaw<{ n: string }>("select sum(n)::text as n from audit_log_counts");
      expect(Number(counted?.n)).toBe(b?.n);
      await signIn(target, user.identifier);
    } finally {
      await source.close();
      await target.close();
    }
  });

  it("refuses a file that is not a backup and leaves the database as it was", async () => {
    const ctx = await createTestApp();
    try {
      await buildUser(ctx.handle.db, "CC");
      await expect(restoreDatabase(ctx.handle, "DROP TABLE users;")).rejects.toThrow("n'est pas une sauvegarde");
      const broken = `${await dumpDatabase(ctx.handle)}`.replace('INSERT INTO "users"', 'INSERT INTO "nope"');
      await expect(restoreDatabase(ctx.handle, broken)).rejects.toThrow();
      expect((await ctx.handle.db.select().from(users)).length).toBe(1);
    } finally {
      await ctx.close();
    }
  });
});

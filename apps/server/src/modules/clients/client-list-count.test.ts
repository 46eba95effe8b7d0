import { count, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEssms, buildUser } from "../../../test/factories.js";
import { signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { dumpDatabase, restoreDatabase } from "../../db/backup.js";
import { clients, listCounts } from "../../db/schema/index.js";

/**
 * The client list's unfiltered total is read from `list_counts` (migration 0020), which triggers keep
 * in the statement that changes it. Whatever wrote, the counter must equal a real count.
 */
describe("client list total counter", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const counted = async (context: TestContext = ctx) => {
    const { db } = context.handle;
    const [real] = await db.select({ n: count() }).from(clients).where(isNotNull(clients.clientSince));
    const [kept] = await db.select({ n: listCounts.n }).from(listCounts).where(eq(listCounts.list, "clients"));
    return { real: Number(real?.n), kept: Number(kept?.n) };
  };

  it("follows inserts, a prospect becoming a client, bulk updates and deletes", async () => {
    const { db } = ctx.handle;
    const start = await counted();
    expect(start.kept).toBe(start.real);
    const a = await buildEssms(db);
    const prospect = await buildEssms(db, { prospect: true });
    expect(await counted()).toEqual({ real: start.real + 1, kept: start.real + 1 });
    await db.update(clients).set({ clientSince: new Date() }).where(eq(clients.id, prospect.id));
    expect((await counted()).kept).toBe(start.real + 2);
    // An edit that leaves client_since alone changes nothing (and does not touch the counter).
    await db
      .update(clients)
      .set({ city: "Villeurbanne" })
      .where(inArray(clients.id, [a.id, prospect.id]));
    expect((await counted()).kept).toBe(start.real + 2);
    await db
      .update(clients)
      .set({ clientSince: null })
      .where(inArray(clients.id, [a.id, prospect.id]));
    expect(await counted()).toEqual({ real: start.real, kept: start.real });
    await db.delete(clients).where(inArray(clients.id, [a.id, prospect.id]));
    expect(await counted()).toEqual({ real: start.real, kept: start.real });
  });

  it("is the total of the list's default view, and survives a backup restored elsewhere", async () => {
    const { db } = ctx.handle;
    await buildEssms(db);
    await buildEssms(db);
    const user = await buildUser(db, "DIR");
    const session = await signIn(ctx, user.identifier);
    const list = await ctx.app.inject({
      method: "POST",
      url: "/api/client/getListClient",
      headers: session.bearer,
      payload: { pageSize: 1 },
    });
    expect(list.json().total).toBe((await counted()).real);

    const target = await createTestApp();
    try {
      await buildEssms(target.handle.db);
      await restoreDatabase(target.handle, await dumpDatabase(ctx.handle));
      expect(await counted(target)).toEqual(await counted());
    } finally {
      await target.close();
    }
  });
});

import { and, count, eq, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupText, fromText } from "../../../test/backup-helpers.js";
import { buildEssms, buildUser } from "../../../test/factories.js";
import { signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { restoreDatabase } from "../../db/backup/restore-database.js";
import { clients, listCounts } from "../../db/schema/index.js";

/**
 * The client list's unfiltered total and those of its two filters that do not depend on the day are read
 * from `list_counts` (migrations 0020, 0036), which triggers keep in the statement that changes them.
 * Whatever wrote, each counter must equal a real count.
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

  /** Each kept total against a real count of its view. */
  const filterTotals = async (context: TestContext = ctx) => {
    const { db } = context.handle;
    const views: Record<string, SQL | undefined> = {
      clients: isNotNull(clients.clientSince),
      "clients:NO_EVALUATION_DATE": and(
        isNotNull(clients.clientSince),
        isNull(clients.evaluationDate),
        isNull(clients.evaluationFinishedAt),
      ),
      "clients:EVALUATION_FINISH": and(isNotNull(clients.clientSince), isNotNull(clients.evaluationFinishedAt)),
    };
    const kept = new Map(
      (
        await db
          .select()
          .from(listCounts)
          .where(inArray(listCounts.list, Object.keys(views)))
      ).map((r) => [r.list, Number(r.n)]),
    );
    const totals: Record<string, { real: number; kept: number }> = {};
    for (const [list, where] of Object.entries(views)) {
      const [real] = await db.select({ n: count() }).from(clients).where(where);
      // A counter row not written yet (no such client since a restore) reads as 0.
      totals[list] = { real: Number(real?.n), kept: kept.get(list) ?? 0 };
    }
    return totals;
  };
  const expectKeptTotalsRight = async (context: TestContext = ctx) => {
    for (const [list, { real, kept }] of Object.entries(await filterTotals(context))) expect(kept, list).toBe(real);
  };

  it("keeps the totals of the filters without a date and finished: dates set, cleared, rows added and deleted", async () => {
    const { db } = ctx.handle;
    await expectKeptTotalsRight();
    const before = await filterTotals();
    const a = await buildEssms(db);
    const b = await buildEssms(db);
    expect((await filterTotals())["clients:NO_EVALUATION_DATE"]?.kept).toBe(
      (before["clients:NO_EVALUATION_DATE"]?.real ?? 0) + 2,
    );
    await db.update(clients).set({ evaluationDate: "2027-03-01" }).where(eq(clients.id, a.id));
    await expectKeptTotalsRight();
    await db
      .update(clients)
      .set({ evaluationFinishedAt: "2027-03-20" })
      .where(inArray(clients.id, [a.id, b.id]));
    await expectKeptTotalsRight();
    expect((await filterTotals())["clients:EVALUATION_FINISH"]?.kept).toBe(
      (before["clients:EVALUATION_FINISH"]?.real ?? 0) + 2,
    );
    await db.update(clients).set({ evaluationFinishedAt: null, evaluationDate: null }).where(eq(clients.id, b.id));
    await db.update(clients).set({ clientSince: null }).where(eq(clients.id, a.id));
    await expectKeptTotalsRight();
    await db.delete(clients).where(inArray(clients.id, [a.id, b.id]));
    expect(await filterTotals()).toEqual(before);
    // The filtered list answers the kept total.
    const user = await buildUser(db, "DIR");
    const session = await signIn(ctx, user.identifier);
    for (const filter of ["NO_EVALUATION_DATE", "EVALUATION_FINISH"]) {
      const list = await ctx.app.inject({
        method: "POST",
        url: "/api/client/getListClient",
        headers: session.bearer,
        payload: { pageSize: 1, filter },
      });
      expect(list.json().total, filter).toBe(before[`clients:${filter}`]?.real);
    }
  });

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
      await restoreDatabase(target.handle, fromText(await backupText(ctx.handle)));
      expect(await counted(target)).toEqual(await counted());
      await expectKeptTotalsRight(target);
    } finally {
      await target.close();
    }
  });
});

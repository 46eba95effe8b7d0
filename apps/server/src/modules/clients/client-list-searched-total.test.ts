import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupText, fromText } from "../../../test/backup-helpers.js";
import { buildEssms, buildUser } from "../../../test/factories.js";
import { type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { restoreDatabase } from "../../db/backup/restore-database.js";
import type { Executor } from "../../db/client.js";
import { clients, listVersions } from "../../db/schema/index.js";
import { listClients } from "./client-list.repository.js";

/**
 * A searched client list's total is remembered per clients version (lib/versioned-totals.ts, migration
 * 0041_list_versions): whatever changes the clients, the next answer's total is a real count.
 */
describe("client list: the total of a search", () => {
  let ctx: TestContext;
  let session: Session;
  beforeAll(async () => {
    ctx = await createTestApp();
    session = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
  });
  afterAll(() => ctx.close());

  const searched = async (search: string) => {
    const answer = await ctx.app.inject({
      method: "POST",
      url: "/api/client/getListClient",
      headers: session.bearer,
      payload: { pageSize: 1, search },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json().total as number;
  };
  const version = async (db: Executor = ctx.handle.db) =>
    (await db.select().from(listVersions).where(eq(listVersions.list, "clients")))[0]?.version;

  it("follows clients added, renamed, made prospects and deleted", async () => {
    const { db } = ctx.handle;
    expect(await searched("Zéphyrine")).toBe(0);
    const a = await buildEssms(db, { raisonSocial: "Résidence Zéphyrine" });
    const b = await buildEssms(db, { raisonSocial: "EHPAD Les Zéphyrines" });
    expect(await searched("Zéphyrine")).toBe(2);
    expect(await searched("zephyrine")).toBe(2);
    await db.update(clients).set({ raisonSocial: "Résidence Borée" }).where(eq(clients.id, a.id));
    expect(await searched("Zéphyrine")).toBe(1);
    await db.update(clients).set({ clientSince: null }).where(eq(clients.id, b.id));
    expect(await searched("Zéphyrine")).toBe(0);
    await db.update(clients).set({ clientSince: new Date() }).where(eq(clients.id, b.id));
    expect(await searched("Zéphyrine")).toBe(1);
    await db.delete(clients).where(eq(clients.id, b.id));
    expect(await searched("Zéphyrine")).toBe(0);
  });

  it("moves the version once per transaction, at its commit, never back", async () => {
    const { db } = ctx.handle;
    const before = await version();
    expect(before).toBeDefined();
    let inside: number | undefined;
    await db.transaction(async (tx) => {
      await buildEssms(tx as never, { raisonSocial: "Foyer Aquilon" });
      await tx.update(clients).set({ city: "Bron" }).where(sql`${clients.raisonSocial} = 'Foyer Aquilon'`);
      inside = await version(tx);
    });
    expect(inside).toBe(before);
    const after = await version();
    expect(after).toBeGreaterThan(before ?? 0);
    // The next transaction writes a fresh version, the next value of the sequence: one bump per transaction.
    // (A city changed also marks the missions, which show it: their version takes the value after, clients
    // coming first in the order the versions are written.)
    const [sequence] = await ctx.handle.queryRaw<{ last: string }>("select last_value as last from list_version_seq");
    await db.update(clients).set({ city: "Lyon" }).where(sql`${clients.raisonSocial} = 'Foyer Aquilon'`);
    expect(await version()).toBe(Number(sequence?.last) + 1);
  });

  it("counts inside a transaction that wrote, and keeps nothing of it once rolled back", async () => {
    const { db } = ctx.handle;
    await buildEssms(db, { raisonSocial: "Maison Sirocco" });
    expect(await searched("Sirocco")).toBe(1);
    const query = { filter: "all" as const, page: 1, pageSize: 1, search: "Sirocco" };
    await expect(
      db.transaction(async (tx) => {
        await buildEssms(tx as never, { raisonSocial: "Villa Sirocco" });
        expect((await listClients(tx, query, { kind: "all" }, "2026-11-28")).total).toBe(2);
        expect((await listClients(tx, query, { kind: "all" }, "2026-11-28")).total).toBe(2);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await searched("Sirocco")).toBe(1);
    expect((await listClients(db, query, { kind: "all" }, "2026-11-28")).total).toBe(1);
  });

  it("starts from a fresh version after a backup is restored", async () => {
    const target = await createTestApp();
    try {
      const before = await version(target.handle.db);
      await restoreDatabase(target.handle, fromText(await backupText(ctx.handle)));
      const restored = await version(target.handle.db);
      expect(restored).toBeGreaterThan(before ?? 0);
    } finally {
      await target.close();
    }
  });
});

/**
 * A word counted frequent (its total remembered, the list's size known) is matched so that the planner walks
 * the sort's index (lib/search-text.ts, walksTheSortIndex), in a statement prepared per shape: the same pages
 * either way, each word bound to the statement it shares with the other words of its shape.
 */
describe("client list: a frequent word", () => {
  let ctx: TestContext;
  let session: Session;
  beforeAll(async () => {
    ctx = await createTestApp();
    session = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
  });
  afterAll(() => ctx.close());

  const list = async (payload: Record<string, unknown>) => {
    const answer = await ctx.app.inject({
      method: "POST",
      url: "/api/client/getListClient",
      headers: session.bearer,
      payload: { pageSize: 2, ...payload },
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as { items: Array<{ raisonSocial: string }>; total: number };
    return { names: body.items.map((r) => r.raisonSocial), total: body.total };
  };

  it("gives the same pages, in the same order, read either way", async () => {
    const { db } = ctx.handle;
    for (const name of ["Foyer Les Hêtres", "MAS Les Hêtres", "EHPAD Les Hêtres", "IME Le Chêne", "ESAT Hêtraie"])
      await buildEssms(db, { raisonSocial: name });
    const pages = async (search: string) => {
      const read = [];
      for (const [sort, page] of [
        [{ key: "raisonSocial", direction: "asc" }, 1],
        [{ key: "raisonSocial", direction: "asc" }, 2],
        [{ key: "raisonSocial", direction: "desc" }, 1],
        [{ key: "createdAt", direction: "desc" }, 2],
      ] as const)
        read.push(await list({ search, sort, page }));
      return read;
    };
    // Each search's first page is read with its total unknown: planned for its words. Once the total is
    // remembered (4 matches, the list's size 5: 4 × 4 ≥ 2 × 5), its first pages walk: the same pages.
    const first = await pages("HÊTR");
    expect(first).toEqual([
      { names: ["EHPAD Les Hêtres", "ESAT Hêtraie"], total: 4 },
      { names: ["Foyer Les Hêtres", "MAS Les Hêtres"], total: 4 },
      { names: ["MAS Les Hêtres", "Foyer Les Hêtres"], total: 4 },
      { names: ["MAS Les Hêtres", "Foyer Les Hêtres"], total: 4 },
    ]);
    const twoWords = await pages("hetr E");
    expect(twoWords).toEqual(first);
    expect((await list({})).total).toBe(5);
    expect(await pages("HÊTR")).toEqual(first);
    expect(await pages("hetr E")).toEqual(first);
    // Rarer words stay planned for their values.
    expect(await list({ search: "ehpad" })).toEqual({ names: ["EHPAD Les Hêtres"], total: 1 });
    expect(await list({ search: "chene" })).toEqual({ names: ["IME Le Chêne"], total: 1 });
  });
});

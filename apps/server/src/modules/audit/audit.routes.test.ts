import { AUDIT_COUNT_CAP } from "@certidesk/shared";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories.js";
import { type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { auditLog, auditLogCounts } from "../../db/schema/index.js";

interface Page {
  items: Array<{
    id: string;
    occurredAt: string;
    actorLabel: string;
    action: string;
    entityType: string;
    summary: string;
  }>;
  total: number;
  totalCapped: boolean;
}

describe("the journal list", () => {
  let ctx: TestContext;
  let dir: Session;
  let directorId: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    const director = await buildUser(ctx.handle.db, "DIR");
    directorId = director.id;
    dir = await signIn(ctx, director.identifier);
    // A small journal with ties on every label and on dates, two authors, accents in the texts.
    const at = (day: number) => new Date(Date.UTC(2026, 0, day, 9));
    await ctx.handle.db.insert(auditLog).values([
      {
        occurredAt: at(1),
        actorId: directorId,
        actorLabel: "Hélène Lambert",
        action: "create",
        entityType: "client",
        entityId: "1",
        summary: "ESSMS créé (n° 1)",
      },
      {
        occurredAt: at(2),
        actorLabel: "Hélène Lambert",
        action: "update",
        entityType: "client",
        entityId: "1",
        summary: "Coordonnées de l'ESSMS modifiées",
        changes: { city: { from: "Lyon", to: "Villeurbanne" } },
      },
      {
        occurredAt: at(2),
        actorLabel: "Julien Moreau",
        action: "update",
        entityType: "request",
        entityId: "2",
        summary: "Demande modifiée (Œuvre des Cèdres)",
      },
      {
        occurredAt: at(3),
        actorLabel: "Julien Moreau",
        action: "create",
        entityType: "request",
        entityId: "3",
        summary: "Demande enregistrée",
      },
      {
        occurredAt: at(4),
        actorLabel: "Julien Moreau",
        action: "create",
        entityType: "client",
        entityId: "4",
        summary: "ESSMS créé (n° 4)",
      },
    ]);
  });
  afterAll(() => ctx.close());

  const list = async (query: string) => {
    const response = await ctx.app.inject({ method: "GET", url: `/api/audit-log?${query}`, headers: dir.bearer });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };
  /** The same list computed by hand from every row: the API's order and total must match it. */
  const expected = async (keep: (r: typeof auditLog.$inferSelect) => boolean) =>
    (await ctx.handle.db.select().from(auditLog)).filter(keep);

  it("gives the exact total, from the counts, with and without the screen's filters", async () => {
    for (const [query, keep] of [
      ["", () => true],
      ["entityType=client", (r) => r.entityType === "client"],
      ["action=update", (r) => r.action === "update"],
      ["entityType=request&action=create", (r) => r.entityType === "request" && r.action === "create"],
      ["entityType=nothing", () => false],
    ] as Array<[string, (r: typeof auditLog.$inferSelect) => boolean]>) {
      const page = await list(`pageSize=2&${query}`);
      expect(page.total, query).toBe((await expected(keep)).length);
      expect(page.items.length).toBe(Math.min(2, page.total));
    }
    // One's own entries (the landing page's recent activity): the actor a filter of the same statements.
    for (const [query, keep] of [
      ["", (r) => r.actorId === directorId],
      ["action=create", (r) => r.actorId === directorId && r.action === "create"],
    ] as Array<[string, (r: typeof auditLog.$inferSelect) => boolean]>) {
      const response = await ctx.app.inject({ url: `/api/audit-log/mine?pageSize=1&${query}`, headers: dir.bearer });
      expect(response.statusCode, response.body).toBe(200);
      const mine = (await expected(keep)).length;
      expect(mine).toBeGreaterThan(0);
      expect(response.json().total, query).toBe(mine);
    }
  });

  it("gives each entry as the screen reads it: the date as toISOString writes it, the changes or null", async () => {
    const page = await list("search=coordonnees");
    expect(page).toMatchObject({ total: 1, totalCapped: false, page: 1, pageSize: 1000 });
    expect(page.items[0]).toMatchObject({
      occurredAt: "2026-01-02T09:00:00.000Z",
      actorLabel: "Hélène Lambert",
      entityId: "1",
      changes: { city: { from: "Lyon", to: "Villeurbanne" } },
    });
    expect((await list("search=enregistree")).items[0]).toMatchObject({
      summary: "Demande enregistrée",
      changes: null,
    });
  });

  it("sorts by date with the newest first, ties by id; by a label with the date and id in the same direction", async () => {
    const all = await expected(() => true);
    const byDateDesc = [...all].sort(
      (a, b) => b.occurredAt.getTime() - a.occurredAt.getTime() || (a.id < b.id ? 1 : -1),
    );
    expect((await list("pageSize=1000")).items.map((r) => r.id)).toEqual(byDateDesc.map((r) => r.id));
    // The labels in the database's collation.
    const labels = (
      await ctx.handle.db.selectDistinct({ label: auditLog.actorLabel }).from(auditLog).orderBy(auditLog.actorLabel)
    ).map((r) => r.label);
    for (const direction of ["asc", "desc"] as const) {
      const sign = direction === "asc" ? 1 : -1;
      const byAuthor = [...all].sort(
        (a, b) =>
          sign *
          (labels.indexOf(a.actorLabel) - labels.indexOf(b.actorLabel) ||
            a.occurredAt.getTime() - b.occurredAt.getTime() ||
            (a.id < b.id ? -1 : 1)),
      );
      const page = await list(`pageSize=1000&sort=actorLabel&direction=${direction}`);
      expect(page.items.map((r) => r.id)).toEqual(byAuthor.map((r) => r.id));
    }
    // Page 2 follows page 1 in the same order.
    const [first, second] = [await list("pageSize=2&sort=action"), await list("pageSize=2&page=2&sort=action")];
    const whole = await list("pageSize=4&sort=action");
    expect([...first.items, ...second.items].map((r) => r.id)).toEqual(whole.items.map((r) => r.id));
  });

  it("searches every word in the summary or the author, without accents or case, and counts the matches", async () => {
    const hits = async (search: string) => {
      const page = await list(`pageSize=1000&search=${encodeURIComponent(search)}`);
      expect(page.total).toBe(page.items.length);
      return page.items.map((r) => r.summary).sort();
    };
    expect(await hits("essms CREE")).toEqual(["ESSMS créé (n° 1)", "ESSMS créé (n° 4)"]);
    expect(await hits("oeuvre cedres")).toEqual(["Demande modifiée (Œuvre des Cèdres)"]);
    // One word in the summary, the other in the author.
    expect(await hits("essms helene")).toEqual(["Coordonnées de l'ESSMS modifiées", "ESSMS créé (n° 1)"]);
    // A word never spans the summary and the author.
    expect(await hits("enregistréeJulien")).toEqual([]);
    expect(await hits("100%")).toEqual([]);
  });

  it("shows each user their own entries with their count", async () => {
    const other = await buildUser(ctx.handle.db, "DIR");
    await ctx.handle.db.insert(auditLog).values(
      ["a", "b", "c"].map((id) => ({
        actorId: other.id,
        actorLabel: "Autre",
        action: "update",
        entityType: "client",
        entityId: id,
        summary: "Modifié",
      })),
    );
    const session = await signIn(ctx, other.identifier);
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/audit-log/mine?pageSize=2",
      headers: session.bearer,
    });
    const page = response.json() as Page;
    // Signing in wrote a "login" entry of theirs too.
    const [mine] = await ctx.handle.db.select({ n: count() }).from(auditLog).where(eq(auditLog.actorId, other.id));
    expect(page.total).toBe(mine?.n);
    expect(page.items).toHaveLength(2);
  });

  it("filters by whole Paris days, whatever the server's time zone", async () => {
    await ctx.handle.db.insert(auditLog).values(
      [
        ["2026-06-30T21:59:00Z", "le 30 juin à 23 h 59 à Paris"],
        ["2026-06-30T22:00:00Z", "le 1er juillet à minuit à Paris"],
        ["2026-07-01T21:59:00Z", "le 1er juillet à 23 h 59 à Paris"],
        ["2026-07-01T22:00:00Z", "le 2 juillet à minuit à Paris"],
      ].map(([at, summary]) => ({
        occurredAt: new Date(at as string),
        actorLabel: "Horloge",
        action: "update",
        entityType: "paris-day",
        entityId: "1",
        summary: summary as string,
      })),
    );
    const page = await list("entityType=paris-day&from=2026-07-01&to=2026-07-01");
    expect(page.items.map((r) => r.summary).sort()).toEqual([
      "le 1er juillet à 23 h 59 à Paris",
      "le 1er juillet à minuit à Paris",
    ]);
    expect(page.total).toBe(2);
    expect((await list("entityType=paris-day&from=2026-07-02")).total).toBe(1);
    expect((await list("entityType=paris-day&to=2026-06-30")).total).toBe(1);
  });

  it("counts a frequent search up to the cap and says so; below it, the exact count", async () => {
    await ctx.handle.db.execute(sql`
      insert into audit_log (occurred_at, actor_label, action, entity_type, entity_id, summary)
      select now() - make_interval(secs => i), 'Comptable', 'create', 'invoice', i::text,
             'Règlement reçu n° ' || i || case when i <= 3 then ' (virement)' else '' end
      from generate_series(1, ${AUDIT_COUNT_CAP + 1}) as i`);
    const frequent = await list("pageSize=50&search=reglement");
    expect(frequent).toMatchObject({ total: AUDIT_COUNT_CAP, totalCapped: true });
    expect(frequent.items).toHaveLength(50);
    // The pages go as far as the cap.
    const last = await list(`pageSize=50&page=${AUDIT_COUNT_CAP / 50}&search=reglement`);
    expect(last.items).toHaveLength(50);
    expect(await list("pageSize=50&search=reglement%20virement")).toMatchObject({ total: 3, totalCapped: false });
    // Without a search the total is exact, read from the counts.
    const all = await list("pageSize=1&entityType=invoice");
    expect(all).toMatchObject({ total: AUDIT_COUNT_CAP + 1, totalCapped: false });
  });

  it("keeps the counts exact through deletes, updates and a truncate (a restore)", async () => {
    const counted = async () => {
      const rows = await ctx.handle.db
        .select({ type: auditLogCounts.entityType, action: auditLogCounts.action, n: auditLogCounts.n })
        .from(auditLogCounts);
      const nonZero = rows.filter((r) => Number(r.n) !== 0).map((r) => `${r.type}/${r.action}=${Number(r.n)}`);
      const actual = await ctx.handle.db
        .select({ type: auditLog.entityType, action: auditLog.action, n: count() })
        .from(auditLog)
        .groupBy(auditLog.entityType, auditLog.action);
      const grouped = new Map<string, number>();
      for (const r of rows)
        grouped.set(`${r.type}/${r.action}`, (grouped.get(`${r.type}/${r.action}`) ?? 0) + Number(r.n));
      expect(
        [...grouped]
          .filter(([, n]) => n !== 0)
          .map(([k, n]) => `${k}=${n}`)
          .sort(),
      ).toEqual(actual.map((r) => `${r.type}/${r.action}=${r.n}`).sort());
      return nonZero.length;
    };
    await counted();
    await ctx.handle.db.update(auditLog).set({ action: "status" }).where(eq(auditLog.entityId, "2"));
    await counted();
    await ctx.handle.db.delete(auditLog).where(eq(auditLog.entityType, "request"));
    await counted();
    expect((await list("pageSize=1")).total).toBe((await expected(() => true)).length);
    await ctx.handle.db.execute(sql`truncate audit_log`);
    expect(await counted()).toBe(0);
    expect((await list("pageSize=1")).total).toBe(0);
  });
});

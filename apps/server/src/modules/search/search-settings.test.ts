import { SEARCH_KINDS, type SearchSettings } from "@certidesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories.js";
import { idsByKind, search, searchWorld } from "../../../test/search-fixtures.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";

/** Settings › Recherche: which kinds are searched, how many results each shows. */
describe("search settings", () => {
  let ctx: TestContext;
  let dir: Session;
  let qse: Session;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.handle.db;
    dir = await signIn(ctx, (await buildUser(db, "DIR")).identifier);
    qse = await signIn(ctx, (await buildUser(db, "QSE")).identifier);
    await searchWorld(ctx, dir, "Locronan", 2048);
  });
  afterAll(() => ctx.close());

  const read = async (session: Session) => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/settings/search", headers: session.bearer });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SearchSettings;
  };
  const save = (session: Session, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: "PUT", url: "/api/settings/search", headers: session.bearer, payload });

  it("searches every kind, five results each, until someone changes it", async () => {
    expect(await read(qse)).toEqual({ kinds: [...SEARCH_KINDS], resultsPerKind: 5, version: 1 });
  });

  it("leaves out the kinds unticked and keeps as many results per kind as asked", async () => {
    const before = await read(qse);
    const saved = await save(qse, {
      kinds: SEARCH_KINDS.filter((k) => k !== "mail" && k !== "document"),
      resultsPerKind: 1,
      version: before.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ resultsPerKind: 1, version: before.version + 1 });
    const found = await search(ctx, dir, "locronan");
    expect(found.groups.map((g) => g.kind)).not.toContain("mail");
    expect(found.groups.map((g) => g.kind)).not.toContain("document");
    expect(found.groups.length).toBeGreaterThan(3);
    for (const group of found.groups) expect(group.results, group.kind).toHaveLength(1);
    const log = await ctx.app.inject({ method: "GET", url: "/api/audit-log?search=recherche", headers: dir.bearer });
    expect(log.body).toContain("Recherche : 9 sortes d'enregistrements cherchées sur 11, 1 résultat par sorte");
    const back = await save(qse, { kinds: [...SEARCH_KINDS], resultsPerKind: 5, version: before.version + 1 });
    expect(back.statusCode, back.body).toBe(200);
    expect(idsByKind(await search(ctx, dir, "locronan")).mail).toHaveLength(1);
  });

  it("refuses a stale version, and bad values with their reason in French, changing nothing", async () => {
    const current = await read(qse);
    const stale = await save(qse, { kinds: ["client"], resultsPerKind: 3, version: current.version - 1 });
    expect(stale.statusCode).toBe(409);
    for (const [payload, reason] of [
      [{ kinds: [], resultsPerKind: 5 }, /au moins une sorte/],
      [{ kinds: ["client", "client"], resultsPerKind: 5 }, /qu'une fois/],
      [{ kinds: ["client", "planet"], resultsPerKind: 5 }, /inconnue/],
      [{ kinds: ["client"], resultsPerKind: 0 }, /Au moins 1 résultat/],
      [{ kinds: ["client"], resultsPerKind: 21 }, /20 résultats par sorte au plus/],
      [{ kinds: ["client"], resultsPerKind: 2.5 }, /entier/],
    ] as const) {
      const refused = await save(qse, { ...payload, version: current.version });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(refused.json()), JSON.stringify(payload)).toMatch(reason);
    }
    expect(await read(qse)).toEqual(current);
  });

  it("is read with SETTING read and changed with SETTING update only", async () => {
    const cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    const readByCc = await ctx.app.inject({ method: "GET", url: "/api/settings/search", headers: cc.bearer });
    expect(readByCc.statusCode).toBe(403);
    expect(errorOf(readByCc).code).toBe("FORBIDDEN");
    const cmadmin = await signIn(ctx, (await buildUser(ctx.handle.db, "CMADMIN")).identifier);
    const current = await read(cmadmin);
    expect((await save(cmadmin, { kinds: ["client"], resultsPerKind: 3, version: current.version })).statusCode).toBe(
      403,
    );
  });
});

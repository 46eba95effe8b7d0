import type { ProfileType, SavedView } from "@certidesk/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { auditLog, savedViews } from "../../db/schema/index.js";

describe("saved views", () => {
  let ctx: TestContext;
  const s = {} as Record<"dir" | "cc" | "cc2" | "cpi" | "auditeur", Session>;

  beforeAll(async () => {
    ctx = await createTestApp();
    const make = async (p: ProfileType, firstName: string) =>
      signIn(ctx, (await buildUser(ctx.handle.db, p, { firstName, lastName: p })).identifier);
    s.dir = await make("DIR", "Anne");
    s.cc = await make("CC", "Julien");
    s.cc2 = await make("CC", "Léa");
    s.cpi = await make("CPI", "Chloé");
    s.auditeur = await make("AUDITEUR", "Élise");
  });
  afterAll(() => ctx.close());

  const call = (session: Session, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: session.bearer, payload });
  const views = async (session: Session, list = "clients") => {
    const response = await call(session, "GET", `/api/saved-views?list=${list}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SavedView[];
  };
  const create = async (session: Session, body: object) => {
    const response = await call(session, "POST", "/api/saved-views", { listKey: "clients", ...body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: string; version: number };
  };

  it("keeps a user's own view, with its query and ordered columns, visible to nobody else", async () => {
    const { id } = await create(s.cc, {
      name: "Mes EHPAD",
      query: "q=ehpad&tri=-city",
      columns: ["city", "raisonSocial"],
    });
    const [view] = await views(s.cc);
    expect(view).toMatchObject({
      id,
      name: "Mes EHPAD",
      query: "q=ehpad&tri=-city",
      columns: ["city", "raisonSocial"],
      sharedProfileType: null,
      mine: true,
      ownerName: "Julien CC",
    });
    expect(await views(s.cc2)).toEqual([]);
    expect(await views(s.cc, "missions")).toEqual([]);
    const [entry] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "saved-view"), eq(auditLog.entityId, id)));
    expect(entry?.summary).toBe("Vue « Mes EHPAD » enregistrée (liste clients)");
    // Another user may neither see nor change it: 404, as if it did not exist.
    const put = await call(s.cc2, "PUT", `/api/saved-views/${id}`, { name: "Volée", version: 1 });
    expect(put.statusCode).toBe(404);
    expect(errorOf(put).message).toBe("Vue introuvable.");
    expect((await call(s.cc2, "DELETE", `/api/saved-views/${id}?version=1`)).statusCode).toBe(404);
  });

  it("shares a view with a profile read-only, and only with SETTING in modification", async () => {
    const refused = await call(s.cc, "POST", "/api/saved-views", {
      listKey: "clients",
      name: "Pour tous",
      sharedProfileType: "CC",
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(
      "Partager une vue avec un profil demande le droit Paramètres en modification.",
    );
    expect(await ctx.handle.db.select().from(savedViews).where(eq(savedViews.name, "Pour tous"))).toEqual([]);

    const { id } = await create(s.dir, { name: "Clients actifs", query: "filtre=active", sharedProfileType: "CC" });
    const seen = await views(s.cc2);
    expect(seen.map((v) => [v.name, v.mine, v.ownerName])).toEqual([["Clients actifs", false, "Anne DIR"]]);
    expect(await views(s.cpi)).toEqual([]);
    const put = await call(s.cc2, "PUT", `/api/saved-views/${id}`, { name: "Renommée", version: 1 });
    expect(put.statusCode).toBe(403);
    expect((await call(s.cc2, "DELETE", `/api/saved-views/${id}?version=1`)).statusCode).toBe(403);
    expect((await views(s.cc2))[0]?.name).toBe("Clients actifs");
  });

  it("reports a view changed meanwhile, a name already used, and deletes with the version read", async () => {
    const { id } = await create(s.cpi, { name: "Planning", query: "statut=PLANNED" });
    const first = await call(s.cpi, "PUT", `/api/saved-views/${id}`, { name: "Planning à venir", version: 1 });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await call(s.cpi, "PUT", `/api/saved-views/${id}`, { name: "Autre nom", version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await views(s.cpi))[0]?.name).toBe("Planning à venir");

    await create(s.cpi, { name: "Second" });
    const duplicate = await call(s.cpi, "POST", "/api/saved-views", { listKey: "clients", name: "Second" });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate).message).toBe(
      "Vous avez déjà une vue « Second » sur cette liste : choisissez un autre nom.",
    );
    const renameOnto = await call(s.cpi, "PUT", `/api/saved-views/${id}`, { name: "Second", version: 2 });
    expect(renameOnto.statusCode).toBe(409);

    expect((await call(s.cpi, "DELETE", `/api/saved-views/${id}?version=1`)).statusCode).toBe(409);
    const removed = await call(s.cpi, "DELETE", `/api/saved-views/${id}?version=2`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await views(s.cpi)).map((v) => v.name)).toEqual(["Second"]);
  });

  it("refuses bad input in French and writes nothing", async () => {
    const before = (await ctx.handle.db.select().from(savedViews)).length;
    const cases: [object, string][] = [
      [{ listKey: "clients", name: "  " }, "Donnez un nom à la vue."],
      [{ listKey: "Clients!", name: "Vue" }, "Liste inconnue."],
      [{ listKey: "clients", name: "Vue", columns: [] }, "Gardez au moins une colonne."],
      [{ listKey: "clients", name: "Vue", columns: ["city", "city"] }, "Une colonne n'apparaît qu'une fois."],
      [{ listKey: "clients", name: "Vue", sharedProfileType: "PIRATE" }, "Profil inconnu."],
      [{ listKey: "clients", name: "x".repeat(61) }, "Le nom d'une vue tient en 60 caractères au plus."],
    ];
    for (const [body, message] of cases) {
      const response = await call(s.auditeur, "POST", "/api/saved-views", body);
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).toContain(message);
    }
    expect((await ctx.handle.db.select().from(savedViews)).length).toBe(before);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEssms, buildGestionnaire, buildLegalEntity, buildUser } from "../../../test/factories.js";
import { signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { clients, gestionnaires, legalEntities } from "../../db/schema/index.js";

/**
 * The gestionnaire list reads its counts (legal entities, establishments, clients) from columns the database
 * keeps (migration `lists_at_scale`'s triggers): every write that changes them moves them in the same statement.
 */
describe("gestionnaire list counts", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const counts = async (id: string) => {
    const [row] = await ctx.handle.db
      .select({
        entities: gestionnaires.legalEntityCount,
        establishments: gestionnaires.establishmentCount,
        clients: gestionnaires.clientCount,
      })
      .from(gestionnaires)
      .where(eq(gestionnaires.id, id));
    return row;
  };

  it("follows the legal entities and establishments: added, made clients, moved, deleted", async () => {
    const { db } = ctx.handle;
    const g = await buildGestionnaire(db);
    const other = await buildGestionnaire(db);
    expect(await counts(g.id)).toEqual({ entities: 0, establishments: 0, clients: 0 });
    const entity = await buildLegalEntity(db, { gestionnaireId: g.id });
    const client = await buildEssms(db, { legalEntityId: entity.id });
    const prospect = await buildEssms(db, { legalEntityId: entity.id, prospect: true });
    expect(await counts(g.id)).toEqual({ entities: 1, establishments: 2, clients: 1 });
    await db.update(clients).set({ clientSince: new Date() }).where(eq(clients.id, prospect.id));
    expect(await counts(g.id)).toEqual({ entities: 1, establishments: 2, clients: 2 });
    const second = await buildLegalEntity(db, { gestionnaireId: other.id });
    await db.update(clients).set({ legalEntityId: second.id }).where(eq(clients.id, client.id));
    expect(await counts(g.id)).toEqual({ entities: 1, establishments: 1, clients: 1 });
    expect(await counts(other.id)).toEqual({ entities: 1, establishments: 1, clients: 1 });
    await db.update(legalEntities).set({ gestionnaireId: other.id }).where(eq(legalEntities.id, entity.id));
    expect(await counts(g.id)).toEqual({ entities: 0, establishments: 0, clients: 0 });
    expect(await counts(other.id)).toEqual({ entities: 2, establishments: 2, clients: 2 });
    await db.delete(clients).where(eq(clients.id, client.id));
    expect(await counts(other.id)).toEqual({ entities: 2, establishments: 1, clients: 1 });
  });

  it("sorts the list by establishments and searches without accents", async () => {
    const { db } = ctx.handle;
    const big = await buildGestionnaire(db, { raisonSocial: "Fondation Hélios", city: "Besançon" });
    const entity = await buildLegalEntity(db, { gestionnaireId: big.id });
    for (let i = 0; i < 3; i++) await buildEssms(db, { legalEntityId: entity.id });
    const session = await signIn(ctx, (await buildUser(db, "DIR")).identifier);
    const list = async (query: string) =>
      (await ctx.app.inject({ method: "GET", url: `/api/gestionnaires?${query}`, headers: session.bearer })).json() as {
        items: Array<{ raisonSocial: string; establishments: number }>;
        total: number;
      };
    const bySize = await list("sortKey=establishments&direction=desc&pageSize=1");
    expect(bySize.items[0]).toMatchObject({ raisonSocial: "Fondation Hélios", establishments: 3 });
    const found = await list("search=helios%20BESANCON");
    expect(found.total).toBe(1);
    expect(found.items.map((r) => r.raisonSocial)).toEqual(["Fondation Hélios"]);
    // The same shape (two words) with other values: they are the prepared statement's parameters.
    await buildGestionnaire(db, { raisonSocial: "Association Séléné", city: "Besançon" });
    const other = await list("search=selene%20besancon");
    expect(other.items.map((r) => r.raisonSocial)).toEqual(["Association Séléné"]);
    const both = await list("search=besancon&sortKey=raisonSocial&direction=asc&pageSize=1&page=2");
    expect({ total: both.total, names: both.items.map((r) => r.raisonSocial) }).toEqual({
      total: 2,
      names: ["Fondation Hélios"],
    });
    const past = await list("search=besancon&sortKey=raisonSocial&direction=asc&pageSize=1&page=3");
    expect({ total: past.total, names: past.items }).toEqual({ total: 2, names: [] });
  });
});

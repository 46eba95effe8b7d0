import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories.js";
import { idsByKind, search, searchWorld } from "../../../test/search-fixtures.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { clients } from "../../db/schema/index.js";

describe("global search", () => {
  let ctx: TestContext;
  let dir: Session;
  let world: Awaited<ReturnType<typeof searchWorld>>;

  beforeAll(async () => {
    ctx = await createTestApp();
    dir = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
    world = await searchWorld(ctx, dir, "Kerlouan", 2047);
    await ctx.handle.db
      .update(clients)
      .set({ siret: "123 456 789 00012", postalCode: "29880", city: "Plouguerneau" })
      .where(eq(clients.id, world.north.clientId));
  });
  afterAll(() => ctx.close());

  it("finds every kind of record by a word of its name, grouped by kind, each opening its record", async () => {
    const found = await search(ctx, dir, "kerlouan");
    const ids = idsByKind(found);
    expect(ids.client).toEqual(expect.arrayContaining([world.north.clientId, world.south.clientId]));
    expect(ids.gestionnaire).toEqual([world.gestionnaire.id]);
    expect(ids.contact).toEqual([world.contactId]);
    expect(ids.request).toEqual(expect.arrayContaining([world.north.contract.requestId]));
    expect(ids.mission).toEqual(expect.arrayContaining([world.north.mission.id, world.south.mission.id]));
    expect(ids.invoice).toEqual(expect.arrayContaining([world.invoices.north, world.invoices.south]));
    expect(ids.evaluator).toEqual(expect.arrayContaining([world.north.evaluator.id, world.south.evaluator.id]));
    // Five per kind (the default of Settings › Recherche): five of the six documents.
    expect(ids.document).toHaveLength(5);
    expect(Object.values(world.documents)).toEqual(expect.arrayContaining(ids.document ?? []));
    expect(ids.mail).toEqual([world.mailId]);
    const result = (kind: string, id: string) =>
      found.groups.find((g) => g.kind === kind)?.results.find((r) => r.id === id);
    expect(result("client", world.north.clientId)).toMatchObject({
      title: "Résidence Kerlouan Nord",
      path: `/app/timeline-client/${world.north.clientId}`,
      corrected: false,
    });
    expect(result("mission", world.north.mission.id)?.path).toBe(
      `/app/mission/${world.north.clientId}/${world.north.mission.id}`,
    );
    expect(result("invoice", world.invoices.north)).toMatchObject({
      title: "F-2047-0001",
      path: `/app/facture/${world.invoices.north}`,
    });
    expect(result("contact", world.contactId)?.path).toBe(`/app/timeline-client/${world.north.clientId}`);
    expect(result("gestionnaire", world.gestionnaire.id)?.path).toBe(`/app/gestionnaire/${world.gestionnaire.id}`);
    expect(result("evaluator", world.north.evaluator.id)?.path).toBe(`/app/evaluateur/${world.north.evaluator.id}`);
  });

  it("finds quotes and contracts by their number, with or without its prefix and separators", async () => {
    for (const typed of ["D-2047-0001", "d20470001", "2047-0001", "20470001", "d 2047 0001"]) {
      const ids = idsByKind(await search(ctx, dir, typed));
      expect(ids.quote, typed).toEqual([world.quoteId]);
    }
    const contract = world.north.contract;
    expect(idsByKind(await search(ctx, dir, contract.number.replace(/-/g, ""))).contract).toEqual([contract.id]);
    const asWritten = idsByKind(await search(ctx, dir, contract.number));
    expect(asWritten.contract).toEqual([contract.id]);
    expect(asWritten.mission, "a mission by its contract's number").toEqual([world.north.mission.id]);
    const request = await ctx.app.inject({
      method: "GET",
      url: `/api/requestclients/${contract.requestId}`,
      headers: dir.bearer,
    });
    const reference = (request.json() as { reference: string }).reference;
    expect(idsByKind(await search(ctx, dir, reference.replace(/-/g, " "))).request).toEqual([contract.requestId]);
  });

  it("finds invoices by number and by amount, the exact number first", async () => {
    const byNumber = await search(ctx, dir, "F 2047 0001");
    expect(idsByKind(byNumber).invoice?.[0]).toBe(world.invoices.north);
    expect(idsByKind(await search(ctx, dir, "f20470002")).invoice).toEqual([world.invoices.south]);
    for (const amount of ["3 900,00", "3900", "3900.00", "3 900 €"])
      expect(idsByKind(await search(ctx, dir, amount)).invoice, amount).toEqual([world.invoices.north]);
    expect(idsByKind(await search(ctx, dir, "1500,5")).invoice).toEqual([world.invoices.south]);
  });

  it("finds a contact by a phone number in any spacing, an establishment by its SIRET", async () => {
    for (const phone of ["06 98 76 54 32", "0698765432", "+33 6 98 76 54 32", "+33698765432", "06.98.76.54.32"])
      expect(idsByKind(await search(ctx, dir, phone)).contact, phone).toEqual([world.contactId]);
    for (const siret of ["12345678900012", "123 456 789 00012", "123456789"])
      expect(idsByKind(await search(ctx, dir, siret)).client, siret).toEqual([world.north.clientId]);
  });

  it("ignores accents and case, takes the words in any order, and ranks the exact name first", async () => {
    for (const typed of ["RÉSIDENCE kerlouan nord", "nord Residence KERLOUAN", "plouguerneau kerlouan"]) {
      const found = await search(ctx, dir, typed);
      expect(found.groups[0]?.kind, typed).toBe("client");
      expect(found.groups[0]?.results[0]?.id, typed).toBe(world.north.clientId);
    }
  });

  it("forgives one typo in a word of five letters or more, and says so", async () => {
    for (const typed of ["Kerloaun", "Kerlouann", "kerluan", "Kerlowan nord", "plouguernaeu"]) {
      const client = (await search(ctx, dir, typed)).groups.find((g) => g.kind === "client");
      expect(
        client?.results.map((r) => r.id),
        typed,
      ).toContain(world.north.clientId);
      expect(
        client?.results.every((r) => r.corrected),
        typed,
      ).toBe(true);
    }
    // A word being typed is the start of a known word: not corrected ("kerlo" finds "kerlouan" as it is).
    const typing = (await search(ctx, dir, "kerlo")).groups.find((g) => g.kind === "client");
    expect(typing?.results.some((r) => r.corrected)).toBe(false);
    // Two typos, or one in a word of four letters: nothing.
    expect((await search(ctx, dir, "Kreloaun")).groups).toEqual([]);
    expect(idsByKind(await search(ctx, dir, "Yevs")).evaluator).toBeUndefined();
    // The dictionary follows the data: a name given now is forgiven its typo at once.
    await ctx.handle.db
      .update(clients)
      .set({ raisonSocial: "Résidence Tréglonou" })
      .where(eq(clients.id, world.south.clientId));
    expect(idsByKind(await search(ctx, dir, "treglnou")).client).toEqual([world.south.clientId]);
  });

  it("answers nothing for an empty search or words of one or two characters alone", async () => {
    expect((await search(ctx, dir, "")).groups).toEqual([]);
    expect((await search(ctx, dir, "  ")).groups).toEqual([]);
    expect((await search(ctx, dir, "k e")).groups).toEqual([]);
    // A short word beside a longer one narrows what the longer one finds.
    expect(idsByKind(await search(ctx, dir, "kerlouan no")).client).toEqual([world.north.clientId]);
  });

  it("refuses a search too long or holding control characters, in French", async () => {
    const long = await ctx.app.inject({ method: "GET", url: `/api/search?q=${"a".repeat(201)}`, headers: dir.bearer });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).message).toMatch(/200/);
    const control = await ctx.app.inject({ method: "GET", url: "/api/search?q=a%01b", headers: dir.bearer });
    expect(control.statusCode).toBe(400);
    expect(errorOf(control).message).toMatch(/caract/i);
    expect((await ctx.app.inject({ method: "GET", url: "/api/search?q=kerlouan" })).statusCode).toBe(401);
  });
});

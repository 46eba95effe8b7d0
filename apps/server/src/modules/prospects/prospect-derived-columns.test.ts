import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildContract,
  buildEssms,
  buildGestionnaire,
  buildLegalEntity,
  buildRequest,
} from "../../../test/factories.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import {
  clients,
  contacts,
  contracts,
  gestionnaires,
  legalEntities,
  quotes,
  requestClients,
  requestEstablishments,
  requestTabCounts,
} from "../../db/schema/index.js";

/**
 * The prospect list reads the establishment count, the first establishment, the name shown, the contact's name,
 * the search text and the tab from columns the database keeps (migration `lists_at_scale`'s triggers and a
 * generated column): every write that changes them must move them in the same statement, whatever wrote.
 */
describe("prospect list derived columns", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const read = async (id: string) => {
    const [row] = await ctx.handle.db
      .select({
        count: requestClients.establishmentCount,
        postalCode: requestClients.firstPostalCode,
        city: requestClients.firstCity,
        name: requestClients.displayName,
        contact: requestClients.contactName,
        search: requestClients.searchText,
        tab: requestClients.listTab,
        establishments: requestClients.establishmentsJson,
        tooltip: requestClients.establishmentsTooltip,
      })
      .from(requestClients)
      .where(eq(requestClients.id, id));
    return row;
  };

  it("follows the establishments, their names and places, the legal entity and the contact", async () => {
    const { db } = ctx.handle;
    const entity = await buildLegalEntity(db, { raisonSocial: "Œuvre des Cèdres" });
    const zola = await buildEssms(db, {
      legalEntityId: entity.id,
      raisonSocial: "Résidence Zola",
      postalCode: "42000",
      city: "Saint-Étienne",
      finess: "420000017",
    });
    const [contact] = await db
      .insert(contacts)
      .values({ firstName: "Élise", lastName: "Durand", legalEntityId: entity.id })
      .returning();
    const request = await buildRequest(db, {
      clientIds: [zola.id],
      contactId: contact?.id,
      reference: "DEM-2026-0042",
    });
    expect(await read(request.id)).toEqual({
      count: 1,
      postalCode: "42000",
      city: "Saint-Étienne",
      name: "Résidence Zola",
      contact: "Élise Durand",
      search: "dem-2026-0042 oeuvre des cedres elise durand residence zola saint-etienne 420000017 42000",
      tab: "OPEN",
      establishments: [{ id: zola.id, raisonSocial: "Résidence Zola" }],
      tooltip: "Résidence Zola — 42000 Saint-Étienne",
    });

    // A second establishment, first by name: the legal entity's name is shown, its place is the first's.
    const alpha = await buildEssms(db, {
      legalEntityId: entity.id,
      raisonSocial: "Accueil Alpha",
      postalCode: "69001",
      city: "Lyon",
      finess: null,
    });
    await db.insert(requestEstablishments).values({ requestId: request.id, clientId: alpha.id });
    expect(await read(request.id)).toMatchObject({
      count: 2,
      postalCode: "69001",
      city: "Lyon",
      name: "Œuvre des Cèdres",
      establishments: [
        { id: alpha.id, raisonSocial: "Accueil Alpha" },
        { id: zola.id, raisonSocial: "Résidence Zola" },
      ],
      tooltip: "Accueil Alpha — 69001 Lyon\nRésidence Zola — 42000 Saint-Étienne",
    });
    expect((await read(request.id))?.search).toContain("accueil alpha lyon 69001");

    await db.update(clients).set({ postalCode: "69009", city: "Lyon 9e" }).where(eq(clients.id, alpha.id));
    expect(await read(request.id)).toMatchObject({ postalCode: "69009", city: "Lyon 9e" });
    expect((await read(request.id))?.tooltip).toBe(
      "Accueil Alpha — 69009 Lyon 9e\nRésidence Zola — 42000 Saint-Étienne",
    );
    await db.update(clients).set({ raisonSocial: "Villa Zénith", postalCode: "" }).where(eq(clients.id, alpha.id));
    expect(await read(request.id)).toMatchObject({
      postalCode: "42000",
      city: "Saint-Étienne",
      establishments: [
        { id: zola.id, raisonSocial: "Résidence Zola" },
        { id: alpha.id, raisonSocial: "Villa Zénith" },
      ],
      tooltip: "Résidence Zola — 42000 Saint-Étienne\nVilla Zénith — Lyon 9e",
    });
    await db.update(legalEntities).set({ raisonSocial: "Fondation Nouvelle" }).where(eq(legalEntities.id, entity.id));
    expect(await read(request.id)).toMatchObject({ name: "Fondation Nouvelle" });
    expect((await read(request.id))?.search).toContain("fondation nouvelle");

    await db
      .update(contacts)
      .set({ lastName: "Martin" })
      .where(eq(contacts.id, contact?.id ?? ""));
    expect((await read(request.id))?.contact).toBe("Élise Martin");
    await db.delete(contacts).where(eq(contacts.id, contact?.id ?? ""));
    expect((await read(request.id))?.contact).toBe("");

    await db.delete(requestEstablishments).where(eq(requestEstablishments.clientId, zola.id));
    expect(await read(request.id)).toMatchObject({
      count: 1,
      name: "Villa Zénith",
      postalCode: "",
      establishments: [{ id: alpha.id, raisonSocial: "Villa Zénith" }],
      tooltip: "Villa Zénith — Lyon 9e",
    });
    await db.delete(requestEstablishments).where(eq(requestEstablishments.requestId, request.id));
    expect(await read(request.id)).toMatchObject({
      count: 0,
      name: "Fondation Nouvelle",
      postalCode: null,
      establishments: [],
      tooltip: "",
    });
  });

  /** The requests whose kept row (list_row) differs from what prospect_list_row computes now from its sources. */
  const staleRows = async () =>
    (
      await ctx.handle.queryRaw<{ reference: string }>(
        "select reference from request_clients r where list_row is distinct from prospect_list_row(r)",
      )
    ).map((r) => r.reference);
  const listRow = async (id: string) => {
    const [row] = await ctx.handle.db
      .select({ row: requestClients.listRow })
      .from(requestClients)
      .where(eq(requestClients.id, id));
    return JSON.parse(row?.row ?? "null") as Record<string, unknown> | null;
  };

  it("keeps each request's list row: its quotes, contracts, entity, gestionnaire, contact and own fields", async () => {
    const { db } = ctx.handle;
    const gestionnaire = await buildGestionnaire(db, { raisonSocial: "Groupe Solaris" });
    const entity = await buildLegalEntity(db, { raisonSocial: "Association Brise", gestionnaireId: gestionnaire.id });
    const essms = await buildEssms(db, { legalEntityId: entity.id, raisonSocial: "MAS Les Genêts" });
    const [contact] = await db
      .insert(contacts)
      .values({ firstName: "Léa", lastName: "Roux", legalEntityId: entity.id })
      .returning();
    const request = await buildRequest(db, { clientIds: [essms.id], contactId: contact?.id });
    expect(await listRow(request.id)).toMatchObject({
      raisonSocial: "MAS Les Genêts",
      legalEntityRaisonSocial: "Association Brise",
      gestionnaireRaisonSocial: "Groupe Solaris",
      isGestionnaire: true,
      contactName: "Léa Roux",
      quote: null,
      contractId: null,
    });
    // Quotes: the latest by creation, then by revision; its status and total follow.
    const quote = (number: string, revision: number, createdAt: string) => ({
      requestId: request.id,
      number,
      revision,
      vatRate: 0.2,
      travelExpenseMode: 1,
      totalHT: 1000,
      totalVAT: 200,
      totalTTC: 1200,
      createdAt: new Date(createdAt),
    });
    const [first] = await db
      .insert(quotes)
      .values(quote("D-ROW-1", 1, "2026-02-01T10:00:00Z"))
      .returning();
    expect((await listRow(request.id))?.quote).toEqual({
      id: first?.id,
      number: "D-ROW-1",
      revision: 1,
      status: "DRAFT",
      totalTTC: 1200,
    });
    const [second] = await db
      .insert(quotes)
      .values(quote("D-ROW-1", 2, "2026-02-01T10:00:00Z"))
      .returning();
    expect((await listRow(request.id))?.quote).toMatchObject({ id: second?.id, revision: 2 });
    await db
      .update(quotes)
      .set({ status: "SENT", totalTTC: 1500 })
      .where(eq(quotes.id, second?.id ?? ""));
    expect((await listRow(request.id))?.quote).toMatchObject({ status: "SENT", totalTTC: 1500 });
    await db.delete(quotes).where(eq(quotes.id, second?.id ?? ""));
    expect((await listRow(request.id))?.quote).toMatchObject({ id: first?.id });
    // Contracts: the latest not cancelled.
    const contract = await buildContract(db, { requestId: request.id, clientIds: [essms.id] });
    expect((await listRow(request.id))?.contractId).toBe(contract.id);
    await db.update(contracts).set({ status: "CANCELLED" }).where(eq(contracts.id, contract.id));
    expect((await listRow(request.id))?.contractId).toBeNull();
    // The gestionnaire renamed, then none; the contact's phone and occupation; the request's own status.
    await db.update(gestionnaires).set({ raisonSocial: "Groupe Zénith" }).where(eq(gestionnaires.id, gestionnaire.id));
    expect((await listRow(request.id))?.gestionnaireRaisonSocial).toBe("Groupe Zénith");
    await db.update(legalEntities).set({ gestionnaireId: null }).where(eq(legalEntities.id, entity.id));
    expect(await listRow(request.id)).toMatchObject({ isGestionnaire: false, gestionnaireRaisonSocial: null });
    await db
      .update(contacts)
      .set({ occupation: "Directrice", mobilePhone: "0611223344" })
      .where(eq(contacts.id, contact?.id ?? ""));
    expect((await listRow(request.id))?.contactDetails).toBe("Directrice | 06 11 22 33 44");
    await db
      .update(requestClients)
      .set({ status: "REFUSE", refusalReason: "Budget" })
      .where(eq(requestClients.id, request.id));
    expect(await listRow(request.id)).toMatchObject({ status: "REFUSE", refusalReason: "Budget" });
    await db.delete(contacts).where(eq(contacts.id, contact?.id ?? ""));
    expect(await listRow(request.id)).toMatchObject({ contact: null, contactName: "" });
    expect(await staleRows()).toEqual([]);
  });

  it("puts each request in its tab (open, refused, signed, archived) and counts each tab's requests", async () => {
    const { db } = ctx.handle;
    /** Each tab's count as kept, and as the requests give it. */
    const tabCounts = async () => {
      const kept = await db.select().from(requestTabCounts);
      const actual = await db
        .select({ tab: requestClients.listTab, n: count() })
        .from(requestClients)
        .groupBy(requestClients.listTab);
      const asMap = (rows: Array<{ tab: string | null; n: number }>) =>
        Object.fromEntries(rows.filter((r) => Number(r.n) !== 0).map((r) => [r.tab, Number(r.n)]));
      expect(asMap(kept.map((r) => ({ tab: r.listTab, n: r.n })))).toEqual(asMap(actual));
      return asMap(actual);
    };
    const before = await tabCounts();
    const request = await buildRequest(ctx.handle.db);
    const tabOf = async () => (await read(request.id))?.tab;
    expect(await tabOf()).toBe("OPEN");
    expect((await tabCounts()).OPEN).toBe((before.OPEN ?? 0) + 1);
    await db.update(requestClients).set({ status: "REFUSE" }).where(eq(requestClients.id, request.id));
    expect(await tabOf()).toBe("REFUSE");
    await tabCounts();
    await db.update(requestClients).set({ status: "SIGNED" }).where(eq(requestClients.id, request.id));
    expect(await tabOf()).toBe("SIGNED");
    await db.update(requestClients).set({ archivedAt: new Date() }).where(eq(requestClients.id, request.id));
    expect(await tabOf()).toBe("ARCHIVE");
    expect((await tabCounts()).ARCHIVE).toBe((before.ARCHIVE ?? 0) + 1);
    await db.delete(requestClients).where(eq(requestClients.id, request.id));
    expect(await tabCounts()).toEqual(before);
  });
});

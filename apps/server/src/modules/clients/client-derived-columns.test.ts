import { and, eq, inArray } from "drizzle-orm";
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
  contractEstablishments,
  contracts,
  gestionnaires,
  legalEntities,
} from "../../db/schema/index.js";
import { foldText } from "../../lib/search-text.js";
import { insertContact, makeMainContact } from "./clients.repository.js";

/**
 * The client list reads the latest contract, the multi-establishment flag (migration 0018_list_performance),
 * its search text and the names it sorts by (the client_search migration) from columns the database
 * keeps: every write that changes them must move them, in the same statement, whatever code path wrote.
 */
describe("client list derived columns", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const read = async (ids: string[]) =>
    new Map(
      (
        await ctx.handle.db
          .select({
            id: clients.id,
            multi: clients.isMultiClient,
            contractId: clients.latestContractId,
            status: clients.latestContractStatus,
          })
          .from(clients)
          .where(inArray(clients.id, ids))
      ).map((r) => [r.id, r]),
    );

  it("follows the establishments of a legal entity: added, moved away, deleted", async () => {
    const { db } = ctx.handle;
    const entity = await buildLegalEntity(db);
    const other = await buildLegalEntity(db);
    const a = await buildEssms(db, { legalEntityId: entity.id });
    expect((await read([a.id])).get(a.id)?.multi).toBe(false);
    const b = await buildEssms(db, { legalEntityId: entity.id });
    let rows = await read([a.id, b.id]);
    expect([rows.get(a.id)?.multi, rows.get(b.id)?.multi]).toEqual([true, true]);
    await db.update(clients).set({ legalEntityId: other.id }).where(eq(clients.id, b.id));
    rows = await read([a.id, b.id]);
    expect([rows.get(a.id)?.multi, rows.get(b.id)?.multi]).toEqual([false, false]);
    const c = await buildEssms(db, { legalEntityId: other.id });
    expect((await read([b.id, c.id])).get(b.id)?.multi).toBe(true);
    await db.delete(clients).where(eq(clients.id, c.id));
    expect((await read([b.id])).get(b.id)?.multi).toBe(false);
  });

  it("follows the latest contract: created, status changed, establishment removed, contract deleted", async () => {
    const { db } = ctx.handle;
    const essms = await buildEssms(db);
    expect((await read([essms.id])).get(essms.id)).toMatchObject({ contractId: null, status: null });
    const request = await buildRequest(db, { clientIds: [essms.id] });
    const first = await buildContract(db, {
      requestId: request.id,
      clientIds: [essms.id],
      createdAt: new Date("2026-01-10T10:00:00Z"),
    });
    expect((await read([essms.id])).get(essms.id)).toMatchObject({ contractId: first.id, status: "DRAFT" });
    await db.update(contracts).set({ status: "SIGNED" }).where(eq(contracts.id, first.id));
    expect((await read([essms.id])).get(essms.id)?.status).toBe("SIGNED");
    const second = await buildContract(db, {
      requestId: request.id,
      clientIds: [essms.id],
      createdAt: new Date("2026-03-10T10:00:00Z"),
    });
    expect((await read([essms.id])).get(essms.id)).toMatchObject({ contractId: second.id, status: "DRAFT" });
    await db.delete(contractEstablishments).where(eq(contractEstablishments.contractId, second.id));
    expect((await read([essms.id])).get(essms.id)).toMatchObject({ contractId: first.id, status: "SIGNED" });
    await db.delete(contracts).where(eq(contracts.id, first.id));
    expect((await read([essms.id])).get(essms.id)).toMatchObject({ contractId: null, status: null });
  });

  /** What the list searched and sorted by, computed here from the sources (folded as the search folds). */
  const fold = (text: string | null | undefined) => (text == null ? null : foldText(text).toLowerCase());
  const expected = async (id: string) => {
    const [row] = await ctx.handle.db
      .select({
        raisonSocial: clients.raisonSocial,
        city: clients.city,
        postalCode: clients.postalCode,
        finess: clients.finess,
        entity: legalEntities.raisonSocial,
        gestionnaire: gestionnaires.raisonSocial,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
      })
      .from(clients)
      .leftJoin(legalEntities, eq(legalEntities.id, clients.legalEntityId))
      .leftJoin(gestionnaires, eq(gestionnaires.id, legalEntities.gestionnaireId))
      .leftJoin(contacts, and(eq(contacts.clientId, clients.id), eq(contacts.isMain, true)))
      .where(eq(clients.id, id));
    if (!row) throw new Error("no client");
    const contact = fold(`${row.firstName ?? ""} ${row.lastName ?? ""}`.trim());
    const fields = [fold(row.raisonSocial), fold(row.city), row.postalCode?.toLowerCase(), row.finess?.toLowerCase()];
    return {
      searchText: [...fields, fold(row.entity), fold(row.gestionnaire), contact].filter((f) => f != null).join(" "),
      contactName: contact,
      gestionnaireName: fold(row.gestionnaire),
    };
  };
  const listColumns = async (id: string) => {
    const [row] = await ctx.handle.db
      .select({
        searchText: clients.searchText,
        contactName: clients.listContactName,
        gestionnaireName: clients.listGestionnaireName,
      })
      .from(clients)
      .where(eq(clients.id, id));
    return row;
  };
  /** The kept list rows (list_row) that differ from what client_list_row computes now from their sources. */
  const staleRows = async (ids: string[]) =>
    (
      await ctx.handle.queryRaw<{ id: string }>(
        "select id from clients c where id = any($1::uuid[]) and list_row is distinct from client_list_row(c)",
        [ids],
      )
    ).map((r) => r.id);
  const expectListColumnsUpToDate = async (...ids: string[]) => {
    for (const id of ids) expect(await listColumns(id), id).toEqual(await expected(id));
    expect(await staleRows(ids)).toEqual([]);
  };
  const listRow = async (id: string) => {
    const [row] = await ctx.handle.db.select({ row: clients.listRow }).from(clients).where(eq(clients.id, id));
    return JSON.parse(row?.row ?? "null") as Record<string, unknown> | null;
  };

  it("fills the search text and sort names of a new establishment, folded and lower-cased", async () => {
    const { db } = ctx.handle;
    const gestionnaire = await buildGestionnaire(db, { raisonSocial: "Œuvre Sainte-Hélène" });
    const entity = await buildLegalEntity(db, {
      raisonSocial: "Association Les Émeraudes",
      gestionnaireId: gestionnaire.id,
    });
    const essms = await buildEssms(db, {
      raisonSocial: "EHPAD Les Tilleuls",
      city: "Saint-Étienne",
      postalCode: "42000",
      finess: "2A0000001",
      legalEntityId: entity.id,
      contact: { firstName: "Zoé", lastName: "Lefèvre" },
    });
    expect(await listColumns(essms.id)).toEqual({
      searchText:
        "ehpad les tilleuls saint-etienne 42000 2a0000001 association les emeraudes oeuvre sainte-helene zoe lefevre",
      contactName: "zoe lefevre",
      gestionnaireName: "oeuvre sainte-helene",
    });
    // Without gestionnaire, city or main contact: no gestionnaire name (sorted last), an empty contact name.
    const bare = await buildEssms(db, { raisonSocial: "SSIAD Bérénice", city: null, finess: null });
    expect(await listColumns(bare.id)).toMatchObject({ contactName: "", gestionnaireName: null });
    await expectListColumnsUpToDate(essms.id, bare.id);
  });

  it("follows the establishment, its legal entity and the gestionnaire: renamed, moved, given another one", async () => {
    const { db } = ctx.handle;
    const gestionnaire = await buildGestionnaire(db);
    const other = await buildGestionnaire(db);
    const entity = await buildLegalEntity(db, { gestionnaireId: gestionnaire.id });
    const second = await buildLegalEntity(db);
    const a = await buildEssms(db, { legalEntityId: entity.id });
    const b = await buildEssms(db, { legalEntityId: entity.id });
    const c = await buildEssms(db, { legalEntityId: second.id });
    await db
      .update(clients)
      .set({ raisonSocial: "Foyer Hébergement Ça Va", city: "Orléans", postalCode: "45000", finess: "450000011" })
      .where(eq(clients.id, a.id));
    await expectListColumnsUpToDate(a.id, b.id);
    expect((await listColumns(a.id))?.searchText).toMatch(/^foyer hebergement ca va orleans 45000 450000011 /);
    await db.update(legalEntities).set({ raisonSocial: "Fondation Déjà Là" }).where(eq(legalEntities.id, entity.id));
    await expectListColumnsUpToDate(a.id, b.id);
    expect((await listColumns(b.id))?.searchText).toContain(" fondation deja la ");
    await db
      .update(gestionnaires)
      .set({ raisonSocial: "Groupe Âges & Vie" })
      .where(eq(gestionnaires.id, gestionnaire.id));
    expect((await listColumns(a.id))?.gestionnaireName).toBe("groupe ages & vie");
    await db.update(legalEntities).set({ gestionnaireId: other.id }).where(eq(legalEntities.id, entity.id));
    await expectListColumnsUpToDate(a.id, b.id);
    await db.update(legalEntities).set({ gestionnaireId: null }).where(eq(legalEntities.id, entity.id));
    expect((await listColumns(b.id))?.gestionnaireName).toBeNull();
    // Moved to another legal entity (with a gestionnaire), then that one is given none.
    await db.update(legalEntities).set({ gestionnaireId: gestionnaire.id }).where(eq(legalEntities.id, second.id));
    await db.update(clients).set({ legalEntityId: second.id }).where(eq(clients.id, b.id));
    await expectListColumnsUpToDate(a.id, b.id, c.id);
    expect((await listColumns(b.id))?.gestionnaireName).toBe("groupe ages & vie");
    // Other writes (the evaluation date) leave them as they are.
    await db.update(clients).set({ evaluationDate: "2027-01-15" }).where(eq(clients.id, c.id));
    await expectListColumnsUpToDate(c.id);
  });

  it("follows the main contact: added, renamed, replaced, moved, deleted", async () => {
    const { db } = ctx.handle;
    const essms = await buildEssms(db);
    const sibling = await buildEssms(db);
    expect((await listColumns(essms.id))?.contactName).toBe("");
    // The first contact of an establishment becomes its main contact (the service's own path).
    const inserted = async (firstName: string, lastName: string) => {
      const contact = await insertContact(db, essms.id, { firstName, lastName }, false);
      if (!contact) throw new Error("contact not inserted");
      return contact;
    };
    const first = await inserted("Hélène", "Dupré");
    expect((await listColumns(essms.id))?.contactName).toBe("helene dupre");
    await expectListColumnsUpToDate(essms.id);
    // Another contact, not main: nothing moves; renamed: still nothing.
    const second = await inserted("Jérôme", "Noël");
    await db.update(contacts).set({ lastName: "Noëlle" }).where(eq(contacts.id, second.id));
    expect((await listColumns(essms.id))?.contactName).toBe("helene dupre");
    // The main contact renamed.
    await db.update(contacts).set({ firstName: "Hélèna" }).where(eq(contacts.id, first.id));
    expect((await listColumns(essms.id))?.contactName).toBe("helena dupre");
    // Another contact made main (as the service does it: the old one unset, then the new one set).
    await makeMainContact(db, essms.id, second.id);
    expect((await listColumns(essms.id))?.contactName).toBe("");
    await db.update(contacts).set({ isMain: true }).where(eq(contacts.id, second.id));
    expect((await listColumns(essms.id))?.contactName).toBe("jerome noelle");
    await expectListColumnsUpToDate(essms.id);
    // Main contact moved to another establishment: both follow.
    await db.update(contacts).set({ clientId: sibling.id }).where(eq(contacts.id, second.id));
    expect((await listColumns(essms.id))?.contactName).toBe("");
    expect((await listColumns(sibling.id))?.contactName).toBe("jerome noelle");
    await expectListColumnsUpToDate(essms.id, sibling.id);
    await db.delete(contacts).where(eq(contacts.id, second.id));
    expect((await listColumns(sibling.id))?.contactName).toBe("");
    await expectListColumnsUpToDate(sibling.id);
    // An establishment deleted with its contacts (cascade): nothing left to update, no error.
    await db.update(contacts).set({ isMain: true }).where(eq(contacts.id, first.id));
    await db.delete(clients).where(eq(clients.id, essms.id));
    expect(await listColumns(essms.id)).toBeUndefined();
  });

  it("keeps each establishment's list row: its own fields, its contract, its entity, gestionnaire and main contact", async () => {
    const { db } = ctx.handle;
    const gestionnaire = await buildGestionnaire(db, { raisonSocial: "Groupe Horizon" });
    const twin = await buildGestionnaire(db, { raisonSocial: "Groupe Horizon" });
    const entity = await buildLegalEntity(db, { raisonSocial: "Association Azur", gestionnaireId: gestionnaire.id });
    const essms = await buildEssms(db, { raisonSocial: "IME Le Phare", legalEntityId: entity.id });
    const sibling = await buildEssms(db, { legalEntityId: entity.id });
    expect(await listRow(essms.id)).toMatchObject({
      raisonSocial: "IME Le Phare",
      legalEntityRaisonSocial: "Association Azur",
      gestionnaireId: gestionnaire.id,
      isMultiClient: true,
      contact: null,
      contactDetails: "",
    });
    // Fields the search does not read: the evaluation date, the address (tooltip), the contract's status.
    await db
      .update(clients)
      .set({ evaluationDate: "2027-02-01", address: "3 rue du Port" })
      .where(eq(clients.id, essms.id));
    expect(await listRow(essms.id)).toMatchObject({ evaluationDate: "2027-02-01" });
    expect(String((await listRow(essms.id))?.tooltip)).toMatch(/^3 rue du Port, /);
    const request = await buildRequest(db, { clientIds: [essms.id] });
    const contract = await buildContract(db, { requestId: request.id, clientIds: [essms.id] });
    await db.update(contracts).set({ status: "SIGNED" }).where(eq(contracts.id, contract.id));
    expect(await listRow(essms.id)).toMatchObject({ status: "SIGNED", contractId: contract.id });
    // Another gestionnaire of the same name: the search texts do not move, the row's id does.
    await db.update(legalEntities).set({ gestionnaireId: twin.id }).where(eq(legalEntities.id, entity.id));
    expect(await listRow(essms.id)).toMatchObject({
      gestionnaireId: twin.id,
      gestionnaireRaisonSocial: "Groupe Horizon",
    });
    // The main contact's phone, mail and occupation (not searched) reach the row.
    const contact = await insertContact(db, essms.id, { firstName: "Inès", lastName: "Martin" }, false);
    if (!contact) throw new Error("contact not inserted");
    await db
      .update(contacts)
      .set({ occupation: "Directrice", mobilePhone: "0612345678", email: "ines@exemple.fr" })
      .where(eq(contacts.id, contact.id));
    expect(await listRow(essms.id)).toMatchObject({
      contactName: "Inès Martin",
      contact: { email: "ines@exemple.fr", mobilePhone: "0612345678" },
      contactDetails: "Directrice | 06 12 34 56 78 | ines@exemple.fr",
    });
    await db.delete(clients).where(eq(clients.id, sibling.id));
    expect(await listRow(essms.id)).toMatchObject({ isMultiClient: false });
    // Kept in ASCII (migration 0039_list_rows_ascii): accents, the tooltip's dash, a character beyond U+FFFF
    // escaped, and read back as they were typed.
    await db.update(clients).set({ raisonSocial: "Œuvre Hélène 🌿" }).where(eq(clients.id, essms.id));
    const [kept] = await db.select({ row: clients.listRow }).from(clients).where(eq(clients.id, essms.id));
    expect(kept?.row).toMatch(/^[ -~]+$/);
    expect(kept?.row).toContain('"raisonSocial" : "\\u0152uvre H\\u00e9l\\u00e8ne \\ud83c\\udf3f"');
    expect(await listRow(essms.id)).toMatchObject({ raisonSocial: "Œuvre Hélène 🌿", contactName: "Inès Martin" });
    expect(await staleRows([essms.id])).toEqual([]);
  });

  it("fills them for rows inserted many per statement (the scale seed, a restore)", async () => {
    const { db } = ctx.handle;
    const entity = await buildLegalEntity(db, { gestionnaireId: (await buildGestionnaire(db)).id });
    const rows = await db
      .insert(clients)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          raisonSocial: `Résidence n° ${i}`,
          city: "Besançon",
          legalEntityId: entity.id,
          clientSince: new Date(),
        })),
      )
      .returning({ id: clients.id });
    await db
      .insert(contacts)
      .values(rows.map((r, i) => ({ clientId: r.id, firstName: "Anaïs", lastName: `Nº${i}`, isMain: i % 2 === 0 })));
    await expectListColumnsUpToDate(...rows.map((r) => r.id));
    expect((await listColumns(rows[0]?.id ?? ""))?.contactName).toBe("anais nº0");
  });
});

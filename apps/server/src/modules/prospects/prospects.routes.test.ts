import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEssms, buildLegalEntity, buildRequest, buildUser } from "../../../test/factories.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { clients, contacts, quotes, requestClients } from "../../db/schema/index.js";
import { walksTheSortIndex } from "../../lib/search-text.js";

type Page = { items: Array<Record<string, unknown>>; total: number };

let ctx: TestContext;
let cc: Session;
const ids: Record<string, string> = {};

/** A new database with the same requests, for each group of tests (a change must not move a list). */
async function open() {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const entity = await buildLegalEntity(db, { raisonSocial: "Association Les Hêtres" });
  const a = await buildEssms(db, {
    raisonSocial: "IME Les Hêtres",
    legalEntityId: entity.id,
    prospect: true,
    postalCode: "35000",
  });
  const b = await buildEssms(db, { raisonSocial: "SESSAD Les Hêtres", legalEntityId: entity.id, prospect: true });
  ids.multi = (await buildRequest(db, { clientIds: [a.id, b.id], reference: "DEM-T-0003", status: "QUOTE_SENT" })).id;
  ids.fresh = (await buildRequest(db, { reference: "DEM-T-0001", dateRelance: "2026-02-01" })).id;
  ids.refused = (
    await buildRequest(db, { reference: "DEM-T-0002", status: "REFUSE", refusalReason: "Autre organisme retenu" })
  ).id;
  ids.signed = (await buildRequest(db, { reference: "DEM-T-0004", status: "SIGNED" })).id;
  ids.archived = (await buildRequest(db, { reference: "DEM-T-0005", archivedAt: new Date() })).id;
  cc = await signIn(ctx, (await buildUser(db, "CC")).identifier);
}

const get = async (url: string, session = cc) => {
  const response = await ctx.app.inject({ method: "GET", url, headers: session.bearer });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
};
const refs = (page: Page) => page.items.map((i) => i.reference);
const post = (url: string, payload: object) => ctx.app.inject({ method: "POST", url, headers: cc.bearer, payload });
const version = async (id: string) =>
  (await ctx.handle.db.select().from(requestClients).where(eq(requestClients.id, id)))[0]?.version ?? 0;

describe("prospect lists", () => {
  beforeAll(open);
  afterAll(() => ctx.close());

  it("lists prospects by type, and the archive, newest first", async () => {
    const url = (type: string) =>
      `/requestclients/getListProspectByProspectType/${type}?sortKey=reference&direction=asc`;
    expect(refs(await get(url("all")))).toEqual(["DEM-T-0001", "DEM-T-0002", "DEM-T-0003"]);
    expect(refs(await get(url("EnCours")))).toEqual(["DEM-T-0001", "DEM-T-0003"]);
    expect(refs(await get(url("REFUSE")))).toEqual(["DEM-T-0002"]);
    expect(refs(await get("/api/requestclients/getListProspectArchive"))).toEqual(["DEM-T-0005"]);
    const bad = await ctx.app.inject({
      method: "GET",
      url: "/requestclients/getListProspectByProspectType/TOUT",
      headers: cc.bearer,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe("Type de prospect inconnu : all, EnCours ou REFUSE.");
  });

  it("shows a multi-establishment request under its legal entity, searchable without accents", async () => {
    const url = "/requestclients/getListProspectByProspectType/all?search=sessad%20les%20hetres";
    const page = await get(url);
    expect(page.total).toBe(1);
    // The kept rows are ASCII (migration 0039_list_rows_ascii): "Hêtres" and the tooltips' dashes escaped.
    const raw = (await ctx.app.inject({ method: "GET", url, headers: cc.bearer })).body;
    expect(raw).toMatch(/^[ -~]+$/);
    expect(raw).toContain("\\u00ea");
    expect(page.items[0]).toMatchObject({
      reference: "DEM-T-0003",
      raisonSocial: "Association Les Hêtres",
      isMultiClient: true,
      postalCode: "35000",
      establishments: [{ raisonSocial: "IME Les Hêtres" }, { raisonSocial: "SESSAD Les Hêtres" }],
      status: "QUOTE_SENT",
    });
    const paged = await get(
      "/requestclients/getListProspectByProspectType/all?sortKey=reference&direction=desc&pageSize=1&page=2",
    );
    expect(paged.total).toBe(3);
    expect(refs(paged)).toEqual(["DEM-T-0002"]);
    // Every page of one through the same prepared statement (its offset a parameter): the whole list, in order.
    for (const direction of ["asc", "desc"]) {
      const list = `/requestclients/getListProspectByProspectType/all?sortKey=reference&direction=${direction}`;
      const whole = refs(await get(`${list}&pageSize=100`));
      const pages = [];
      for (let p = 1; p <= 4; p++) pages.push(await get(`${list}&pageSize=1&page=${p}`));
      expect(pages.flatMap(refs)).toEqual(whole);
      expect(pages.map((p) => p.total)).toEqual([3, 3, 3, 3]);
    }
  });
});

describe("a prospect row", () => {
  beforeAll(open);
  afterAll(() => ctx.close());

  it("is built by the database as the screens show it, and the detail starts from the same row", async () => {
    const db = ctx.handle.db;
    const [contact] = await db
      .insert(contacts)
      .values({
        firstName: "Inès",
        lastName: "Morel",
        occupation: "Directrice",
        mobilePhone: "0612345678",
        email: " ines.morel@exemple.fr ",
        legalEntityId: (
          await db
            .select()
            .from(requestClients)
            .where(eq(requestClients.id, ids.multi as string))
        )[0]?.legalEntityId,
      })
      .returning();
    await db
      .update(requestClients)
      .set({ contactId: contact?.id })
      .where(eq(requestClients.id, ids.multi as string));
    await db.insert(quotes).values({
      requestId: ids.multi as string,
      number: "D-TEST-2",
      status: "SENT",
      vatRate: 0.2,
      travelExpenseMode: 2,
      totalHT: 3250.5,
      totalVAT: 650.1,
      totalTTC: 3900.6,
    });
    const [row] = (await get("/requestclients/getListProspectByProspectType/all?search=sessad%20les%20hetres")).items;
    expect(row).toMatchObject({
      tooltip: "IME Les Hêtres — 35000 Lyon\nSESSAD Les Hêtres — 69003 Lyon",
      isMultiClient: true,
      isGestionnaire: false,
      contactName: "Inès Morel",
      contactDetails: "Directrice | 06 12 34 56 78 | ines.morel@exemple.fr",
      quote: { number: "D-TEST-2", revision: 1, status: "SENT", totalTTC: 3900.6 },
      contractId: null,
      archivedAt: null,
    });
    const detail = await ctx.app.inject({ url: `/api/requestclients/${ids.multi}`, headers: cc.bearer });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject(row as object);
    const [archived] = (await get("/api/requestclients/getListProspectArchive")).items;
    const [stored] = await db
      .select()
      .from(requestClients)
      .where(eq(requestClients.id, ids.archived as string));
    expect(archived?.archivedAt).toBe(stored?.archivedAt?.toISOString());
  });
});

describe("prospect changes", () => {
  beforeAll(open);
  afterAll(() => ctx.close());

  it("refuses, archives and moves back to prospect, with versions", async () => {
    const refuse = await post(`/api/requestclients/${ids.fresh}/refuse`, {
      reason: "Demande sans suite",
      version: await version(ids.fresh as string),
    });
    expect(refuse.statusCode, refuse.body).toBe(200);
    const stale = await post(`/api/requestclients/${ids.fresh}/archive`, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe("STALE_VERSION");
    expect(
      (await post(`/api/requestclients/${ids.fresh}/archive`, { version: await version(ids.fresh as string) }))
        .statusCode,
    ).toBe(200);
    expect(refs(await get("/api/requestclients/getListProspectArchive"))).toContain("DEM-T-0001");
    const back = await post(`/api/requestclients/${ids.fresh}/move-to-prospect`, {
      version: await version(ids.fresh as string),
    });
    expect(back.statusCode, back.body).toBe(200);
    const [row] = await ctx.handle.db
      .select()
      .from(requestClients)
      .where(eq(requestClients.id, ids.fresh as string));
    expect(row).toMatchObject({ status: "NEW", archivedAt: null, refusalReason: null });
    const again = await post(`/api/requestclients/${ids.fresh}/move-to-prospect`, {
      version: await version(ids.fresh as string),
    });
    expect(again.statusCode).toBe(409);
    const signed = await post(`/api/requestclients/${ids.signed}/refuse`, { reason: "x", version: 1 });
    expect(signed.statusCode).toBe(409);
    expect(errorOf(signed).message).toContain("contrat signé");
  });

  it("refusing a request refuses its open quote", async () => {
    await ctx.handle.db.insert(quotes).values({
      requestId: ids.multi as string,
      number: "D-TEST-1",
      status: "SENT",
      vatRate: 0.2,
      travelExpenseMode: 2,
      totalHT: 100,
      totalVAT: 20,
      totalTTC: 120,
    });
    const response = await post(`/api/requestclients/${ids.multi}/refuse`, {
      reason: "Devis refusé par l'établissement",
      version: await version(ids.multi as string),
    });
    expect(response.statusCode).toBe(200);
    const [quote] = await ctx.handle.db
      .select()
      .from(quotes)
      .where(eq(quotes.requestId, ids.multi as string));
    expect(quote).toMatchObject({ status: "REFUSED", refusalReason: "Devis refusé par l'établissement" });
    const detail = await ctx.app.inject({ method: "GET", url: `/api/requestclients/${ids.multi}`, headers: cc.bearer });
    expect(detail.json()).toMatchObject({ status: "REFUSE", quotes: [{ number: "D-TEST-1", status: "REFUSED" }] });
  });

  it("opens a certification request with its recevability review, and decides it", async () => {
    const db = ctx.handle.db;
    const entity = await buildLegalEntity(db);
    const essms = await buildEssms(db, { legalEntityId: entity.id, prospect: true });
    const other = await buildEssms(db, { prospect: true });
    const wrong = await post("/api/requestclients", {
      legalEntityId: entity.id,
      clientIds: [other.id],
      service: "CERTIFICATION",
      source: "DIRECT",
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).message).toBe(
      "Les établissements choisis doivent appartenir à l'entité juridique de la demande.",
    );
    const created = await post("/api/requestclients", {
      legalEntityId: entity.id,
      clientIds: [essms.id],
      service: "CERTIFICATION",
      source: "SITE_WEB",
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { id: string }).id;
    const base = `/api/requestclients/${id}/recevability`;
    const review = (await ctx.app.inject({ method: "GET", url: base, headers: cc.bearer })).json() as {
      version: number;
      checklist: Array<{ code: string }>;
    };
    expect(review.checklist).toHaveLength(6);
    const early = await post(`${base}/decision`, { decision: "RECEVABLE", version: review.version });
    expect(early.statusCode).toBe(400);
    expect(errorOf(early).message).toContain("Toutes les pièces");
    const noReason = await post(`${base}/decision`, { decision: "NON_RECEVABLE", version: review.version });
    expect(errorOf(noReason).message).toBe("Indiquez le motif de non-recevabilité.");
    const checked = await ctx.app.inject({
      method: "PUT",
      url: base,
      headers: cc.bearer,
      payload: { checked: review.checklist.map((i) => i.code), version: review.version },
    });
    expect(checked.statusCode, checked.body).toBe(200);
    const boundary = "----certidesk";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nExtrait Kbis\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="kbis.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await ctx.app.inject({
      method: "POST",
      url: `${base}/documents`,
      headers: { ...cc.bearer, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect((upload.json() as { documents: Array<{ name: string; url: string }> }).documents[0]).toMatchObject({
      name: "Extrait Kbis",
    });
    const decided = await post(`${base}/decision`, {
      decision: "RECEVABLE",
      version: (checked.json() as { version: number }).version,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ decision: "RECEVABLE", decidedBy: expect.stringContaining("Prénom") });
    const [row] = await db.select().from(requestClients).where(eq(requestClients.id, id));
    expect(row?.status).toBe("NEW");
  });

  it("gives a request the contact of its establishment when none is chosen, so sending has an address", async () => {
    const db = ctx.handle.db;
    const entity = await buildLegalEntity(db);
    const essms = await buildEssms(db, {
      legalEntityId: entity.id,
      prospect: true,
      contact: { firstName: "Agnès", lastName: "Perrin", email: "a.perrin@ehpad.demo.fr" },
    });
    const created = await post("/api/requestclients", {
      legalEntityId: entity.id,
      clientIds: [essms.id],
      service: "ESSMS_EVALUATION",
      source: "DIRECT",
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { id: string }).id;
    const detail = (await ctx.app.inject({ url: `/api/requestclients/${id}`, headers: cc.bearer })).json() as {
      contactId: string | null;
      contacts: Array<{ id: string; email: string | null }>;
    };
    expect(detail.contactId).not.toBeNull();
    expect(detail.contacts.find((c) => c.id === detail.contactId)?.email).toBe("a.perrin@ehpad.demo.fr");
  });

  it("keeps prospects to those with the PROSPECT right", async () => {
    const compta = await signIn(ctx, (await buildUser(ctx.handle.db, "COMPTA")).identifier);
    await get("/requestclients/getListProspectByProspectType/all", compta);
    const create = await ctx.app.inject({
      method: "POST",
      url: "/api/requestclients",
      headers: compta.bearer,
      payload: {},
    });
    expect(create.statusCode).toBe(403);
    const client = await signIn(ctx, (await buildUser(ctx.handle.db, "MYQUALIANOR")).identifier);
    const denied = await ctx.app.inject({
      method: "GET",
      url: "/api/requestclients/getListProspectArchive",
      headers: client.bearer,
    });
    expect(denied.statusCode).toBe(403);
  });
});

/** A searched list's total is remembered per request_clients version (lib/versioned-totals.ts). */
describe("prospect lists: the total of a search", () => {
  beforeAll(open);
  afterAll(() => ctx.close());

  it("follows requests added, archived, and establishments renamed", async () => {
    const { db } = ctx.handle;
    const total = async (kind: string) =>
      (await get(`/requestclients/getListProspectByProspectType/${kind}?search=hetres`)).total;
    expect(await total("all")).toBe(1);
    expect(await total("all")).toBe(1);
    const c = await buildEssms(db, { raisonSocial: "MAS Les Hêtres", prospect: true });
    const added = (await buildRequest(db, { clientIds: [c.id], reference: "DEM-T-0006" })).id;
    expect(await total("all")).toBe(2);
    expect(await total("EnCours")).toBe(2);
    // The establishment renamed: the request's search text follows (a trigger), and so does the total.
    await db.update(clients).set({ raisonSocial: "MAS Les Ormes" }).where(eq(clients.id, c.id));
    expect(await total("all")).toBe(1);
    await db.update(clients).set({ raisonSocial: "MAS Les Hêtres" }).where(eq(clients.id, c.id));
    expect(await total("all")).toBe(2);
    await db.update(requestClients).set({ archivedAt: new Date() }).where(eq(requestClients.id, added));
    expect(await total("all")).toBe(1);
    expect((await get("/api/requestclients/getListProspectArchive?search=hetres")).total).toBe(1);
  });
});

/**
 * A word counted frequent (its total remembered, the list's size known) is matched so that the planner walks
 * each tab's sort index (lib/search-text.ts, walksTheSortIndex): the same pages either way.
 */
describe("prospect lists: a frequent word", () => {
  beforeAll(open);
  afterAll(() => ctx.close());

  it("walks the sort index only when its matches outnumber what a walk passes over", () => {
    expect(walksTheSortIndex(undefined, 30_000, 50)).toBe(false);
    expect(walksTheSortIndex(2_478, undefined, 50)).toBe(false);
    expect(walksTheSortIndex(2_478, 20_000, 50)).toBe(true);
    expect(walksTheSortIndex(2_478, 20_000, 1_000)).toBe(false);
    expect(walksTheSortIndex(40, 20_000, 50)).toBe(false);
  });

  it("gives the same pages, in the same order, read either way", async () => {
    const db = ctx.handle.db;
    for (const [i, name] of ["Foyer Les Hêtres", "MAS Les Hêtres", "EHPAD Les Hêtres"].entries()) {
      const c = await buildEssms(db, { raisonSocial: name, prospect: true });
      await buildRequest(db, { clientIds: [c.id], reference: `DEM-T-010${i}`, status: i === 2 ? "REFUSE" : "NEW" });
    }
    const pages = async () => {
      const read = [];
      for (const [sort, page] of [
        ["sortKey=reference&direction=asc", 1],
        ["sortKey=reference&direction=asc", 2],
        ["sortKey=raisonSocial&direction=desc", 1],
        ["sortKey=createdAt&direction=desc", 2],
      ] as const)
        read.push(
          refs(
            await get(
              `/requestclients/getListProspectByProspectType/all?search=HÊTRES&pageSize=2&page=${page}&${sort}`,
            ),
          ),
        );
      return read;
    };
    // Read first with the total unknown: through the trigram index, as the planner chooses; the pages after
    // the first know the total and read the list's size from the tabs' counts, and walk.
    const first = await pages();
    expect(first[0]).toEqual(["DEM-T-0003", "DEM-T-0100"]);
    expect(first[1]).toEqual(["DEM-T-0101", "DEM-T-0102"]);
    // The list's size read without a search (6), the total remembered (4): 4 × 4 ≥ 2 × 6, the pages walk.
    expect((await get("/requestclients/getListProspectByProspectType/all?pageSize=2")).total).toBe(6);
    expect(await pages()).toEqual(first);
  });

  it("binds each word to the walked page statement it shares with the words of its shape", async () => {
    const url = (word: string) =>
      `/requestclients/getListProspectByProspectType/all?search=${word}&pageSize=2&sortKey=reference&direction=asc`;
    // Each counted first, then walked (4 and 6 matches of 6: 4 × 4 and 6 × 6 ≥ 2 × 6), one prepared statement.
    for (const word of ["hetres", "DEM-T", "hetres"]) await get(url(word));
    expect(refs(await get(url("DEM-T")))).toEqual(["DEM-T-0001", "DEM-T-0002"]);
    expect(refs(await get(url("hetres")))).toEqual(["DEM-T-0003", "DEM-T-0100"]);
  });
});

import { type ContactLike, formatContactDetails } from "@certidesk/shared";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEssms, buildGestionnaire, buildLegalEntity, buildUser } from "../../../test/factories.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { clients } from "../../db/schema/index.js";
import { addDays, fixedClock, systemClock } from "../../lib/clock.js";

const todayIso = () => systemClock.today();
const shift = (days: number) => addDays(todayIso(), days);

describe("client list", () => {
  let ctx: TestContext;
  let staff: Session;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.handle.db;
    const gestionnaire = await buildGestionnaire(db, { raisonSocial: "Fondation Hôpital Saint-Joseph" });
    const entity = await buildLegalEntity(db, {
      raisonSocial: "Association Les Genêts",
      gestionnaireId: gestionnaire.id,
    });
    ids.toProgram = (
      await buildEssms(db, {
        raisonSocial: "Résidence L'Éléphant Bleu",
        legalEntityId: entity.id,
        contact: {
          firstName: "Zoé",
          lastName: "Abadie",
          occupation: " Directrice ",
          mobilePhone: "+33612345678",
          email: "zoe.abadie@exemple.fr",
        },
      })
    ).id;
    ids.planned = (
      await buildEssms(db, {
        raisonSocial: "EHPAD Beau Soleil",
        legalEntityId: entity.id,
        evaluationDate: shift(20),
        postalCode: "13001",
        regroupingStatus: 2,
      })
    ).id;
    ids.past = (
      await buildEssms(db, { raisonSocial: "Foyer Arc-en-Ciel", evaluationDate: shift(-10), dateRelance: shift(-2) })
    ).id;
    ids.finished = (
      await buildEssms(db, {
        raisonSocial: "IME Les Cèdres",
        evaluationDate: shift(-60),
        evaluationFinishedAt: shift(-5),
      })
    ).id;
    ids.prospect = (await buildEssms(db, { raisonSocial: "SAAD Prospect", prospect: true })).id;
    staff = await signIn(ctx, (await buildUser(db, "CC")).identifier);
  });
  afterAll(() => ctx.close());

  const list = async (body: Record<string, unknown>, session = staff) => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/client/getListClient",
      headers: session.bearer,
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    // Sent in ASCII, every other character escaped (migration 0039_list_rows_ascii): no decoding to a two-byte string.
    expect(response.body).toMatch(/^[ -~]+$/);
    return response.json() as { items: Array<Record<string, unknown>>; total: number; page: number; pageSize: number };
  };
  const names = (page: { items: Array<Record<string, unknown>> }) => page.items.map((i) => i.raisonSocial);

  it("pins each filter: clients only, planned, past, finished", async () => {
    expect((await list({ filter: "all" })).total).toBe(4);
    expect(names(await list({ filter: "NO_EVALUATION_DATE" }))).toEqual(["Résidence L'Éléphant Bleu"]);
    expect(names(await list({ filter: "EVALUATION_DATE" }))).toEqual(["EHPAD Beau Soleil"]);
    expect(names(await list({ filter: "AUDIT_DATE_PAST" }))).toEqual(["Foyer Arc-en-Ciel"]);
    expect(names(await list({ filter: "EVALUATION_FINISH" }))).toEqual(["IME Les Cèdres"]);
  });

  it("searches without accents or case, on names, FINESS, manager and contact", async () => {
    expect(names(await list({ search: "ELEPHANT" }))).toEqual(["Résidence L'Éléphant Bleu"]);
    expect(names(await list({ search: "cedres" }))).toEqual(["IME Les Cèdres"]);
    expect((await list({ search: "hopital saint" })).total).toBe(2);
    expect(names(await list({ search: "abadie" }))).toEqual(["Résidence L'Éléphant Bleu"]);
    expect((await list({ search: "50%" })).total).toBe(0);
  });

  it("matches every word of a search, in any order and across fields", async () => {
    expect(names(await list({ search: "Ehpad soleil" }))).toEqual(["EHPAD Beau Soleil"]);
    expect(names(await list({ search: "soleil  EHPAD" }))).toEqual(["EHPAD Beau Soleil"]);
    expect(names(await list({ search: "bleu genets" }))).toEqual(["Résidence L'Éléphant Bleu"]);
    expect((await list({ search: "ehpad cedres" })).total).toBe(0);
  });

  it("sorts in SQL, empty values last, and pages", async () => {
    expect(names(await list({ sort: { key: "raisonSocial", direction: "asc" } }))).toEqual([
      "EHPAD Beau Soleil",
      "Foyer Arc-en-Ciel",
      "IME Les Cèdres",
      "Résidence L'Éléphant Bleu",
    ]);
    const byDate = names(await list({ sort: { key: "evaluationDate", direction: "desc" } }));
    expect(byDate).toEqual(["EHPAD Beau Soleil", "Foyer Arc-en-Ciel", "IME Les Cèdres", "Résidence L'Éléphant Bleu"]);
    const page2 = await list({ sort: { key: "raisonSocial", direction: "desc" }, page: 2, pageSize: 3 });
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(names(page2)).toEqual(["EHPAD Beau Soleil"]);
    // Past the last page: no row, and still the total (the page statement carries it on its rows).
    expect(await list({ page: 3, pageSize: 3 })).toMatchObject({ items: [], total: 4, page: 3 });
    expect(await list({ search: "aucun client ici" })).toMatchObject({ items: [], total: 0 });
    const bad = await ctx.app.inject({
      method: "POST",
      url: "/api/client/getListClient",
      headers: staff.bearer,
      payload: { sort: { key: "password", direction: "asc" } },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe("Colonne de tri inconnue.");
  });

  it("gives every row the spec's column keys and badges", async () => {
    const { items } = await list({ search: "soleil" });
    expect(items[0]).toMatchObject({
      raisonSocial: "EHPAD Beau Soleil",
      postalCode: "13001",
      departement: "13",
      isMultiClient: true,
      isRegroupingClient: true,
      isGestionnaire: true,
      gestionnaireRaisonSocial: "Fondation Hôpital Saint-Joseph",
      legalEntityRaisonSocial: "Association Les Genêts",
      evaluationDate: shift(20),
      status: null,
    });
    expect(String(items[0]?.tooltip)).toContain("13001 Lyon");
    const [past] = (await list({ search: "arc-en-ciel" })).items;
    expect(past).toMatchObject({ isMultiClient: false, isGestionnaire: false, dateRelance: shift(-2), contact: null });
    const [first] = (await list({ search: "elephant" })).items;
    expect(first).toMatchObject({ contactName: "Zoé Abadie", contact: { firstName: "Zoé", lastName: "Abadie" } });
    // The row's JSON is kept by the database (migration 0035_client_list_row): its display texts are the shared
    // formatters'.
    expect(first?.contactDetails).toBe("Directrice | +33 6 12 34 56 78 | zoe.abadie@exemple.fr");
    expect(first?.contactDetails).toBe(formatContactDetails(first?.contact as ContactLike));
    const [client] = await ctx.handle.db
      .select()
      .from(clients)
      .where(eq(clients.id, ids.toProgram ?? ""));
    expect(first?.tooltip).toBe(`${client?.address}, 69003 Lyon — FINESS ${client?.finess}`);
    expect(first?.createdAt).toBe(client?.createdAt.toISOString());
    expect(first?.clientSince).toBe(client?.clientSince?.toISOString());
  });

  it("scopes a client user to their own client, and refuses evaluators", async () => {
    const user = await buildUser(ctx.handle.db, "MYQUALIANOR", { clientId: ids.planned });
    const session = await signIn(ctx, user.identifier);
    expect(names(await list({}, session))).toEqual(["EHPAD Beau Soleil"]);
    const other = await ctx.app.inject({ method: "GET", url: `/api/clients/${ids.past}`, headers: session.bearer });
    expect(other.statusCode).toBe(404);
    const own = await ctx.app.inject({ method: "GET", url: "/api/client/get-client-user", headers: session.bearer });
    expect(own.json()).toMatchObject({
      raisonSocial: "EHPAD Beau Soleil",
      legalEntityRaisonSocial: "Association Les Genêts",
    });
    const evaluator = await signIn(ctx, (await buildUser(ctx.handle.db, "AUDITEUR")).identifier);
    const denied = await ctx.app.inject({
      method: "POST",
      url: "/api/client/getListClient",
      headers: evaluator.bearer,
      payload: {},
    });
    expect(denied.statusCode).toBe(403);
  });

  it("exports the filtered list as a real XLSX with French headers", async () => {
    const response = await ctx.app.inject({
      method: "GET",
      url: "/api/clients/extractClientList?filter=NO_EVALUATION_DATE",
      headers: staff.bearer,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("spreadsheetml");
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="clients-.*\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Clients");
    expect(sheet?.getRow(1).getCell(1).value).toBe("Raison sociale");
    expect(sheet?.getRow(1).getCell(14).value).toBe("Date d'évaluation");
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(1).value).toBe("Résidence L'Éléphant Bleu");
    expect(sheet?.getRow(2).getCell(14).value).toBe("à programmer");
  });

  it("writes dates as real Excel dates with a French number format, not as text", async () => {
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/clients/extractClientList?search=${encodeURIComponent("Arc-en-Ciel")}`,
      headers: staff.bearer,
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const row = workbook.getWorksheet("Clients")?.getRow(2);
    if (!row) throw new Error("no data row");
    expect(row.getCell(1).value).toBe("Foyer Arc-en-Ciel");
    const evaluation = row.getCell(14);
    expect(evaluation.value).toBeInstanceOf(Date);
    expect((evaluation.value as Date).toISOString().slice(0, 10)).toBe(shift(-10));
    expect(evaluation.numFmt).toBe("dd/mm/yyyy");
    const relance = row.getCell(16);
    expect((relance.value as Date).toISOString().slice(0, 10)).toBe(shift(-2));
    expect(relance.numFmt).toBe("dd/mm/yy");
    expect(row.getCell(18).value).toBeInstanceOf(Date);
  });

  it("shows an establishment's file with its legal entity, manager, siblings and contacts", async () => {
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/clients/${ids.toProgram}`,
      headers: staff.bearer,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      raisonSocial: "Résidence L'Éléphant Bleu",
      legalEntity: { raisonSocial: "Association Les Genêts" },
      gestionnaire: { raisonSocial: "Fondation Hôpital Saint-Joseph" },
      siblings: [{ raisonSocial: "EHPAD Beau Soleil" }],
      contacts: [{ firstName: "Zoé", isMain: true }],
    });
  });
});

describe("client list filters on the evaluation date, day after day", () => {
  const clock = fixedClock("2026-06-10T10:00:00Z");
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ clock });
  });
  afterAll(() => ctx.close());

  it("moves a client from planned to past when its date goes by (the statements are prepared per day)", async () => {
    await buildEssms(ctx.handle.db, { raisonSocial: "EHPAD Le Cap", evaluationDate: "2026-06-11" });
    const staff = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    const names = async (filter: string) => {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/client/getListClient",
        headers: staff.bearer,
        payload: { filter },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { items: Array<{ raisonSocial: string }> }).items.map((i) => i.raisonSocial);
    };
    // More than five calls a day: PostgreSQL would keep a cached plan by then.
    for (let i = 0; i < 6; i++) {
      expect(await names("EVALUATION_DATE")).toEqual(["EHPAD Le Cap"]);
      expect(await names("AUDIT_DATE_PAST")).toEqual([]);
    }
    clock.advance(2 * 86_400_000);
    expect(await names("EVALUATION_DATE")).toEqual([]);
    expect(await names("AUDIT_DATE_PAST")).toEqual(["EHPAD Le Cap"]);
  });
});

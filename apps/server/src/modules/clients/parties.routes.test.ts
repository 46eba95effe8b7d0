import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEssms, buildGestionnaire, buildUser } from "../../../test/factories.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { auditLog, clients, contacts, legalEntities, requestClients } from "../../db/schema/index.js";

const establishment = {
  raisonSocial: "EHPAD Les Magnolias",
  finess: "690012345",
  siret: "",
  address: "4 rue des Magnolias",
  postalCode: "69100",
  city: "Villeurbanne",
  email: "",
  phone: "04 78 00 11 22",
  typologySector: "MEDICO_SOCIAL",
  typologyType: "ESTABLISHMENT",
  sectorDomains: ["PA"],
  publicKeyTypes: ["PA"],
  capacity: 82,
  atc: "ARS Auvergne-Rhône-Alpes et Conseil départemental du Rhône",
};
const legalEntity = {
  raisonSocial: "Association Magnolias Santé",
  siren: "732829320",
  siret: "73282932000074",
  vatNumber: "FR44732829320",
  address: "4 rue des Magnolias",
  postalCode: "69100",
  city: "Villeurbanne",
  email: "",
  phone: "",
};

describe("nouveau and entite-juridique", () => {
  let ctx: TestContext;
  let cc: Session;
  beforeAll(async () => {
    ctx = await createTestApp();
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: unknown, session = cc) =>
    ctx.app.inject({ method: "POST", url, headers: session.bearer, payload: payload as object });
  const countOf = async (table: typeof clients | typeof legalEntities) =>
    Number((await ctx.handle.db.select({ n: count() }).from(table))[0]?.n);

  it("creates an ESSMS with a new legal entity, its main contact and an open request", async () => {
    const response = await post("/api/clients", {
      legalEntity,
      establishment,
      contact: {
        firstName: "Hélène",
        lastName: "Roche",
        occupation: "Directrice",
        tel: "0478001122",
        mobilePhone: "",
        email: "h.roche@magnolias.fr",
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id, legalEntityId, requestId } = response.json() as {
      id: string;
      legalEntityId: string;
      requestId: string;
    };
    const [client] = await ctx.handle.db.select().from(clients).where(eq(clients.id, id));
    expect(client).toMatchObject({ departement: "69", legalEntityId, clientSince: null, phone: "0478001122" });
    const [request] = await ctx.handle.db.select().from(requestClients).where(eq(requestClients.id, requestId));
    expect(request).toMatchObject({ status: "NEW", service: "ESSMS_EVALUATION" });
    expect(request?.reference).toMatch(/^DEM-\d{4}-0001$/);
    const [contact] = await ctx.handle.db.select().from(contacts).where(eq(contacts.clientId, id));
    expect(contact).toMatchObject({ lastName: "Roche", isMain: true });
    const audit = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit[0]?.summary).toContain("EHPAD Les Magnolias");
  });

  it("detects duplicates by FINESS and SIRET, writing nothing", async () => {
    const before = await countOf(clients);
    const sameFiness = await post("/api/clients", {
      legalEntity: { ...legalEntity, siren: "", siret: "", vatNumber: "" },
      establishment,
    });
    expect(sameFiness.statusCode).toBe(409);
    expect(errorOf(sameFiness).message).toBe(
      "Un établissement porte déjà le numéro FINESS 690012345 : EHPAD Les Magnolias.",
    );
    const sameSiret = await post("/api/legal-entities", { ...legalEntity, raisonSocial: "Copie" });
    expect(sameSiret.statusCode).toBe(409);
    expect(errorOf(sameSiret).message).toContain("Une entité juridique porte déjà le SIRET 73282932000074");
    expect(await countOf(clients)).toBe(before);
  });

  it("refuses bad input with French messages", async () => {
    const cases: Array<[unknown, string]> = [
      [
        { legalEntity, establishment: { ...establishment, finess: "12" } },
        "Le numéro FINESS doit contenir 9 caractères",
      ],
      [
        {
          legalEntity: { ...legalEntity, siret: "73282932000075" },
          establishment: { ...establishment, finess: "690099999" },
        },
        "Ce SIRET n'existe pas : sa clé de contrôle ne correspond pas, vérifiez les chiffres.",
      ],
      [
        { legalEntity: { ...legalEntity, vatNumber: "FR00732829320" }, establishment },
        "Clé de TVA incorrecte : pour le SIREN 732829320, le numéro est FR44732829320.",
      ],
      [
        { legalEntity: { ...legalEntity, vatNumber: "FR7328293" }, establishment },
        "Le numéro de TVA intracommunautaire s'écrit FR, une clé de 2 chiffres puis les 9 chiffres du SIREN",
      ],
      [
        { legalEntity: { ...legalEntity, siret: "7328293200007" }, establishment },
        "Le SIRET doit contenir 14 chiffres (13 saisis).",
      ],
      [
        { legalEntity, establishment: { ...establishment, postalCode: "6910" } },
        "Le code postal doit contenir 5 chiffres.",
      ],
      [{ legalEntity, establishment: { ...establishment, sectorDomains: [] } }, "Choisissez au moins un domaine."],
      [{ establishment }, "Choisissez une entité juridique existante ou créez-en une."],
    ];
    const before = await countOf(legalEntities);
    for (const [payload, message] of cases) {
      const response = await post("/api/clients", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response).message).toContain(message);
    }
    expect(await countOf(legalEntities)).toBe(before);
  });

  it("creates a legal entity under a managing organisation, and an ESSMS under it", async () => {
    const g = await buildGestionnaire(ctx.handle.db, { raisonSocial: "Groupe Horizon" });
    const entity = await post("/api/legal-entities", {
      ...legalEntity,
      raisonSocial: "Association Horizon Rhône",
      siren: "",
      siret: "",
      vatNumber: "",
      gestionnaireId: g.id,
      contact: { firstName: "Paul", lastName: "Noir" },
    });
    expect(entity.statusCode, entity.body).toBe(200);
    const legalEntityId = (entity.json() as { id: string }).id;
    const options = await ctx.app.inject({
      method: "GET",
      url: "/api/legal-entities/options?search=horizon",
      headers: cc.bearer,
    });
    expect(options.json()).toEqual([
      expect.objectContaining({ id: legalEntityId, gestionnaireRaisonSocial: "Groupe Horizon", establishments: 0 }),
    ]);
    const essms = await post("/api/clients", {
      legalEntityId,
      establishment: {
        ...establishment,
        finess: "690077777",
        raisonSocial: "SAVS Horizon",
        typologyType: "SERVICE",
        sectorDomains: ["PH"],
      },
      openRequest: false,
    });
    expect(essms.statusCode, essms.body).toBe(200);
    expect(essms.json()).toMatchObject({ requestId: null });
  });

  it("needs the create right on NOUVEAU", async () => {
    const compta = await signIn(ctx, (await buildUser(ctx.handle.db, "COMPTA")).identifier);
    expect((await post("/api/clients", { legalEntity, establishment }, compta)).statusCode).toBe(403);
    expect((await post("/api/legal-entities", legalEntity, compta)).statusCode).toBe(403);
  });
});

describe("gestionnaires", () => {
  let ctx: TestContext;
  let cc: Session;
  beforeAll(async () => {
    ctx = await createTestApp();
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
  });
  afterAll(() => ctx.close());

  it("lists managing organisations with their counts, shows one, and refuses a stale update", async () => {
    const db = ctx.handle.db;
    const g = await buildGestionnaire(db, { raisonSocial: "Fondation Œuvre des Villages" });
    await buildGestionnaire(db, { raisonSocial: "Association Alpha" });
    const entity = (
      await ctx.app.inject({ method: "GET", url: "/api/gestionnaires?search=oeuvre", headers: cc.bearer })
    ).json();
    expect(entity).toMatchObject({
      total: 1,
      items: [{ raisonSocial: "Fondation Œuvre des Villages", establishments: 0 }],
    });
    const essms = await buildEssms(db, { raisonSocial: "MAS Les Villages" });
    const attach = await ctx.app.inject({
      method: "PUT",
      url: `/api/legal-entities/${essms.legalEntityId}/gestionnaire`,
      headers: cc.bearer,
      payload: { gestionnaireId: g.id, version: 1 },
    });
    expect(attach.statusCode, attach.body).toBe(200);
    const detail = await ctx.app.inject({ method: "GET", url: `/api/gestionnaires/${g.id}`, headers: cc.bearer });
    expect(detail.json()).toMatchObject({
      establishments: 1,
      clients: 1,
      legalEntityList: [{ establishments: [{ raisonSocial: "MAS Les Villages", isClient: true }] }],
    });
    const update = (version: number) =>
      ctx.app.inject({
        method: "PUT",
        url: `/api/gestionnaires/${g.id}`,
        headers: cc.bearer,
        payload: { raisonSocial: "Fondation des Villages", city: "Annecy", version },
      });
    expect((await update(1)).statusCode).toBe(200);
    const stale = await update(1);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe("STALE_VERSION");
    const sorted = (
      await ctx.app.inject({
        method: "GET",
        url: "/api/gestionnaires?sortKey=raisonSocial&direction=desc",
        headers: cc.bearer,
      })
    ).json() as { items: Array<{ raisonSocial: string }> };
    expect(sorted.items.map((i) => i.raisonSocial)).toEqual(["Fondation des Villages", "Association Alpha"]);
  });

  it("gives each row its counts, its main contact and its dates as the screens read them", async () => {
    const db = ctx.handle.db;
    const g = await buildGestionnaire(db, { raisonSocial: "Mutualité Rhône Contact", city: "Lyon" });
    await db
      .insert(contacts)
      .values({ firstName: "Léa", lastName: "Roux", email: "lea.roux@exemple.fr", gestionnaireId: g.id, isMain: true });
    const page = (
      await ctx.app.inject({ method: "GET", url: "/api/gestionnaires?search=rhone%20contact", headers: cc.bearer })
    ).json();
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect(page.items[0]).toMatchObject({
      id: g.id,
      raisonSocial: "Mutualité Rhône Contact",
      city: "Lyon",
      legalEntities: 0,
      establishments: 0,
      clients: 0,
      contact: { firstName: "Léa", lastName: "Roux", email: "lea.roux@exemple.fr" },
      contactName: "Léa Roux",
      createdAt: g.createdAt.toISOString(),
      version: 1,
    });
    const detail = await ctx.app.inject({ method: "GET", url: `/api/gestionnaires/${g.id}`, headers: cc.bearer });
    expect(detail.json()).toMatchObject(page.items[0]);
    // Past the last page: no row, and still the total.
    const past = await ctx.app.inject({ method: "GET", url: "/api/gestionnaires?page=9", headers: cc.bearer });
    expect(past.json()).toMatchObject({ items: [], page: 9 });
    expect(past.json().total).toBeGreaterThan(0);
  });
});

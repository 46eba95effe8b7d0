import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildEssms, buildGestionnaire, buildLegalEntity, buildUser } from "../../../test/factories.js";
import { multipartBody, samplePdf } from "../../../test/multipart.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { auditLog, auditorLinks } from "../../db/schema/index.js";

type File = { id: string; version: number; departement: string | null; documentState: string; status: string };
type Page = { items: Array<{ id: string; name: string; documentState: string; openLinks: number }>; total: number };

const newAuditor = (over: Record<string, unknown> = {}) => ({
  civility: "Mme",
  firstName: "Hélène",
  lastName: "Dupré",
  email: "helene.dupre@exemple.fr",
  mobilePhone: "06 12 34 56 78",
  postalCode: "13005",
  city: "Marseille",
  status: "SALARIE",
  sectorDomains: ["PA", "PH"],
  zones: ["13", "84"],
  roles: ["EVALUATOR", "COORDINATOR"],
  maxMissionsPerMonth: 4,
  dailyFee: 450.5,
  ...over,
});

describe("evaluators' files", () => {
  let ctx: TestContext;
  let rh: Session;
  let cmcc: Session;
  beforeAll(async () => {
    ctx = await createTestApp();
    rh = await signIn(ctx, (await buildUser(ctx.handle.db, "RH")).identifier);
    cmcc = await signIn(ctx, (await buildUser(ctx.handle.db, "CMCC")).identifier);
  });
  afterAll(() => ctx.close());

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, session = rh) =>
    ctx.app.inject({ method, url, headers: session.bearer, payload });

  it("creates a file, reads it, updates it with its version and refuses a stale one", async () => {
    const created = await call("POST", "/api/auditors", newAuditor());
    expect(created.statusCode, created.body).toBe(200);
    const file = created.json() as File;
    expect(file).toMatchObject({ departement: "13", documentState: "MISSING_OR_EXPIRED", status: "SALARIE" });
    const updated = await call("PUT", `/api/auditors/${file.id}`, { ...newAuditor({ city: "Aix" }), version: 1 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ city: "Aix", version: 2 });
    const stale = await call("PUT", `/api/auditors/${file.id}`, { ...newAuditor({ city: "Arles" }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await call("GET", `/api/auditors/${file.id}`, undefined, cmcc)).json()).toMatchObject({ city: "Aix" });
    const entries = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.entityId, file.id));
    expect(entries.map((e) => e.summary)).toContain("Fiche évaluateur de Hélène Dupré modifiée");
  });

  it("asks a freelancer's SIRET, in French, and lets only RH and Direction write", async () => {
    const response = await call("POST", "/api/auditors", newAuditor({ status: "INDEPENDANT" }));
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain("Le SIRET est obligatoire pour un(e) indépendant(e).");
    expect((await call("POST", "/api/auditors", newAuditor(), cmcc)).statusCode).toBe(403);
  });

  it("lists with accent-free search, filters, server sort and paging, and exports the same rows", async () => {
    const db = ctx.handle.db;
    await buildAuditor(db, {
      firstName: "Étienne",
      lastName: "Lefèvre",
      postalCode: "59000",
      departement: "59",
      zones: ["59", "62"],
    });
    await buildAuditor(db, {
      firstName: "Zoé",
      lastName: "Ardant",
      status: "INDEPENDANT",
      departement: "33",
      sectorDomains: ["PH"],
      withDocuments: false,
    });
    const list = async (query: string) => {
      const r = await call("GET", `/api/auditors?${query}`, undefined, cmcc);
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as Page;
    };
    expect((await list("search=lefevre")).items.map((i) => i.name)).toEqual(["Lefèvre Étienne"]);
    expect((await list("search=ETIENNE")).total).toBe(1);
    // Every word, in any order, across the name and the city (not one contiguous phrase).
    expect((await list("search=lefevre%20%C3%A9tienne")).items.map((i) => i.name)).toEqual(["Lefèvre Étienne"]);
    expect((await list("search=etienne%20lef")).total).toBe(1);
    expect((await list("search=dupre%20aix")).items.map((i) => i.name)).toEqual(["Dupré Hélène"]);
    expect((await list("search=dupre%20lille")).total).toBe(0);
    expect((await list("zone=62")).items.map((i) => i.name)).toEqual(["Lefèvre Étienne"]);
    expect((await list("status=INDEPENDANT")).items.map((i) => i.name)).toEqual(["Ardant Zoé"]);
    expect((await list("sectorDomain=PH&departement=33")).items.map((i) => i.name)).toEqual(["Ardant Zoé"]);
    const missing = await list("documents=MISSING_OR_EXPIRED");
    expect(missing.items.map((i) => i.name).sort()).toEqual(["Ardant Zoé", "Dupré Hélène"]);
    const sorted = await list("sort=name&direction=desc&pageSize=2&page=1");
    expect(sorted.total).toBe(3);
    expect(sorted.items.map((i) => i.name)).toEqual(["Lefèvre Étienne", "Dupré Hélène"]);
    expect((await list("sort=name&direction=desc&pageSize=2&page=2")).items.map((i) => i.name)).toEqual(["Ardant Zoé"]);

    const exported = await call("GET", "/api/auditors/export?documents=MISSING_OR_EXPIRED&sort=name", undefined, cmcc);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toContain("spreadsheetml");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Évaluateurs");
    expect(sheet?.getRow(1).getCell(1).value).toBe("Nom");
    expect([sheet?.getRow(2).getCell(1).value, sheet?.getRow(3).getCell(1).value]).toEqual([
      "Ardant Zoé",
      "Dupré Hélène",
    ]);
    expect(sheet?.getRow(2).getCell(2).value).toBe("Indépendant(e)");
    expect(sheet?.getRow(2).getCell(12).value).toBe("Manquant ou expiré");
    expect(sheet?.rowCount).toBe(3);
  });

  it("keeps links of interest: recorded, never deleted, ended once", async () => {
    const auditor = await buildAuditor(ctx.handle.db);
    const essms = await buildEssms(ctx.handle.db, { raisonSocial: "EHPAD Les Mimosas" });
    const posted = await call("POST", `/api/auditors/${auditor.id}/links`, {
      organisationType: "ESSMS",
      organisationId: essms.id,
      nature: "CONSULTING",
      startDate: "2025-01-06",
      comment: "Accompagnement qualité",
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const link = posted.json() as { id: string; organisationName: string; recordedBy: string };
    expect(link.organisationName).toBe("EHPAD Les Mimosas");
    // The list counts the open links and reads the file's own documents (a correlated subquery that once
    // compared each link with itself).
    const listed = async () =>
      ((await call("GET", "/api/auditors?pageSize=200")).json() as Page).items.find((i) => i.id === auditor.id);
    expect(await listed()).toMatchObject({ openLinks: 1, documentState: "OK" });
    const end = (endDate: string) => call("POST", `/api/auditors/${auditor.id}/links/${link.id}/end`, { endDate });
    expect((await end("2024-12-31")).statusCode).toBe(400);
    expect((await end("2025-06-30")).json()).toMatchObject({ endDate: "2025-06-30" });
    const again = await end("2025-07-31");
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe("Ce lien d'intérêts est déjà terminé : sa date de fin ne change plus.");
    expect((await call("DELETE", `/api/auditors/${auditor.id}/links/${link.id}`)).statusCode).toBe(404);
    const [row] = await ctx.handle.db.select().from(auditorLinks).where(eq(auditorLinks.id, link.id));
    expect(row?.endDate).toBe("2025-06-30");
    expect(await listed()).toMatchObject({ openLinks: 0 });
  });

  it("stores documents with their validity and says which are missing", async () => {
    const auditor = await buildAuditor(ctx.handle.db, {
      status: "INDEPENDANT",
      siret: "73282932000074",
      withDocuments: false,
    });
    const upload = (fields: Record<string, string>) =>
      ctx.app.inject({
        method: "POST",
        url: `/api/auditors/${auditor.id}/documents`,
        ...multipartBody(fields, { name: "attestation.pdf", data: samplePdf() }, rh.bearer),
      });
    const noDate = await upload({ kind: "URSSAF_VIGILANCE" });
    expect(noDate.statusCode).toBe(400);
    expect(errorOf(noDate).message).toBe("Indiquez la date de fin de validité (Attestation de vigilance URSSAF).");
    const saved = await upload({ kind: "URSSAF_VIGILANCE", validUntil: "2020-01-31" });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json() as {
      documents: Array<{ kind: string; state: string }>;
      missing: Array<{ kind: string }>;
    };
    expect(body.documents).toEqual([expect.objectContaining({ kind: "URSSAF_VIGILANCE", state: "EXPIRED" })]);
    expect(body.missing.map((m) => m.kind)).toContain("URSSAF_VIGILANCE");
    expect(body.missing).toHaveLength(6);
  });

  it("ranks candidates: eligible by distance then load, then warnings, then blocked with the reason", async () => {
    const db = ctx.handle.db;
    const gestionnaire = await buildGestionnaire(db);
    const entity = await buildLegalEntity(db, { gestionnaireId: gestionnaire.id });
    const essms = await buildEssms(db, {
      raisonSocial: "IME Les Cigales",
      legalEntityId: entity.id,
      postalCode: "13005",
      city: "Marseille",
      sectorDomains: ["PH"],
    });
    const near = await buildAuditor(db, {
      lastName: "Proche",
      postalCode: "13100",
      city: "Aix-en-Provence",
      departement: "13",
    });
    const far = await buildAuditor(db, { lastName: "Loin", postalCode: "59000", city: "Lille", departement: "59" });
    const unqualified = await buildAuditor(db, {
      lastName: "Autre",
      postalCode: "13005",
      city: "Marseille",
      sectorDomains: ["PA"],
    });
    const blocked = await buildAuditor(db, { lastName: "Bloqué", postalCode: "13005", city: "Marseille" });
    expect(
      (
        await call("POST", `/api/auditors/${blocked.id}/links`, {
          organisationType: "GESTIONNAIRE",
          organisationId: gestionnaire.id,
          nature: "TRAINING",
          startDate: "2026-01-05",
          endDate: "2026-02-27",
        })
      ).statusCode,
    ).toBe(200);
    const r = await call(
      "GET",
      `/api/auditors/candidates?clientId=${essms.id}&days=2027-05-10,2027-05-11`,
      undefined,
      cmcc,
    );
    expect(r.statusCode, r.body).toBe(200);
    const items = (
      r.json() as {
        items: Array<{
          id: string;
          distanceKm: number | null;
          eligibility: { eligible: boolean; blocking: Array<{ message: string }>; warnings: unknown[] };
        }>;
      }
    ).items;
    const ids = items.map((i) => i.id);
    const at = (id: string) => ids.indexOf(id);
    expect(at(near.id)).toBeLessThan(at(far.id));
    expect(at(far.id)).toBeLessThan(at(unqualified.id));
    expect(at(unqualified.id)).toBeLessThan(at(blocked.id));
    expect(items[at(near.id)]?.distanceKm).toBeLessThan(40);
    expect(items[at(far.id)]?.distanceKm).toBeGreaterThan(700);
    expect(items[at(unqualified.id)]?.eligibility).toMatchObject({ eligible: true, warnings: [expect.anything()] });
    expect(items[at(blocked.id)]?.eligibility.blocking[0]?.message).toContain(
      "moins de 24 mois avant le premier jour de visite (10/05/2027)",
    );
    const one = await call(
      "GET",
      `/api/auditors/${blocked.id}/eligibility?clientId=${essms.id}&days=2028-02-28`,
      undefined,
      cmcc,
    );
    expect(one.json()).toMatchObject({ eligible: true, blocking: [] });
    const dayAfter = await call(
      "GET",
      `/api/auditors/${blocked.id}/eligibility?clientId=${essms.id}&days=2028-02-27`,
      undefined,
      cmcc,
    );
    expect(dayAfter.json()).toMatchObject({ eligible: false });
  });

  describe("scope", () => {
    it("lets an evaluator read and edit only their own file, and declare only their own links", async () => {
      const db = ctx.handle.db;
      const me = await buildUser(db, "AUDITEUR");
      const mine = me.auditorId ?? "";
      const other = await buildAuditor(db);
      const essms = await buildEssms(db);
      const session = await signIn(ctx, me.identifier);
      const own = await call("GET", `/api/auditors/${mine}`, undefined, session);
      expect(own.statusCode).toBe(200);
      const file = own.json() as File & Record<string, unknown>;
      expect((await call("GET", `/api/auditors/${other.id}`, undefined, session)).statusCode).toBe(404);
      expect((await call("GET", `/api/auditors/${other.id}/links`, undefined, session)).statusCode).toBe(404);
      expect((await call("GET", "/api/auditors", undefined, session)).json()).toMatchObject({ total: 1 });
      const body = {
        firstName: file.firstName,
        lastName: file.lastName,
        status: file.status,
        sectorDomains: file.sectorDomains,
        roles: file.roles,
        postalCode: "69003",
        mobilePhone: "0611223344",
        version: file.version,
      };
      const edited = await call("PUT", `/api/auditors/${mine}`, body, session);
      expect(edited.statusCode, edited.body).toBe(200);
      const raise = await call("PUT", `/api/auditors/${mine}`, { ...body, dailyFee: 900, version: 2 }, session);
      expect(raise.statusCode).toBe(403);
      expect((await call("PUT", `/api/auditors/${other.id}`, { ...body, version: 1 }, session)).statusCode).toBe(404);
      const link = { organisationType: "ESSMS", organisationId: essms.id, nature: "FAMILY", startDate: "2020-01-01" };
      expect((await call("POST", `/api/auditors/${mine}/links`, link, session)).statusCode).toBe(200);
      expect((await call("POST", `/api/auditors/${other.id}/links`, link, session)).statusCode).toBe(404);
      expect((await call("POST", "/api/auditors", newAuditor(), session)).statusCode).toBe(403);
    });

    it("shows a client user no evaluator", async () => {
      const client = await signIn(ctx, (await buildUser(ctx.handle.db, "MYQUALIANOR")).identifier);
      const someone = await buildAuditor(ctx.handle.db);
      expect((await call("GET", `/api/auditors/${someone.id}`, undefined, client)).statusCode).toBe(403);
      expect((await call("GET", "/api/auditors", undefined, client)).statusCode).toBe(403);
    });
  });
});

describe("evaluator search, word by word", () => {
  let ctx: TestContext;
  let rh: Session;
  beforeAll(async () => {
    ctx = await createTestApp();
    rh = await signIn(ctx, (await buildUser(ctx.handle.db, "RH")).identifier);
  });
  afterAll(() => ctx.close());
  const call = (method: "GET", url: string) => ctx.app.inject({ method, url, headers: rh.bearer });

  it("finds Marc Dubois with « Dubois marc », and names the organisations of a link word by word", async () => {
    const db = ctx.handle.db;
    const marc = await buildAuditor(db, { firstName: "Marc", lastName: "Dubois", city: "Lyon" });
    const r = await call("GET", "/api/auditors?search=Dubois%20marc");
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as Page).items.map((i) => i.id)).toEqual([marc.id]);
    const spread = await call("GET", "/api/auditors?search=lyon%20DUBOIS%20marc");
    expect((spread.json() as Page).items.map((i) => i.id)).toEqual([marc.id]);
    const essms = await buildEssms(db, { raisonSocial: "EHPAD Les Tilleuls d'Armor" });
    const options = await call("GET", "/api/auditors/organisation-options?type=ESSMS&search=tilleuls%20ehpad");
    expect(options.statusCode, options.body).toBe(200);
    expect((options.json() as Array<{ value: string }>).map((o) => o.value)).toContain(essms.id);
  });
});

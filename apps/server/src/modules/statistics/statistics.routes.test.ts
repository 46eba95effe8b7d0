import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories.js";
import { type Session, signIn } from "../../../test/session.js";
import { statisticsWorld } from "../../../test/statistics-fixtures.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { fixedClock } from "../../lib/clock.js";

// Today is 15/06/2026; the figures below are counted by hand from test/statistics-fixtures.ts.
const clock = fixedClock("2026-06-15T10:00:00Z");
const PERIOD = "from=2026-01-01&to=2026-06-30";

describe("statistics", () => {
  let ctx: TestContext;
  let dir: Session;
  let world: Awaited<ReturnType<typeof statisticsWorld>>;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const db = ctx.handle.db;
    dir = await signIn(ctx, (await buildUser(db, "DIR")).identifier);
    world = await statisticsWorld(db);
  });
  afterAll(() => ctx.close());

  const get = (url: string, session: Session | null = dir) =>
    ctx.app.inject({ method: "GET", url, headers: session?.bearer ?? {} });
  const clientsOf = async (query: string) => {
    const response = await get(`/api/statistics/clients?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it("counts the evaluations sold, planned, done and finalised per month and per département", async () => {
    const s = await clientsOf(PERIOD);
    expect(s.period).toEqual({ from: "2026-01-01", to: "2026-06-30" });
    expect(s.evaluationsByMonth).toEqual([
      { month: "2026-01", sold: 0, planned: 0, done: 0, finalised: 0 },
      { month: "2026-02", sold: 1, planned: 0, done: 0, finalised: 0 },
      { month: "2026-03", sold: 1, planned: 1, done: 1, finalised: 0 },
      { month: "2026-04", sold: 0, planned: 1, done: 1, finalised: 0 },
      { month: "2026-05", sold: 0, planned: 0, done: 0, finalised: 1 },
      // Planned for the 20th: not done yet on the 15th.
      { month: "2026-06", sold: 0, planned: 1, done: 0, finalised: 0 },
    ]);
    expect(s.evaluationTotals).toEqual({ sold: 2, planned: 3, done: 2, finalised: 1 });
    expect(s.evaluationsByDepartement).toEqual([
      { departement: "13", sold: 0, planned: 1, done: 0, finalised: 0 },
      { departement: "69", sold: 1, planned: 1, done: 1, finalised: 1 },
      { departement: "75", sold: 1, planned: 1, done: 1, finalised: 0 },
    ]);
  });

  it("sums the invoices issued minus the credit notes, and the payments received, per month", async () => {
    const s = await clientsOf(PERIOD);
    const month = (m: string) => s.revenueByMonth.find((r: { month: string }) => r.month === m);
    expect(month("2026-01")).toEqual({ month: "2026-01", invoicedHt: 0, invoicedTtc: 0, collected: 100 });
    expect(month("2026-02")).toEqual({ month: "2026-02", invoicedHt: 1000, invoicedTtc: 1200, collected: 0 });
    // 500 € deposit − 200 € credit note (HT); 600 − 240 (TTC).
    expect(month("2026-03")).toEqual({ month: "2026-03", invoicedHt: 300, invoicedTtc: 360, collected: 0 });
    expect(month("2026-04")?.collected).toBe(600);
    expect(month("2026-05")?.collected).toBe(500);
    // The draft (999,99 €) and the invoice of December 2025 are not counted.
    expect(s.revenueTotals).toEqual({ invoicedHt: 1300, invoicedTtc: 1560, collected: 1200 });
  });

  it("follows the requests of the period to their quotes and signatures, with the delays", async () => {
    const s = await clientsOf(PERIOD);
    expect(s.pipeline).toEqual({
      requests: 4,
      quoted: 3,
      signed: 2,
      quoteRate: 75,
      signatureRate: 66.7,
      conversionRate: 50,
      // 10, 10 and 4 days; 20 and 30; 30 and 40.
      requestToQuote: { count: 3, averageDays: 8, medianDays: 10 },
      quoteToSignature: { count: 2, averageDays: 25, medianDays: 25 },
      requestToSignature: { count: 2, averageDays: 35, medianDays: 35 },
    });
  });

  it("judges the reports of the visits done against their deadlines", async () => {
    const s = await clientsOf(PERIOD);
    expect(s.reports).toEqual([
      // A: sent 05/04 for 10/04; B: due 21/05, still missing on 15/06 (25 days late).
      { report: "PRELIMINARY", onTime: 1, late: 1, pending: 0, averageDelayDays: 25 },
      // A: due 30/04 (observations 15/04 + 15), sent 05/05; B: preliminary not sent, not due yet.
      { report: "FINAL", onTime: 0, late: 1, pending: 1, averageDelayDays: 5 },
    ]);
  });

  it("averages satisfaction and performance per evaluator", async () => {
    const s = await clientsOf(PERIOD);
    expect(s.evaluators).toEqual([
      {
        auditorId: world.x.id,
        name: "Xavier Statistique",
        satisfactionAnswers: 2,
        satisfactionAverage: 2.75,
        performanceMissions: 2,
        performanceAverage: 4,
      },
      {
        auditorId: world.y.id,
        name: "Yvette Statistique",
        satisfactionAnswers: 1,
        satisfactionAverage: 3.5,
        performanceMissions: 1,
        performanceAverage: 2,
      },
    ]);
  });

  it("narrows every figure by sector domain, gestionnaire and period", async () => {
    const pa = await clientsOf(`${PERIOD}&domain=PA`);
    expect(pa.evaluationTotals).toEqual({ sold: 1, planned: 2, done: 1, finalised: 1 });
    expect(pa.pipeline).toMatchObject({ requests: 3, quoted: 2, signed: 1 });
    expect(pa.revenueTotals).toEqual({ invoicedHt: 800, invoicedTtc: 960, collected: 600 });
    expect(pa.evaluators.map((e: { name: string }) => e.name)).toEqual(["Xavier Statistique", "Yvette Statistique"]);
    expect(pa.evaluators[0].satisfactionAnswers).toBe(1);

    const managed = await clientsOf(`${PERIOD}&gestionnaireId=${world.gestionnaire.id}`);
    expect(managed.evaluationTotals).toEqual({ sold: 2, planned: 2, done: 2, finalised: 1 });
    expect(managed.evaluationsByDepartement.map((d: { departement: string }) => d.departement)).toEqual(["69", "75"]);
    expect(managed.pipeline).toMatchObject({ requests: 2, quoted: 2, signed: 2, conversionRate: 100 });
    expect(managed.revenueTotals.collected).toBe(1100);

    const spring = await clientsOf("from=2026-04-01&to=2026-05-31");
    expect(spring.evaluationsByMonth.map((m: { month: string }) => m.month)).toEqual(["2026-04", "2026-05"]);
    expect(spring.evaluationTotals).toEqual({ sold: 0, planned: 1, done: 1, finalised: 1 });
    expect(spring.pipeline.requests).toBe(1);
  });

  it("defaults to the last twelve months and refuses a reversed or unknown filter", async () => {
    const s = await clientsOf("");
    expect(s.period).toEqual({ from: "2025-07-01", to: "2026-06-15" });
    expect(s.evaluationsByMonth).toHaveLength(12);
    expect(s.evaluationTotals.sold).toBe(3);
    expect((await get("/api/statistics/clients?from=2026-05-01&to=2026-04-01")).statusCode).toBe(400);
    expect((await get("/api/statistics/clients?domain=XX")).statusCode).toBe(400);
    expect((await get("/api/statistics/clients?from=2020-01-01&to=2026-01-01")).statusCode).toBe(400);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await get(`/api/statistics/clients?gestionnaireId=${unknown}`)).statusCode).toBe(404);
    expect((await get(`/api/statistics/link-interest?auditorId=${unknown}`)).statusCode).toBe(404);
  });

  it("lists the links of interest and the engine's decisions of the period", async () => {
    const response = await get(`/api/statistics/link-interest?${PERIOD}`);
    expect(response.statusCode, response.body).toBe(200);
    const s = response.json();
    // Yvette's only link ended in 2025; Xavier's link to the gestionnaire ended on 31/03/2026.
    expect(s.byEvaluator).toEqual([
      {
        auditorId: world.x.id,
        name: "Xavier Statistique",
        links: 2,
        active: 1,
        organisations: 2,
        refused: 1,
        justified: 0,
      },
      {
        auditorId: world.z.id,
        name: "Zoé Statistique",
        links: 1,
        active: 1,
        organisations: 1,
        refused: 0,
        justified: 1,
      },
    ]);
    const org = (id: string) => s.byOrganisation.find((o: { organisationId: string }) => o.organisationId === id);
    expect(org(world.a.id)).toMatchObject({ organisationType: "ESSMS", evaluators: 1, links: 1, active: 1 });
    expect(org(world.gestionnaire.id)).toMatchObject({ organisationType: "GESTIONNAIRE", links: 1, active: 0 });
    expect(org(world.c.id)).toMatchObject({ evaluators: 1, active: 1 });
    expect(s.decisions).toMatchObject([
      {
        decision: "JUSTIFIED",
        at: "2026-04-10",
        auditorId: world.z.id,
        clientName: world.c.raisonSocial,
        reasons: ["Domaine non couvert."],
        justification: "Seule évaluatrice disponible sur le secteur.",
      },
      {
        decision: "REFUSED",
        at: "2026-03-01",
        auditorId: world.x.id,
        contractNumber: world.k1.number,
        reasons: ["Intérêt en cours avec l'établissement."],
        justification: null,
      },
    ]);

    const xavier = (await get(`/api/statistics/link-interest?${PERIOD}&auditorId=${world.x.id}`)).json();
    expect(xavier.byEvaluator.map((e: { name: string }) => e.name)).toEqual(["Xavier Statistique"]);
    expect(xavier.decisions).toHaveLength(1);
    const spring = (await get("/api/statistics/link-interest?from=2026-04-01&to=2026-06-30")).json();
    expect(spring.byEvaluator[0]).toMatchObject({ name: "Xavier Statistique", links: 1, refused: 0 });
    expect(spring.decisions.map((d: { decision: string }) => d.decision)).toEqual(["JUSTIFIED"]);
  });

  it("exports each screen's tables as a real workbook with the same filters", async () => {
    const response = await get(`/api/statistics/clients/export.xlsx?${PERIOD}&domain=PA`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("spreadsheetml");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      "Évaluations par mois",
      "Évaluations par département",
      "Chiffre d'affaires",
      "Demandes à signature",
      "Délais des rapports",
      "Évaluateurs",
    ]);
    const months = book.getWorksheet("Évaluations par mois");
    expect(months?.getRow(3).values).toEqual([undefined, "février 2026", 1, 0, 0, 0]);
    const revenue = book.getWorksheet("Chiffre d'affaires");
    expect(revenue?.getRow(8).values).toEqual([undefined, "Total", 800, 960, 600]);

    const links = await get(`/api/statistics/link-interest/export.xlsx?${PERIOD}`);
    const linkBook = new ExcelJS.Workbook();
    await linkBook.xlsx.load(links.rawPayload as unknown as ArrayBuffer);
    const decisions = linkBook.getWorksheet("Affectations");
    expect(decisions?.rowCount).toBe(3);
    expect(decisions?.getRow(2).getCell(2).value).toBe("Autorisée avec justification");
  });

  it("offers the gestionnaires and evaluators of the filters", async () => {
    const response = await get("/api/statistics/filter-options");
    expect(response.statusCode).toBe(200);
    const options = response.json();
    expect(options.gestionnaires).toContainEqual({ value: world.gestionnaire.id, label: "Gestionnaire Stat" });
    expect(options.evaluators).toContainEqual({ value: world.z.id, label: "Zoé Statistique" });
  });

  it("needs the create right on STATISTIC: read alone, evaluators and clients are refused", async () => {
    const db = ctx.handle.db;
    for (const profile of ["CC", "QSE", "COMPTA"] as const) {
      const session = await signIn(ctx, (await buildUser(db, profile)).identifier);
      expect((await get("/api/statistics/clients", session)).statusCode, profile).toBe(200);
    }
    for (const profile of ["CMCC", "CPI", "RH", "AUDITEUR", "MYQUALIANOR"] as const) {
      const session = await signIn(ctx, (await buildUser(db, profile)).identifier);
      expect((await get("/api/statistics/clients", session)).statusCode, profile).toBe(403);
      expect((await get("/api/statistics/link-interest/export.xlsx", session)).statusCode, profile).toBe(403);
      expect((await get("/api/statistics/filter-options", session)).statusCode, profile).toBe(403);
    }
    expect((await get("/api/statistics/clients", null)).statusCode).toBe(401);
  });
});

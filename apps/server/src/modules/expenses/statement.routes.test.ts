import fs from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildUser, completeCompanyIdentity } from "../../../test/factories.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { multipartBody, samplePdf } from "../../../test/multipart.js";
import { pdfText } from "../../../test/pdf-text.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { fixedClock } from "../../lib/clock.js";

// 15 May 2026: April is over; a mission whose last day is 20 May is not done yet.
const clock = fixedClock("2026-05-15T08:00:00Z");
type Item = { id: string; version: number };

/**
 * A crafted April for a freelance evaluator (Fanny Libérale, 600 € a day):
 * - fees: mission A (7-8 April, 1.5 days, her invoice of 850 € paid) and mission B (28-29 April, no invoice
 *   yet: 600 € × 2 = 1 200 €); mission C ended in March, mission D ends on 20 May: neither counts;
 * - expenses: a meal of 25 € approved, a train of 120 € reimbursed; a lodging of 90 € still to validate, a
 *   meal of 15 € rejected, a taxi of 40 € approved but dated in March: none counts.
 * April: fees 2 050 €, expenses 145 €, total 2 195 €, paid 970 € (invoice + train), 1 225 € to pay.
 * Her salaried colleague on mission A gets no fee, only her approved 30 € expense.
 */
describe("monthly statements and what is to be paid to evaluators", () => {
  let ctx: TestContext;
  let compta: Session;
  let cc: Session;
  let dir: Session;
  let fanny: Session;
  let sam: Session;
  let fannyId: string;
  let samId: string;
  let colleagueId: string;

  const call = (url: string, session: Session) => ctx.app.inject({ method: "GET", url, headers: session.bearer });
  const post = async (url: string, session: Session, payload: object) => {
    const r = await ctx.app.inject({ method: "POST", url, headers: session.bearer, payload });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Item;
  };
  async function expense(session: Session, missionId: string, body: object, outcome: string) {
    const form = multipartBody(
      { expense: JSON.stringify(body) },
      { name: "ticket.pdf", data: samplePdf("Ticket"), type: "application/pdf" },
    );
    const declared = await ctx.app.inject({
      method: "POST",
      url: `/api/missions/${missionId}/expenses`,
      headers: { ...session.bearer, ...form.headers },
      payload: form.payload,
    });
    expect(declared.statusCode, declared.body).toBe(200);
    const e = declared.json() as Item;
    if (outcome === "SUBMITTED") return;
    if (outcome === "REJECTED") {
      await post(`/api/expenses/${e.id}/reject`, compta, { reason: "Hors mission", version: e.version });
      return;
    }
    const approved = await post(`/api/expenses/${e.id}/approve`, compta, { version: e.version });
    if (outcome === "REIMBURSED")
      await post(`/api/expenses/${e.id}/reimburse`, compta, { date: "2026-05-05", version: approved.version });
  }
  const mission = async (days: string[], team: Array<{ auditorId: string; role: "COORDINATOR" | "EVALUATOR" }>) =>
    (await signedContract(ctx, dir, { days: days.map((day) => ({ day, timeSlotId: 1 })), team })).missions[0]?.id ?? "";

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const db = ctx.handle.db;
    await completeCompanyIdentity(db);
    compta = await signIn(ctx, (await buildUser(db, "COMPTA")).identifier);
    cc = await signIn(ctx, (await buildUser(db, "CC")).identifier);
    dir = await signIn(ctx, (await buildUser(db, "DIR")).identifier);
    const f = await buildAuditor(db, {
      firstName: "Fanny",
      lastName: "Libérale",
      status: "INDEPENDANT",
      dailyFee: 600,
      siret: "73282932000074",
    });
    const s = await buildAuditor(db, { firstName: "Sam", lastName: "Salarié" });
    const g = await buildAuditor(db, { firstName: "Gaël", lastName: "Autre", status: "INDEPENDANT", dailyFee: 500 });
    fannyId = f.id;
    samId = s.id;
    colleagueId = g.id;
    fanny = await signIn(ctx, (await buildUser(db, "AUDITEUR", { auditorId: f.id })).identifier);
    sam = await signIn(ctx, (await buildUser(db, "AUDITEUR", { auditorId: s.id })).identifier);

    const a = await signedContract(ctx, dir, {
      days: [
        { day: "2026-04-07", timeSlotId: 1 },
        { day: "2026-04-08", timeSlotId: 5 },
      ],
      team: [
        { auditorId: f.id, role: "COORDINATOR" },
        { auditorId: s.id, role: "EVALUATOR" },
      ],
    });
    const missionA = a.missions[0]?.id ?? "";
    await mission(
      ["2026-04-28", "2026-04-29"],
      [
        { auditorId: f.id, role: "COORDINATOR" },
        { auditorId: g.id, role: "EVALUATOR" },
      ],
    );
    const missionC = await mission(
      ["2026-03-20"],
      [
        { auditorId: f.id, role: "COORDINATOR" },
        { auditorId: g.id, role: "EVALUATOR" },
      ],
    );
    await mission(
      ["2026-05-19", "2026-05-20"],
      [
        { auditorId: f.id, role: "COORDINATOR" },
        { auditorId: s.id, role: "EVALUATOR" },
      ],
    );

    // Fanny's invoice for mission A (850 € HT, under the agreed 900 €), paid.
    const form = multipartBody(
      { invoice: JSON.stringify({ number: "FL-2026-014", amountCents: 85000 }) },
      { name: "facture.pdf", data: samplePdf("Facture"), type: "application/pdf" },
    );
    const filed = await ctx.app.inject({
      method: "POST",
      url: `/api/missions/${missionA}/fees/invoice`,
      headers: { ...fanny.bearer, ...form.headers },
      payload: form.payload,
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const fee = (filed.json() as { items: Array<{ invoice: Item | null }> }).items[0]?.invoice as Item;
    await post(`/api/auditor-invoices/${fee.id}/paid`, compta, { date: "2026-05-10", version: fee.version });

    await expense(fanny, missionA, { kind: "MEAL", date: "2026-04-07", amountCents: 2500 }, "APPROVED");
    await expense(
      fanny,
      missionA,
      { kind: "TRANSPORT", transportMode: "TRAIN", date: "2026-04-08", amountCents: 12000, description: "Lyon-Paris" },
      "REIMBURSED",
    );
    await expense(fanny, missionA, { kind: "LODGING", date: "2026-04-08", amountCents: 9000 }, "SUBMITTED");
    await expense(fanny, missionA, { kind: "MEAL", date: "2026-04-09", amountCents: 1500 }, "REJECTED");
    await expense(
      fanny,
      missionC,
      { kind: "TRANSPORT", transportMode: "TAXI", date: "2026-03-20", amountCents: 4000 },
      "APPROVED",
    );
    await expense(sam, missionA, { kind: "MEAL", date: "2026-04-07", amountCents: 3000 }, "APPROVED");
  }, 240_000);
  afterAll(() => ctx.close());

  it("lists an evaluator's months with the fees of the missions done and the validated expenses only", async () => {
    const r = await call(`/api/auditors/${fannyId}/statements`, fanny);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      items: [
        {
          month: "2026-04",
          missions: 2,
          feesCents: 205000,
          expensesCents: 14500,
          totalCents: 219500,
          paidCents: 97000,
        },
        { month: "2026-03", missions: 1, feesCents: 60000, expensesCents: 4000, totalCents: 64000, paidCents: 0 },
      ],
      total: 2,
      page: 1,
      pageSize: 12,
    });
    const second = (await call(`/api/auditors/${fannyId}/statements?pageSize=1&page=2`, compta)).json();
    expect(second).toMatchObject({ items: [{ month: "2026-03" }], total: 2, page: 2 });
    // A salaried evaluator: no fee, their validated expenses.
    const salaried = (await call(`/api/auditors/${samId}/statements`, sam)).json();
    expect(salaried.items).toEqual([
      { month: "2026-04", missions: 0, feesCents: 0, expensesCents: 3000, totalCents: 3000, paidCents: 0 },
    ]);
  });

  it("renders the month as a real PDF: each fee and validated expense, the totals, nothing else", async () => {
    const r = await call(`/api/auditors/${fannyId}/statement?month=2026-04`, fanny);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers["content-type"]).toBe("application/pdf");
    expect(r.headers["content-disposition"]).toBe('attachment; filename="releve-liberale-2026-04.pdf"');
    // STATEMENT_OUT=/some/dir keeps the PDF for a look by hand.
    if (process.env.STATEMENT_OUT) fs.writeFileSync(path.join(process.env.STATEMENT_OUT, "releve.pdf"), r.rawPayload);
    // Cells come back apart, with runs of spaces; amounts with no-break spaces.
    const text = (await pdfText(r.rawPayload)).replace(/[\s\u00a0]+/g, " ");
    expect(text).toContain("Relevé mensuel — avril 2026");
    expect(text).toContain("Fanny Libérale");
    expect(text).toContain("SIRET 73282932000074");
    for (const line of [
      "Honoraires des missions du mois 2 050,00 €",
      "Frais validés du mois 145,00 €",
      "Total du mois 2 195,00 €",
      "Déjà payé 970,00 €",
      "Reste à payer 1 225,00 €",
    ])
      expect(text).toContain(line);
    expect(text).toContain("FL-2026-014");
    expect(text).toContain("850,00 €");
    expect(text).toContain("1 200,00 €");
    expect(text).toContain("Facture attendue");
    expect(text).toContain("Lyon-Paris");
    expect(text).toContain("Remboursée");
    // The expense to validate (90 €), the rejected one (15 €) and March's taxi (40 €) are not there.
    for (const absent of ["90,00 €", "15,00 €", "40,00 €", "Taxi", "20/03/2026", "19/05/2026"])
      expect(text).not.toContain(absent);
    const xlsx = await call(`/api/auditors/${fannyId}/statement?month=2026-04&format=xlsx`, compta);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const amounts = book.worksheets[0]?.getColumn(6).values.slice(2);
    expect(amounts).toEqual([850, 1200, 25, 120]);
  });

  it("lets an evaluator read only their own statements; staff read anyone's", async () => {
    // Another's record answers 404, not 403: an evaluator does not learn who else exists (record scope).
    for (const url of [`/api/auditors/${fannyId}/statements`, `/api/auditors/${fannyId}/statement?month=2026-04`]) {
      const refused = await call(url, sam);
      expect(refused.statusCode).toBe(404);
      expect(errorOf(refused).message).toBe("Évaluateur introuvable.");
    }
    expect((await call(`/api/auditors/${samId}/statement?month=2026-04`, cc)).statusCode).toBe(200);
    expect((await call(`/api/auditors/${samId}/statements`, dir)).statusCode).toBe(200);
    const bad = await call(`/api/auditors/${fannyId}/statement?month=2026-13`, fanny);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe("Mois invalide (AAAA-MM).");
  });

  it("lists what is to be paid for a period, one row per evaluator, with the period's totals", async () => {
    const r = await call("/api/auditor-payments?from=2026-04-01&to=2026-04-30", compta);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      items: [
        {
          auditorId: colleagueId,
          auditorName: "Gaël Autre",
          status: "INDEPENDANT",
          siret: null,
          missions: 1,
          days: 2,
          feesCents: 100000,
          expensesCents: 0,
          totalCents: 100000,
          paidCents: 0,
          dueCents: 100000,
        },
        {
          auditorId: fannyId,
          auditorName: "Fanny Libérale",
          status: "INDEPENDANT",
          siret: "73282932000074",
          missions: 2,
          days: 3.5,
          feesCents: 205000,
          expensesCents: 14500,
          totalCents: 219500,
          paidCents: 97000,
          dueCents: 122500,
        },
        expect.objectContaining({ auditorId: samId, feesCents: 0, expensesCents: 3000, dueCents: 3000 }),
      ],
      total: 3,
      page: 1,
      pageSize: 50,
      totals: { feesCents: 305000, expensesCents: 17500, totalCents: 322500, paidCents: 97000, dueCents: 225500 },
    });
    const byDue = (await call("/api/auditor-payments?from=2026-04-01&to=2026-04-30&sort=due&pageSize=1", dir)).json();
    expect(byDue).toMatchObject({ items: [{ auditorId: fannyId }], total: 3 });
    const reversed = await call("/api/auditor-payments?from=2026-04-30&to=2026-04-01", compta);
    expect(reversed.statusCode).toBe(400);
    expect(errorOf(reversed).message).toBe("La période se termine avant de commencer.");
  });

  it("exports the period as XLSX (by evaluator, detail by mission) and CSV; for those who pay only", async () => {
    const xlsx = await call("/api/auditor-payments/export?from=2026-03-01&to=2026-04-30", compta);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers["content-disposition"]).toBe(
      'attachment; filename="paiements-evaluateurs-2026-03-01-2026-04-30.xlsx"',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(["Par évaluateur", "Détail par mission"]);
    const byAuditor = book.getWorksheet("Par évaluateur");
    expect(byAuditor?.getRow(3).values).toEqual([
      undefined,
      "Fanny Libérale",
      "Indépendant(e)",
      "73282932000074",
      3,
      4.5,
      2650,
      185,
      2835,
      970,
      1865,
    ]);
    const detail = book.getWorksheet("Détail par mission");
    const fannyRows = (detail?.getSheetValues() ?? []).filter(
      (row) => Array.isArray(row) && row[1] === "Fanny Libérale",
    );
    expect(fannyRows.map((row) => (row as unknown[]).slice(4, 12))).toEqual([
      [1, undefined, "Facture attendue", 600, 40, 640, 0, 640],
      [1.5, "FL-2026-014", "Payée", 850, 145, 995, 970, 25],
      [2, undefined, "Facture attendue", 1200, 0, 1200, 0, 1200],
    ]);

    const csv = await call("/api/auditor-payments/export?from=2026-04-01&to=2026-04-30&format=csv", compta);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Évaluateur;Statut;SIRET;Période;Missions;Jours;Honoraires;Frais validés;Total;Déjà payé;Reste à payer",
    );
    expect(lines).toContain(
      "Fanny Libérale;Indépendant(e);73282932000074;01/04/2026 - 30/04/2026;2;3,5;2050,00;145,00;2195,00;970,00;1225,00",
    );
    expect(lines.length).toBe(4);

    // Those who do not record payments, and the evaluators themselves, may not see what others are paid.
    for (const session of [cc, fanny])
      for (const url of [
        "/api/auditor-payments?from=2026-04-01&to=2026-04-30",
        "/api/auditor-payments/export?from=2026-04-01&to=2026-04-30",
      ])
        expect((await call(url, session)).statusCode).toBe(403);
  });
});

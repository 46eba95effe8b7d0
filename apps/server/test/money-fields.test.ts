import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/lib/clock.js";
import {
  buildAuditor,
  buildContract,
  buildEssms,
  buildRequest,
  buildUser,
  completeCompanyIdentity,
} from "./factories.js";
import { signedContract } from "./mission-fixtures.js";
import { multipartBody, samplePdf } from "./multipart.js";
import { errorOf, type Session, signIn } from "./session.js";
import { createTestApp, type TestContext } from "./test-app.js";

/**
 * Every field of money the API takes: two decimals at most (a whole number of cents) and at least 0,01 €
 * where it must be positive, refused in French with the field named, nothing written. A tiny amount
 * (0,000000001 €) used to pass the "two decimals" checks, stored as 0 cent.
 */
const TWO_DECIMALS = /deux décimales au plus/;
const TINY = 0.000000001;
const clock = fixedClock("2026-04-10T09:00:00Z");

describe("money fields", () => {
  let ctx: TestContext;
  let dir: Session;
  let compta: Session;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    await completeCompanyIdentity(ctx.handle.db);
    dir = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
    compta = await signIn(ctx, (await buildUser(ctx.handle.db, "COMPTA")).identifier);
  });
  afterAll(() => ctx.close());

  const call = (session: Session, method: "POST" | "PUT", url: string, payload: object) =>
    ctx.app.inject({ method, url, headers: session.bearer, payload });
  const refused = (response: LightMyRequestResponse, message: RegExp | string, field?: string) => {
    expect(response.statusCode, response.body).toBe(400);
    const error = errorOf(response) as { message: string; details?: Array<{ path: string; message: string }> };
    expect(error.message).toMatch(message);
    if (field) expect(error.details?.map((d) => d.path)).toContain(field);
  };
  const count = async (table: string) =>
    ((await ctx.handle.queryRaw(`select count(*)::int as n from ${table}`))[0] as { n: number }).n;

  const invoiceLine = (label: string, unitPrice: number) => ({
    kind: "SERVICE",
    label,
    quantity: 1,
    unitPrice,
    vatRate: 0.2,
  });
  async function draftInvoice() {
    const signed = await signedContract(ctx, dir, { days: [{ day: "2026-04-07", timeSlotId: 1 }] });
    const draft = await call(compta, "POST", "/api/invoices", { missionId: signed.missions[0]?.id });
    expect(draft.statusCode, draft.body).toBe(200);
    return draft.json() as { id: string; version: number };
  }

  /** An issued balance invoice of 1 200 € TTC, with a 0,40 € line (a credit of 0,01 of it is under a cent). */
  async function issuedInvoice() {
    const { id, version } = await draftInvoice();
    const lines = [invoiceLine("Évaluation externe", 999.6), invoiceLine("Photocopie", 0.4)];
    const saved = await call(compta, "PUT", `/api/invoices/${id}`, { lines, buyerReference: {}, notes: null, version });
    expect(saved.statusCode, saved.body).toBe(200);
    const issued = await call(compta, "POST", `/api/invoices/${id}/issue`, {
      version: (saved.json() as { version: number }).version,
    });
    expect(issued.statusCode, issued.body).toBe(200);
    return issued.json() as { id: string; version: number; status: string; totalTtc: number };
  }

  it("invoice lines: unit prices with two decimals", async () => {
    const { id, version } = await draftInvoice();
    const save = (unitPrice: number) =>
      call(compta, "PUT", `/api/invoices/${id}`, {
        lines: [invoiceLine("Évaluation", unitPrice)],
        buyerReference: {},
        notes: null,
        version,
      });
    refused(await save(100.001), /Le prix unitaire HT : deux décimales/, "body.lines.0.unitPrice");
    refused(await save(100 + TINY), /Le prix unitaire HT : deux décimales/);
    expect((await save(100.01)).statusCode).toBe(200);
  });

  it("payments and refunds: at least 0,01 €, two decimals; the invoice does not move", async () => {
    const invoice = await issuedInvoice();
    const pay = (amount: number) =>
      call(compta, "POST", `/api/invoices/${invoice.id}/payments`, { date: "2026-04-10", amount, method: "TRANSFER" });
    refused(await pay(TINY), "Le montant doit être d'au moins 0,01 €.", "body.amount");
    refused(await pay(0), "Le montant doit être d'au moins 0,01 €.");
    refused(await pay(12.345), TWO_DECIMALS, "body.amount");
    refused(await pay(100 + TINY), TWO_DECIMALS);
    const state = await ctx.handle.queryRaw("select status, paid_cents from invoices where id = $1", [invoice.id]);
    expect(state).toEqual([{ status: "INVOICE_ISSUED", paid_cents: 0 }]);
    expect(await count("invoice_payments")).toBe(0);
    // The smallest and an ordinary amount pass.
    expect((await pay(0.01)).statusCode).toBe(200);
    expect((await pay(0.29)).json()).toMatchObject({ status: "INVOICE_PARTIALLY_PAID", paid: 0.3 });
    const refund = await call(compta, "POST", `/api/invoices/${invoice.id}/refunds`, {
      date: "2026-04-10",
      amount: TINY,
      method: "TRANSFER",
    });
    refused(refund, "Le montant doit être d'au moins 0,01 €.");
  });

  it("credit notes: quantities with two decimals, and never a credit note under one cent", async () => {
    const invoice = await issuedInvoice();
    const credit = (lines: Array<{ position: number; quantity: number }>) =>
      call(compta, "POST", `/api/invoices/${invoice.id}/credit-note`, {
        version: invoice.version,
        reason: "Geste commercial",
        lines,
      });
    const invoicesBefore = await count("invoices");
    refused(await credit([{ position: 1, quantity: TINY }]), "Deux décimales au plus.", "body.lines.0.quantity");
    refused(await credit([{ position: 1, quantity: 0.001 }]), "Deux décimales au plus.");
    // 0,01 × 0,40 € HT = 0,004 € HT, 0,0048 € TTC: not even a cent.
    refused(await credit([{ position: 2, quantity: 0.01 }]), "L'avoir doit être d'au moins 0,01 €.");
    expect(await count("invoices")).toBe(invoicesBefore);
    expect((await credit([{ position: 1, quantity: 0.01 }])).statusCode).toBe(200);
  });

  it("quotes: unit prices and the flat travel fee", async () => {
    const essms = await buildEssms(ctx.handle.db, { prospect: true });
    const request = await buildRequest(ctx.handle.db, { clientIds: [essms.id] });
    const quote = (unitPrice: number, travelExpenseAmount: number | null = null) =>
      call(dir, "POST", `/api/requestclients/${request.id}/quotes`, {
        lines: [{ service: "Évaluation", days: 1, unitPrice, quantity: 1 }],
        vatRate: 0.2,
        travelExpenseMode: travelExpenseAmount === null ? 2 : 3,
        travelExpenseAmount,
      });
    const before = await count("quotes");
    refused(await quote(980 + TINY), /Le prix unitaire : deux décimales/, "body.lines.0.unitPrice");
    refused(await quote(980, TINY), /Le forfait de déplacement : deux décimales/, "body.travelExpenseAmount");
    expect(await count("quotes")).toBe(before);
    expect((await quote(980.5, 0.01)).statusCode).toBe(200);
  });

  it("contracts: the amount and the flat travel fee", async () => {
    const essms = await buildEssms(ctx.handle.db, { prospect: true });
    const request = await buildRequest(ctx.handle.db, { clientIds: [essms.id] });
    const contract = await buildContract(ctx.handle.db, { requestId: request.id, clientIds: [essms.id] });
    const terms = (amountHT: number, travelExpenseAmount: number | null) =>
      call(dir, "PUT", `/api/contracts/${contract.id}/terms`, {
        typology: "STANDARD_CONTRACT_DRAWN_UP_WITH_CREG_2",
        deadline: null,
        amountHT,
        vatRate: 0.2,
        travelExpenseMode: travelExpenseAmount === null ? 2 : 3,
        travelExpenseAmount,
        version: contract.version,
      });
    refused(await terms(5000.001, null), /Le montant HT : deux décimales/, "body.amountHT");
    refused(await terms(5000, TINY), /Le forfait de déplacement : deux décimales/, "body.travelExpenseAmount");
    const [row] = await ctx.handle.queryRaw("select amount_ht, version from contracts where id = $1", [contract.id]);
    expect(row).toMatchObject({ version: contract.version });
    expect((await terms(5000.5, 400.25)).statusCode).toBe(200);
  });

  describe("an evaluator's money", () => {
    let evaluator: Session;
    let missionId: string;

    beforeAll(async () => {
      const db = ctx.handle.db;
      const freelance = await buildAuditor(db, { status: "INDEPENDANT", dailyFee: 650 });
      evaluator = await signIn(ctx, (await buildUser(db, "AUDITEUR", { auditorId: freelance.id })).identifier);
      const signed = await signedContract(ctx, dir, {
        days: [{ day: "2026-04-07", timeSlotId: 1 }],
        team: [
          { auditorId: freelance.id, role: "COORDINATOR" },
          { auditorId: (await buildAuditor(db)).id, role: "EVALUATOR" },
        ],
      });
      missionId = signed.missions[0]?.id ?? "";
    });
    const upload = (url: string, field: string, value: object) => {
      const body = multipartBody({ [field]: JSON.stringify(value) }, { name: "piece.pdf", data: samplePdf() });
      return ctx.app.inject({
        method: "POST",
        url,
        headers: { ...evaluator.bearer, ...body.headers },
        payload: body.payload,
      });
    };

    it("expenses and fee invoices (in cents): whole cents, at least one", async () => {
      const documents = await count("documents");
      const expense = (amountCents: number) =>
        upload(`/api/missions/${missionId}/expenses`, "expense", { kind: "MEAL", date: "2026-04-07", amountCents });
      refused(await expense(1890.5), "Le montant : deux décimales au plus (au centime près).", "body.amountCents");
      refused(await expense(0), "Le montant doit être d'au moins 0,01 €.");
      const fee = (amountCents: number) =>
        upload(`/api/missions/${missionId}/fees/invoice`, "invoice", { number: "F-1", amountCents });
      refused(await fee(TINY), "Le montant HT : deux décimales au plus (au centime près).", "body.amountCents");
      expect(await count("expenses")).toBe(0);
      expect(await count("documents")).toBe(documents);
    });

    it("the daily fee of an evaluator's file", async () => {
      const body = {
        civility: "Mme",
        firstName: "Hélène",
        lastName: "Dupré",
        email: "helene.dupre@exemple.fr",
        postalCode: "13005",
        city: "Marseille",
        status: "SALARIE",
        sectorDomains: ["PA"],
        roles: ["EVALUATOR"],
      };
      const before = await count("auditors");
      const create = (dailyFee: number) => call(dir, "POST", "/api/auditors", { ...body, dailyFee });
      refused(await create(650 + TINY), /Le tarif journalier : deux décimales/, "body.dailyFee");
      refused(await create(450.505), /Le tarif journalier : deux décimales/);
      expect(await count("auditors")).toBe(before);
      expect((await create(450.5)).statusCode).toBe(200);
    });
  });
});

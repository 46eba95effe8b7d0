import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, completeCompanyIdentity } from "../../../test/factories.js";
import { checkFacturX } from "../../../test/facturx-check.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import {
  clients,
  configuration,
  contracts,
  invoiceLines,
  invoiceSettings,
  invoices,
  mailOutbox,
  numberingSeries,
} from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";
import { buildFacturXml } from "./factur-x.js";

type Detail = {
  id: string;
  number: string | null;
  kind: string;
  status: string;
  version: number;
  totalHt: number;
  totalVat: number;
  totalTtc: number;
  paid: number;
  due: number;
  refundDue: number;
  payments: Array<{ amount: number }>;
  buyerReference: { buyerSiret: string | null; serviceCode: string | null; engagementNumber: string | null };
  credited: number;
  lines: Array<{ kind: string; label: string; quantity: number; unitPrice: number; vatRate: number; totalHt: number }>;
  vat: Array<{ vatRate: number; base: number; amount: number }>;
  creditNote: { id: string; number: string } | null;
  creditedInvoice: { id: string; number: string } | null;
  issueDate: string | null;
  dueDate: string | null;
  abilities: Record<string, boolean>;
};

// Friday 15 May 2026, 10:00 in Paris: the visits of April are over.
const clock = fixedClock("2026-05-15T08:00:00Z");
/** Set FACTURX_OUT=/some/dir to keep the XML files and run the EN 16931 validator on them (docs/development.md). */
const OUT = process.env.FACTURX_OUT;
/**
 * The official EN 16931 rules (CEN's artefact, outside the project): run when the folder sits beside
 * the repository with its dependencies installed (`npm --prefix ../shared/einvoicing install`), or
 * EINVOICING_DIR says where; skipped otherwise.
 */
const VALIDATOR = path.join(
  process.env.EINVOICING_DIR ?? path.resolve(import.meta.dirname, "../../../../../../shared/einvoicing"),
  "validate-cii.mjs",
);
const validatorReady = fs.existsSync(VALIDATOR) && fs.existsSync(path.join(path.dirname(VALIDATOR), "node_modules"));
const producedXml = new Map<string, string>();

describe("client invoices", () => {
  let ctx: TestContext;
  let compta: Session;
  let cc: Session;
  let dir: Session;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    compta = await signIn(ctx, (await buildUser(ctx.handle.db, "COMPTA")).identifier);
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    dir = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
    await completeCompanyIdentity(ctx.handle.db);
  });
  afterAll(() => ctx.close());

  const call = (method: "GET" | "PUT" | "POST", url: string, payload?: object, session = compta) =>
    ctx.app.inject({ method, url, headers: session.bearer, payload });
  const ok = async (method: "GET" | "PUT" | "POST", url: string, payload?: object) => {
    const r = await call(method, url, payload);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Detail;
  };

  /** A signed contract whose visit took place in April, with the given financial terms. */
  async function contract(terms: Partial<typeof contracts.$inferInsert> = {}, establishments = 1) {
    const signed = await signedContract(ctx, cc, {
      establishments,
      days: [{ day: "2026-04-07", timeSlotId: 1 }],
    });
    if (Object.keys(terms).length)
      await ctx.handle.db.update(contracts).set(terms).where(eq(contracts.id, signed.contract.id));
    return signed;
  }
  const balanceOf = async (missionId: string) => ok("POST", "/api/invoices", { missionId });
  const issue = (i: Detail) => ok("POST", `/api/invoices/${i.id}/issue`, { version: i.version });

  it("refuses to issue while the company identity lacks a mandatory mention (422, the missing items in French)", async () => {
    const { missions } = await contract();
    const draft = await balanceOf(missions[0]?.id ?? "");
    await ctx.handle.db.update(configuration).set({ siret: null, vatNumber: null });
    const r = await call("POST", `/api/invoices/${draft.id}/issue`, { version: draft.version });
    expect(r.statusCode).toBe(422);
    expect(errorOf(r).message).toMatch(/mentions obligatoires manquantes.*SIRET.*Numéro de TVA/);
    expect((await ok("GET", `/api/invoices/${draft.id}`)).status).toBe("INVOICE_PREPARE");
    await completeCompanyIdentity(ctx.handle.db);
  });

  it("computes totals in cents for every VAT rate and travel option", async () => {
    const cases = [
      { vatRate: 0.2, mode: 2, amountHT: 4875.5, flat: null, ht: 4875.5, vat: 975.1 },
      { vatRate: 0.085, mode: 2, amountHT: 4875.5, flat: null, ht: 4875.5, vat: 414.42 },
      { vatRate: 0, mode: 2, amountHT: 4875.5, flat: null, ht: 4875.5, vat: 0 },
      { vatRate: 0.2, mode: 3, amountHT: 5175.5, flat: 300, ht: 5175.5, vat: 1035.1 },
      { vatRate: 0.085, mode: 3, amountHT: 5175.5, flat: 300, ht: 5175.5, vat: 439.92 },
      { vatRate: 0, mode: 3, amountHT: 5175.5, flat: 300, ht: 5175.5, vat: 0 },
      { vatRate: 0.2, mode: 1, amountHT: 4875.5, flat: null, ht: 4875.5, vat: 975.1 },
      { vatRate: 0.085, mode: 1, amountHT: 4875.5, flat: null, ht: 4875.5, vat: 414.42 },
      { vatRate: 0, mode: 1, amountHT: 4875.5, flat: null, ht: 4875.5, vat: 0 },
    ];
    for (const c of cases) {
      const { missions } = await contract({
        vatRate: c.vatRate,
        travelExpenseMode: c.mode,
        travelExpenseAmount: c.flat,
        amountHT: c.amountHT,
      });
      const draft = await balanceOf(missions[0]?.id ?? "");
      expect(
        draft.lines.map((l) => l.kind),
        `mode ${c.mode}`,
      ).toEqual(c.mode === 3 ? ["SERVICE", "FLAT_FEE"] : ["SERVICE"]);
      expect({ ht: draft.totalHt, vat: draft.totalVat, ttc: draft.totalTtc }, JSON.stringify(c)).toEqual({
        ht: c.ht,
        vat: c.vat,
        ttc: Math.round((c.ht + c.vat) * 100) / 100,
      });
      expect(draft.vat).toEqual([{ vatRate: c.vatRate, base: c.ht, amount: c.vat }]);
      if (c.mode === 1) {
        // "Frais en sus": the travel expenses are rebilled at cost, entered on the draft.
        const withTravel = await ok("PUT", `/api/invoices/${draft.id}`, {
          lines: [
            ...draft.lines.map(({ totalHt: _t, ...l }) => l),
            {
              kind: "TRAVEL",
              label: "Train Lyon–Grenoble, 2 évaluateurs",
              quantity: 2,
              unitPrice: 61.35,
              vatRate: c.vatRate,
            },
            { kind: "TRAVEL", label: "Repas", quantity: 3, unitPrice: 18.33, vatRate: c.vatRate },
          ],
          buyerReference: { buyerSiret: "", serviceCode: "", engagementNumber: "" },
          notes: "",
          version: draft.version,
        });
        const ht = Math.round((c.ht + 122.7 + 54.99) * 100) / 100;
        expect(withTravel.totalHt).toBe(ht);
        expect(withTravel.totalVat).toBe(Math.round(Math.round(ht * 100) * c.vatRate) / 100);
      }
    }
  });

  it("keeps one VAT total per rate on a mixed invoice", async () => {
    const { missions } = await contract();
    const draft = await balanceOf(missions[0]?.id ?? "");
    const mixed = await ok("PUT", `/api/invoices/${draft.id}`, {
      lines: [
        { kind: "SERVICE", label: "Évaluation", quantity: 1, unitPrice: 1000.01, vatRate: 0.2 },
        { kind: "SERVICE", label: "Évaluation (Réunion)", quantity: 1.5, unitPrice: 333.33, vatRate: 0.085 },
        { kind: "SERVICE", label: "Formation exonérée", quantity: 1, unitPrice: 250, vatRate: 0 },
      ],
      buyerReference: { buyerSiret: "", serviceCode: "", engagementNumber: "" },
      notes: "",
      version: draft.version,
    });
    // 1.5 × 333.33 = 499.995 → 500.00 (half away from zero); VAT 20 % of 1000.01 = 200.002 → 200.00.
    expect(mixed.vat).toEqual([
      { vatRate: 0.2, base: 1000.01, amount: 200 },
      { vatRate: 0.085, base: 500, amount: 42.5 },
      { vatRate: 0, base: 250, amount: 0 },
    ]);
    expect([mixed.totalHt, mixed.totalVat, mixed.totalTtc]).toEqual([1750.01, 242.5, 1992.51]);
  });

  it("shows a client user their establishment's issued invoices in the portal, with the PDF; never a draft or another's", async () => {
    const { missions } = await contract({ amountHT: 2000, vatRate: 0.2, travelExpenseMode: 2, depositPercent: 0 });
    const clientId = missions[0]?.clientId ?? "";
    const portal = await signIn(ctx, (await buildUser(ctx.handle.db, "MYQUALIANOR", { clientId })).identifier);
    const draft = await balanceOf(missions[0]?.id ?? "");
    const listed = async () =>
      (await call("GET", "/api/client-portal/invoices", undefined, portal)).json() as {
        items: Array<{ id: string; number: string; totalTtc: number; due: number; pdfUrl: string }>;
      };
    expect((await listed()).items).toEqual([]);
    expect((await call("GET", `/api/client-portal/invoices/${draft.id}/pdf`, undefined, portal)).statusCode).toBe(404);
    const issued = await issue(draft);
    const [row] = (await listed()).items;
    expect(row).toMatchObject({ id: issued.id, number: issued.number, totalTtc: 2400, due: 2400 });
    const pdf = await call("GET", row?.pdfUrl ?? "", undefined, portal);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    // Another establishment's user, and the staff list: not theirs.
    const stranger = await signIn(ctx, (await buildUser(ctx.handle.db, "MYQUALIANOR")).identifier);
    expect((await call("GET", row?.pdfUrl ?? "", undefined, stranger)).statusCode).toBe(404);
    expect((await call("GET", "/api/client-portal/invoices", undefined, stranger)).json()).toEqual({ items: [] });
    expect((await call("GET", `/api/invoices/${issued.id}`, undefined, portal)).statusCode).toBe(403);
  });

  it("takes the deposit from the contract's own term: none at 0 %, its percentage otherwise", async () => {
    const none = await contract({ amountHT: 4000, depositPercent: 0 });
    const refused = await call("POST", "/api/invoices", { contractId: none.contract.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("Le contrat ne prévoit pas d'acompte (onglet Contrat).");
    const quarter = await contract({ amountHT: 4000, vatRate: 0.2, travelExpenseMode: 2, depositPercent: 12.5 });
    const deposit = await ok("POST", "/api/invoices", { contractId: quarter.contract.id });
    expect(deposit).toMatchObject({ kind: "DEPOSIT", totalHt: 500, totalTtc: 600 });
    expect(deposit.lines[0]?.label).toMatch(/^Acompte de 12,5 % sur le contrat /);
  });

  it("bills a deposit from the contract and deducts it from the balance after the visit", async () => {
    const { contract: k, missions } = await contract(
      { amountHT: 6000, vatRate: 0.2, travelExpenseMode: 2, depositPercent: 30 },
      2,
    );
    const deposit = await ok("POST", "/api/invoices", { contractId: k.id });
    expect(deposit).toMatchObject({ kind: "DEPOSIT", status: "INVOICE_PREPARE", totalHt: 1800, totalTtc: 2160 });
    expect((await call("POST", "/api/invoices", { contractId: k.id })).statusCode).toBe(409);
    const issued = await issue(deposit);
    const balance = await balanceOf(missions[1]?.id ?? "");
    expect(balance.lines.map((l) => [l.kind, l.quantity, l.unitPrice, l.totalHt])).toEqual([
      ["SERVICE", 1, 3000, 3000],
      ["DEPOSIT_DEDUCTION", -1, 900, -900],
    ]);
    expect(balance.lines[1]?.label).toContain(issued.number ?? "?");
    expect(balance.totalTtc).toBe(2520);
    expect((await call("POST", "/api/invoices", { missionId: missions[1]?.id })).statusCode).toBe(409);
    // Both kinds carry a valid Factur-X XML: a prepayment invoice (386), then the balance deducting it.
    const balanceIssued = await issue(balance);
    for (const [label, invoice, typeCode, total] of [
      ["acompte", issued, "386", "2160.00"],
      ["solde avec acompte déduit", balanceIssued, "380", "2520.00"],
    ] as const) {
      const xml = await embeddedXml((await call("GET", `/api/invoices/${invoice.id}/pdf`)).rawPayload);
      expect(checkFacturX(xml), label).toEqual([]);
      expect(xml).toContain(`<ram:TypeCode>${typeCode}</ram:TypeCode>`);
      expect(xml).toContain(`<ram:GrandTotalAmount>${total}</ram:GrandTotalAmount>`);
      producedXml.set(label, xml);
    }
    expect(producedXml.get("solde avec acompte déduit")).toContain(
      "<ram:LineTotalAmount>-900.00</ram:LineTotalAmount>",
    );
  });

  it("refuses a balance before the visit", async () => {
    const signed = await signedContract(ctx, cc, { days: [{ day: "2026-06-10", timeSlotId: 1 }] });
    const r = await call("POST", "/api/invoices", { missionId: signed.missions[0]?.id });
    expect(r.statusCode).toBe(409);
    expect(errorOf(r).message).toMatch(/visite/);
  });

  it("issues with the next number, freezes the invoice, and corrects it only by a credit note", async () => {
    const { missions } = await contract({ amountHT: 4500, vatRate: 0.2 });
    const draft = await balanceOf(missions[0]?.id ?? "");
    const issued = await issue(draft);
    // Issued, not sent: "Envoyer" mails it (invoice-sending.routes.test.ts).
    expect(issued).toMatchObject({ status: "INVOICE_ISSUED", issueDate: "2026-05-15", dueDate: "2026-06-14" });
    expect(issued.number).toMatch(/^F-2026-\d{4}$/);
    expect(issued.abilities).toMatchObject({ update: false, issue: false, send: true, pay: true, credit: true });
    const edit = await call("PUT", `/api/invoices/${draft.id}`, {
      lines: [{ kind: "SERVICE", label: "x", quantity: 1, unitPrice: 1, vatRate: 0.2 }],
      buyerReference: { buyerSiret: "", serviceCode: "", engagementNumber: "" },
      notes: "",
      version: issued.version,
    });
    expect(edit.statusCode).toBe(409);
    expect(errorOf(edit).message).toMatch(/avoir/);
    expect((await call("POST", `/api/invoices/${draft.id}/issue`, { version: issued.version })).statusCode).toBe(409);

    const credit = await ok("POST", `/api/invoices/${draft.id}/credit-note`, {
      version: issued.version,
      reason: "Erreur sur le nombre de jours",
    });
    expect(credit).toMatchObject({ kind: "CREDIT_NOTE", totalTtc: issued.totalTtc, creditedInvoice: { id: draft.id } });
    expect(credit.number).not.toBe(issued.number);
    const original = await ok("GET", `/api/invoices/${draft.id}`);
    expect(original).toMatchObject({
      status: "INVOICE_PAID",
      due: 0,
      credited: issued.totalTtc,
      creditNote: { id: credit.id },
    });
    const again = await call("POST", `/api/invoices/${draft.id}/credit-note`, {
      version: original.version,
      reason: "x",
    });
    expect(again.statusCode).toBe(409);
    // The credited mission can be billed again.
    expect((await balanceOf(missions[0]?.id ?? "")).status).toBe("INVOICE_PREPARE");
  });

  it("records payments: partially paid, overpayment refused, paid", async () => {
    const { missions } = await contract({ amountHT: 1000, vatRate: 0.2 });
    const issued = await issue(await balanceOf(missions[0]?.id ?? ""));
    const draftPay = await call("POST", `/api/invoices/${issued.id}/payments`, {
      date: "2026-05-14",
      amount: 10,
      method: "TRANSFER",
    });
    expect(draftPay.statusCode, "before the issue date").toBe(422);
    const partial = await ok("POST", `/api/invoices/${issued.id}/payments`, {
      date: "2026-05-15",
      amount: 500.5,
      method: "TRANSFER",
      reference: "VIR 123",
    });
    expect(partial).toMatchObject({ status: "INVOICE_PARTIALLY_PAID", paid: 500.5, due: 699.5 });
    const over = await call("POST", `/api/invoices/${issued.id}/payments`, {
      date: "2026-05-15",
      amount: 699.51,
      method: "CHEQUE",
    });
    expect(over.statusCode).toBe(422);
    expect(errorOf(over).message).toMatch(/dépasse le reste à payer/);
    const paid = await ok("POST", `/api/invoices/${issued.id}/payments`, {
      date: "2026-05-15",
      amount: 699.5,
      method: "CHEQUE",
    });
    expect(paid).toMatchObject({ status: "INVOICE_PAID", paid: 1200, due: 0 });
    expect(
      (await call("POST", `/api/invoices/${issued.id}/payments`, { date: "2026-05-15", amount: 1, method: "CASH" }))
        .statusCode,
    ).toBe(409);
    // Cancelled once paid: the client is owed a refund of what they paid.
    const credit = await call("POST", `/api/invoices/${issued.id}/credit-note`, { version: paid.version, reason: "x" });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(await ok("GET", `/api/invoices/${issued.id}`)).toMatchObject({ status: "INVOICE_PAID", refundDue: 1200 });
  });

  it("numbers 50 concurrent issues without a gap or a repeat, in one series", async () => {
    const { contract: k, missions, clientIds } = await contract();
    const db = ctx.handle.db;
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const [row] = await db
        .insert(invoices)
        .values({
          kind: "BALANCE",
          contractId: k.id,
          missionId: missions[0]?.id,
          clientId: clientIds[0] ?? "",
          buyer: {
            name: "EHPAD",
            legalForm: null,
            address: "1 rue",
            postalCode: "69001",
            city: "Lyon",
            siren: null,
            siret: null,
            vatNumber: null,
            email: null,
          },
          totalHtCents: 10000,
          totalVatCents: 2000,
          totalTtcCents: 12000,
        })
        .returning();
      await db.insert(invoiceLines).values({
        invoiceId: row?.id ?? "",
        position: 1,
        kind: "SERVICE",
        label: "Évaluation",
        quantity: 1,
        unitPriceCents: 10000,
        vatRate: 0.2,
        totalHtCents: 10000,
      });
      ids.push(row?.id ?? "");
    }
    const [before] = await db.select().from(numberingSeries).where(eq(numberingSeries.code, "INVOICE"));
    const responses = await Promise.all(
      ids.map((id) => call("POST", `/api/invoices/${id}/issue`, { version: 1 }, id.charCodeAt(0) % 2 ? compta : dir)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const numbers = responses.map((r) => (r.json() as Detail).number ?? "").sort();
    const counters = numbers.map((n) => Number(n.slice(-4)));
    const first = (before?.counter ?? 0) + 1;
    expect(counters).toEqual(Array.from({ length: 50 }, (_v, i) => first + i));
    const [after] = await db.select().from(numberingSeries).where(eq(numberingSeries.code, "INVOICE"));
    expect(after?.counter).toBe(first + 49);
  }, 180_000);

  it("serves a Factur-X PDF/A-3 whose embedded XML carries the invoice's data (invoice and credit note)", async () => {
    const { missions } = await contract({
      amountHT: 3250,
      vatRate: 0.2,
      travelExpenseMode: 3,
      travelExpenseAmount: 250,
    });
    // A public buyer: its Chorus Pro references are on the establishment's file, and a draft carries them.
    await ctx.handle.db
      .update(clients)
      .set({
        chorusBuyerSiret: "26690001700010",
        chorusServiceCode: "SERV-ESSMS",
        chorusEngagementNumber: "EJ-2026-0041",
      })
      .where(eq(clients.id, missions[0]?.clientId ?? ""));
    const draft = await balanceOf(missions[0]?.id ?? "");
    expect(draft.buyerReference).toEqual({
      buyerSiret: "26690001700010",
      serviceCode: "SERV-ESSMS",
      engagementNumber: "EJ-2026-0041",
    });
    // Still editable on the draft: this invoice's engagement number differs.
    const withChorus = await ok("PUT", `/api/invoices/${draft.id}`, {
      lines: draft.lines.map(({ totalHt: _t, ...l }) => l),
      buyerReference: { buyerSiret: "26690001700010", serviceCode: "SERV-ESSMS", engagementNumber: "EJ-2026-0042" },
      notes: "",
      version: draft.version,
    });
    const issued = await issue(withChorus);
    const pdf = await call("GET", `/api/invoices/${issued.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const bytes = pdf.rawPayload.toString("latin1");
    expect(bytes.startsWith("%PDF-1.7")).toBe(true);
    expect(bytes).toContain("/AFRelationship /Alternative");
    expect(bytes).toContain("(factur-x.xml)");
    expect(bytes).toContain("/OutputIntents");
    expect(bytes).toContain("<pdfaid:part>3</pdfaid:part>");
    expect(bytes).toContain("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>");
    expect(bytes).toContain("<fx:DocumentType>INVOICE</fx:DocumentType>");
    expect(bytes).toContain("/FontFile2");
    // Same frozen data, same bytes.
    expect((await call("GET", `/api/invoices/${issued.id}/pdf`)).rawPayload.equals(pdf.rawPayload)).toBe(true);

    const credit = await ok("POST", `/api/invoices/${issued.id}/credit-note`, {
      version: issued.version,
      reason: "Remise accordée",
    });
    for (const [label, id] of [
      ["facture", issued.id],
      ["avoir", credit.id],
    ] as const) {
      const r = await call("GET", `/api/invoices/${id}/pdf`);
      expect(r.statusCode).toBe(200);
      const xml = await embeddedXml(r.rawPayload);
      expect(checkFacturX(xml), label).toEqual([]);
      expect(xml).toContain(`<ram:TypeCode>${label === "avoir" ? "381" : "380"}</ram:TypeCode>`);
      expect(xml).toContain('<ram:ID schemeID="0009">26690001700010</ram:ID>');
      expect(xml).toContain("<ram:BuyerReference>SERV-ESSMS</ram:BuyerReference>");
      expect(xml).toContain("<ram:IssuerAssignedID>EJ-2026-0042</ram:IssuerAssignedID>");
      expect(xml).toContain(`<ram:GrandTotalAmount>${issued.totalTtc.toFixed(2)}</ram:GrandTotalAmount>`);
      if (label === "avoir") expect(xml).toContain(`<ram:IssuerAssignedID>${issued.number}</ram:IssuerAssignedID>`);
      producedXml.set(label, xml);
      if (OUT) {
        fs.mkdirSync(OUT, { recursive: true });
        fs.writeFileSync(path.join(OUT, `${label}.xml`), xml);
        fs.writeFileSync(path.join(OUT, `${label}.pdf`), r.rawPayload);
      }
    }
  });

  it("credits chosen lines, never more than what remains uncredited; on a paid invoice the excess is a refund owed and recorded", async () => {
    const { missions } = await contract({
      amountHT: 3000,
      vatRate: 0.2,
      travelExpenseMode: 3,
      travelExpenseAmount: 300,
      depositPercent: 0,
    });
    let issued = await issue(await balanceOf(missions[0]?.id ?? ""));
    expect(issued.totalTtc).toBe(3600);
    const position = (kind: string) => issued.lines.findIndex((l) => l.kind === kind) + 1;
    issued = await ok("POST", `/api/invoices/${issued.id}/payments`, {
      date: "2026-05-15",
      amount: 1000,
      method: "TRANSFER",
    });
    const credit = (lines: Array<{ position: number; quantity: number }> | undefined, version = issued.version) =>
      call("POST", `/api/invoices/${issued.id}/credit-note`, { version, reason: "Remise", ...(lines && { lines }) });
    const unknown = await credit([{ position: 9, quantity: 1 }]);
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toContain("La ligne 9 n'existe pas");
    const more = await credit([{ position: position("FLAT_FEE"), quantity: 2 }]);
    expect(errorOf(more).message).toContain("on ne crédite pas plus que la quantité facturée");

    // A partial credit note on a partly paid invoice: it lowers what remains to pay.
    const partial = (await credit([{ position: position("FLAT_FEE"), quantity: 1 }])).json() as Detail;
    expect(partial).toMatchObject({ kind: "CREDIT_NOTE", totalHt: 300, totalTtc: 360 });
    issued = await ok("GET", `/api/invoices/${issued.id}`);
    expect(issued).toMatchObject({ status: "INVOICE_PARTIALLY_PAID", due: 2240, refundDue: 0 });
    const xml = await embeddedXml((await call("GET", `/api/invoices/${partial.id}/pdf`)).rawPayload);
    expect(checkFacturX(xml)).toEqual([]);
    expect(xml).toContain("<ram:TypeCode>381</ram:TypeCode>");
    expect(xml).toContain("<ram:GrandTotalAmount>360.00</ram:GrandTotalAmount>");
    producedXml.set("avoir partiel", xml);
    const whole = await credit(undefined);
    expect(errorOf(whole).message).toBe(
      "Cette facture a déjà un avoir : choisissez les lignes et les quantités à créditer.",
    );

    // Paid in full, then half the evaluation credited: the client is owed that half back.
    issued = await ok("POST", `/api/invoices/${issued.id}/payments`, {
      date: "2026-05-15",
      amount: 2240,
      method: "TRANSFER",
    });
    expect(issued).toMatchObject({ status: "INVOICE_PAID", refundDue: 0 });
    expect(issued.abilities).toMatchObject({ credit: true, refund: false });
    const noRefund = await call("POST", `/api/invoices/${issued.id}/refunds`, {
      date: "2026-05-15",
      amount: 10,
      method: "TRANSFER",
    });
    expect(noRefund.statusCode).toBe(409);
    expect(errorOf(noRefund).message).toBe("Aucun remboursement n'est dû sur cette facture.");
    const half = await credit([{ position: position("SERVICE"), quantity: 0.5 }]);
    expect(half.statusCode, half.body).toBe(200);
    issued = await ok("GET", `/api/invoices/${issued.id}`);
    expect(issued).toMatchObject({ status: "INVOICE_PAID", due: 0, refundDue: 1620 });
    const tooMuch = await call("POST", `/api/invoices/${issued.id}/refunds`, {
      date: "2026-05-15",
      amount: 2000,
      method: "TRANSFER",
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(errorOf(tooMuch).message).toMatch(
      /^Le remboursement \(2\s000,00\s€\) dépasse ce qui est dû au client \(1\s620,00\s€\)\.$/,
    );
    issued = await ok("POST", `/api/invoices/${issued.id}/refunds`, {
      date: "2026-05-15",
      amount: 1620,
      method: "TRANSFER",
      reference: "VIR remboursement",
    });
    expect(issued).toMatchObject({ status: "INVOICE_PAID", paid: 1620, refundDue: 0 });
    expect(issued.payments.map((p) => p.amount)).toEqual([1000, 2240, -1620]);

    // The rest of the evaluation credited too: nothing left to credit.
    expect((await credit([{ position: position("SERVICE"), quantity: 0.5 }])).statusCode).toBe(200);
    issued = await ok("GET", `/api/invoices/${issued.id}`);
    const nothingLeft = await credit([{ position: position("SERVICE"), quantity: 0.1 }]);
    expect(nothingLeft.statusCode).toBe(409);
    expect(errorOf(nothingLeft).message).toBe(
      "Des avoirs couvrent déjà toute la facture : il ne reste rien à créditer.",
    );
  });

  // SaxonJS takes 5 to 10 s a file on a loaded machine: five files outlast the default 30 s.
  it.skipIf(!validatorReady)(
    "passes the official EN 16931 rules with no fatal error (outside validator)",
    () => {
      expect([...producedXml.keys()].sort()).toEqual(
        ["acompte", "avoir", "avoir partiel", "facture", "solde avec acompte déduit"].sort(),
      );
      // FACTURX_OUT keeps every kind's XML (deposit, balance, credit notes) for a look by hand.
      const dir = OUT ?? fs.mkdtempSync(path.join(os.tmpdir(), "facturx-"));
      fs.mkdirSync(dir, { recursive: true });
      for (const [label, xml] of producedXml) {
        const file = path.join(dir, `${label}.xml`);
        fs.writeFileSync(file, xml);
        const run = spawnSync(process.execPath, [VALIDATOR, file], { encoding: "utf8" });
        expect(run.stdout + run.stderr, label).toMatch(/EN 16931 \(CII\): 0 fatal/);
        expect(run.status, label).toBe(0);
      }
    },
    300_000,
  );

  it("finds what is wrong in a bad XML", () => {
    expect(checkFacturX("<a><b></a>")[0]).toMatch(/mal formé/);
    const good = buildFacturXml({
      kind: "BALANCE",
      number: "F-1",
      issueDate: "2026-05-15",
      dueDate: "2026-06-14",
      seller: {
        name: "S",
        legalForm: "SAS",
        address: "1 rue",
        postalCode: "69001",
        city: "Lyon",
        siren: "901234567",
        siret: "90123456700018",
        vatNumber: "FR12901234567",
        email: null,
      },
      buyer: {
        name: "B",
        legalForm: null,
        address: "2 rue",
        postalCode: "69002",
        city: "Lyon",
        siren: null,
        siret: null,
        vatNumber: null,
        email: null,
      },
      buyerReference: { buyerSiret: null, serviceCode: null, engagementNumber: null },
      contractNumber: "C-1",
      establishment: null,
      deliveryDate: null,
      lines: [{ kind: "SERVICE", label: "x", quantity: 1, unitPriceCents: 10000, vatRate: 0.2, totalHtCents: 10000 }],
      totals: {
        lines: [10000],
        vat: [{ vatRate: 0.2, baseCents: 10000, vatCents: 2000 }],
        totalHtCents: 10000,
        totalVatCents: 2000,
        totalTtcCents: 12000,
      },
      terms: { paymentTermsDays: 30, latePenaltyRate: "x", iban: null, bic: null },
      creditedInvoice: null,
      creditReason: null,
      notes: null,
      issuedAt: new Date(),
    });
    expect(checkFacturX(good)).toEqual([]);
    expect(checkFacturX(good.replace("<ram:GrandTotalAmount>120.00", "<ram:GrandTotalAmount>121.00"))).toContain(
      "BR-CO-15 : le total TTC n'est pas le total HT plus la TVA.",
    );
  });

  it("lists with filters, search and totals per status; exports XLSX and the sales journal", async () => {
    const page = (await call("GET", "/api/invoices?pageSize=5&sort=number&direction=asc")).json() as {
      items: Array<{ id: string; number: string | null; status: string; totalTtc: number }>;
      total: number;
      page: number;
      pageSize: number;
      totals: Array<{ status: string; count: number; totalTtc: number }>;
    };
    expect(page.items).toHaveLength(5);
    expect(page.pageSize).toBe(5);
    expect(page.totals.reduce((a, t) => a + t.count, 0)).toBe(page.total);
    const paid = (await call("GET", "/api/invoices?status=INVOICE_PAID")).json() as typeof page;
    expect(paid.items.every((i) => i.status === "INVOICE_PAID")).toBe(true);
    expect(paid.total).toBe(page.totals.find((t) => t.status === "INVOICE_PAID")?.count);
    const found = (await call("GET", "/api/invoices?search=ehpad%20mission")).json() as typeof page;
    expect(found.total).toBeGreaterThan(0);
    expect((await call("GET", "/api/invoices?from=2027-01-01")).json()).toMatchObject({ total: 0 });
    // Past the last page: no row, the totals still counted.
    const past = (await call("GET", `/api/invoices?pageSize=5&page=${Math.ceil(page.total / 5) + 1}`)).json();
    expect({ items: past.items, total: past.total, totals: past.totals }).toEqual({
      items: [],
      total: page.total,
      totals: page.totals,
    });
    // One client, then another, through the same prepared shape: the value is a parameter, the totals filtered.
    const byClient = new Map<string, number>();
    for (const item of (await call("GET", "/api/invoices?pageSize=1000")).json().items as Array<{ clientId: string }>)
      byClient.set(item.clientId, (byClient.get(item.clientId) ?? 0) + 1);
    expect(byClient.size).toBeGreaterThan(1);
    for (const [clientId, n] of byClient) {
      const listed = (await call("GET", `/api/invoices?clientId=${clientId}&pageSize=1000`)).json() as {
        items: Array<{ clientId: string }>;
        total: number;
        totals: Array<{ count: number }>;
      };
      expect(listed.items.every((i) => i.clientId === clientId)).toBe(true);
      expect({ total: listed.total, counted: listed.totals.reduce((a, t) => a + t.count, 0) }).toEqual({
        total: n,
        counted: n,
      });
    }
    expect((await call("GET", "/api/invoices", undefined, cc)).statusCode).toBe(403);

    // Each row, built as JSON by the database, is what the export's toRow writes from the same invoice; one
    // issued invoice made partly paid and past due for the comparison (what is left to pay, "en retard").
    const [issued] = await ctx.handle.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.kind, "BALANCE"), eq(invoices.creditedCents, 0), eq(invoices.status, "INVOICE_ISSUED")));
    if (!issued) throw new Error("no issued invoice");
    const partly = { status: "INVOICE_PARTIALLY_PAID", paidCents: 1234, dueDate: "2026-05-01" } as const;
    await ctx.handle.db.update(invoices).set(partly).where(eq(invoices.id, issued.id));
    const listed = (await call("GET", "/api/invoices?pageSize=1000")).json().items as Array<{ id: string }>;
    const stored = await ctx.handle.db
      .select({ invoice: invoices, clientName: clients.raisonSocial, contractNumber: contracts.number })
      .from(invoices)
      .innerJoin(clients, eq(clients.id, invoices.clientId))
      .innerJoin(contracts, eq(contracts.id, invoices.contractId));
    const numbers = new Map(stored.map((r) => [r.invoice.id, r.invoice.number]));
    const expected = stored.map(({ invoice: i, clientName, contractNumber }) => ({
      id: i.id,
      number: i.number,
      kind: i.kind,
      status: i.status,
      clientId: i.clientId,
      clientName,
      buyerName: i.buyer.name,
      contractId: i.contractId,
      contractNumber,
      missionId: i.missionId,
      issueDate: i.issueDate,
      dueDate: i.dueDate,
      totalHt: i.totalHtCents / 100,
      totalTtc: i.totalTtcCents / 100,
      paid: i.paidCents / 100,
      due: i.kind === "CREDIT_NOTE" ? 0 : Math.max(0, i.totalTtcCents - i.paidCents - i.creditedCents) / 100,
      overdue: ["INVOICE_SEND", "INVOICE_PARTIALLY_PAID"].includes(i.status) && (i.dueDate ?? "9999") < "2026-05-15",
      creditedInvoiceNumber: i.creditedInvoiceId ? (numbers.get(i.creditedInvoiceId) ?? null) : null,
      version: i.version,
    }));
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(expected.some((r) => r.kind === "CREDIT_NOTE" && r.creditedInvoiceNumber)).toBe(true);
    expect(expected.find((r) => r.id === issued.id)).toMatchObject({ paid: 12.34, overdue: true });
    expect([...listed].sort(byId)).toEqual(expected.sort(byId));
    const { status, paidCents, dueDate } = issued;
    await ctx.handle.db.update(invoices).set({ status, paidCents, dueDate }).where(eq(invoices.id, issued.id));

    const xlsx = await call("GET", "/api/invoices/export?status=INVOICE_PAID");
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");

    const csv = await call("GET", "/api/accounting/sales-journal?from=2026-05-01&to=2026-05-31");
    expect(csv.statusCode).toBe(200);
    const rows = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .slice(1)
      .map((l) => l.split(";"));
    expect(rows.length).toBeGreaterThan(0);
    const sum = (col: number) => rows.reduce((a, r) => a + Number((r[col] || "0").replace(",", ".")) * 100, 0);
    expect(Math.round(sum(5))).toBe(Math.round(sum(6)));
    expect(rows[0]?.[3]).toBe("411000");
  });

  it("sends each reminder once after the due date, whatever the number of runs", async () => {
    const { missions } = await contract({ amountHT: 800 });
    const issued = await issue(await balanceOf(missions[0]?.id ?? ""));
    const db = ctx.handle.db;
    // Due 20 days ago: the 15-day reminder is due, not the 30-day one.
    await db
      .update(invoices)
      .set({
        dueDate: "2026-04-25",
        // Sent to the client before its due date (a reminder follows a sent invoice only).
        status: "INVOICE_SEND",
        sentAt: new Date("2026-03-26T09:00:00Z"),
        buyer: {
          ...((await db.select().from(invoices).where(eq(invoices.id, issued.id)))[0]?.buyer ?? {
            name: "x",
            legalForm: null,
            address: null,
            postalCode: null,
            city: null,
            siren: null,
            siret: null,
            vatNumber: null,
          }),
          email: "compta@ehpad.fr",
        },
      })
      .where(eq(invoices.id, issued.id));
    await db.update(invoiceSettings).set({ reminderDays: [15, 30] });
    const [a, b] = await Promise.all([ctx.app.invoiceReminders.runOnce(), ctx.app.invoiceReminders.runOnce()]);
    void a;
    void b;
    await ctx.app.invoiceReminders.runOnce();
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.relatedType, "invoice"), eq(mailOutbox.relatedId, issued.id)));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(issued.number ?? "?");
    expect(mails[0]?.to).toEqual(["compta@ehpad.fr"]);
  });

  it("sends one reminder for an invoice past several steps at once, the next step's later", async () => {
    const { missions } = await contract({ amountHT: 700 });
    const issued = await issue(await balanceOf(missions[0]?.id ?? ""));
    const db = ctx.handle.db;
    const [before] = await db.select().from(invoices).where(eq(invoices.id, issued.id));
    const dueOn = async (dueDate: string) =>
      await db
        .update(invoices)
        .set({
          dueDate,
          status: "INVOICE_SEND",
          sentAt: new Date("2026-03-16T09:00:00Z"),
          buyer: { ...(before?.buyer as object), email: "compta@foyer.fr" } as never,
        })
        .where(eq(invoices.id, issued.id));
    const reminders = async () =>
      (
        await db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.relatedType, "invoice"), eq(mailOutbox.relatedId, issued.id)))
      ).length;
    await db.update(invoiceSettings).set({ reminderDays: [7, 15, 30] });
    // Due 20 days ago (the clock says 15 May), never reminded: the 7- and 15-day steps are both due, one mail.
    await dueOn("2026-04-25");
    await ctx.app.invoiceReminders.runOnce();
    await ctx.app.invoiceReminders.runOnce();
    expect(await reminders()).toBe(1);
    // Ten days on, the 30-day step: its own mail.
    await dueOn("2026-04-15");
    await ctx.app.invoiceReminders.runOnce();
    await ctx.app.invoiceReminders.runOnce();
    expect(await reminders()).toBe(2);
  });
});

/** The factur-x.xml embedded in a PDF, read with pdf.js. */
async function embeddedXml(pdf: Buffer): Promise<string> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const attachments = (await doc.getAttachments()) as Record<string, { filename: string; content: Uint8Array }>;
  const file = Object.values(attachments).find((a) => a.filename === "factur-x.xml");
  if (!file) throw new Error("no factur-x.xml in the PDF");
  return Buffer.from(file.content).toString("utf8");
}

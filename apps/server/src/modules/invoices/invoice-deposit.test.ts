import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, completeCompanyIdentity } from "../../../test/factories.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { contracts, invoices } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

type Detail = {
  id: string;
  number: string | null;
  kind: string;
  status: string;
  version: number;
  totalHt: number;
  totalTtc: number;
  lines: Array<{ kind: string; label: string; quantity: number; unitPrice: number; totalHt: number }>;
};
type Preview = {
  percent: number;
  contractAmountHt: number;
  amountHt: number;
  amountVat: number;
  amountTtc: number;
  vatRate: number;
  invoice: { id: string; number: string | null; status: string; totalTtc: number } | null;
  refusal: string | null;
  canPrepare: boolean;
};

// Friday 15 May 2026 in Paris.
const clock = fixedClock("2026-05-15T08:00:00Z");

describe("deposit invoice: previewed, prepared once, deducted from the balance", () => {
  let ctx: TestContext;
  let compta: Session;
  let cc: Session;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    compta = await signIn(ctx, (await buildUser(ctx.handle.db, "COMPTA")).identifier);
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    await completeCompanyIdentity(ctx.handle.db);
  });
  afterAll(() => ctx.close());

  const call = (method: "GET" | "POST", url: string, payload?: object, session = compta) =>
    ctx.app.inject({ method, url, headers: session.bearer, payload });
  const ok = async <T = Detail>(method: "GET" | "POST", url: string, payload?: object) => {
    const r = await call(method, url, payload);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as T;
  };
  const preview = (contractId: string) => ok<Preview>("GET", `/api/invoices/deposit?contractId=${contractId}`);
  const refused = async (payload: object, status: number, message: RegExp) => {
    const r = await call("POST", "/api/invoices", payload);
    expect(r.statusCode, r.body).toBe(status);
    expect(errorOf(r).message).toMatch(message);
  };

  /** A signed contract whose visit is on `day`, with the given financial terms. */
  async function contract(terms: Partial<typeof contracts.$inferInsert>, day = "2026-04-07", establishments = 1) {
    const signed = await signedContract(ctx, cc, { establishments, days: [{ day, timeSlotId: 1 }] });
    await ctx.handle.db.update(contracts).set(terms).where(eq(contracts.id, signed.contract.id));
    return signed;
  }

  it("shows the deposit before it is prepared, with the amount the draft then carries", async () => {
    const { contract: k } = await contract(
      { amountHT: 6150.5, vatRate: 0.085, depositPercent: 30, travelExpenseMode: 2 },
      "2026-06-10",
    );
    const before = await preview(k.id);
    // 30 % of 6 150,50 € = 1 845,15 € HT; VAT 8,5 % = 156,84 €.
    expect(before).toMatchObject({
      percent: 30,
      contractAmountHt: 6150.5,
      vatRate: 0.085,
      amountHt: 1845.15,
      amountVat: 156.84,
      amountTtc: 2001.99,
      invoice: null,
      refusal: null,
      canPrepare: true,
    });
    // Before the visit: the deposit is prepared, the balance refused.
    const draft = await ok("POST", "/api/invoices", { contractId: k.id });
    expect(draft).toMatchObject({ kind: "DEPOSIT", totalHt: before.amountHt, totalTtc: before.amountTtc });
    const after = await preview(k.id);
    expect(after.invoice).toEqual({ id: draft.id, number: null, status: "INVOICE_PREPARE", totalTtc: 2001.99 });
    expect(after.refusal).toBe("Ce contrat a déjà sa facture d'acompte (brouillon à émettre).");
    expect(after.canPrepare).toBe(false);
    await refused({ contractId: k.id }, 409, /^Ce contrat a déjà sa facture d'acompte \(brouillon à émettre\)\.$/);
  });

  it("refuses in French: no deposit percentage, unsigned contract, unknown contract; the preview says why", async () => {
    const none = await contract({ amountHT: 4000, depositPercent: 0 });
    expect(await preview(none.contract.id)).toMatchObject({
      percent: 0,
      amountHt: 0,
      refusal: "Le contrat ne prévoit pas d'acompte (onglet Contrat).",
      canPrepare: false,
    });
    await refused({ contractId: none.contract.id }, 409, /ne prévoit pas d'acompte/);
    await ctx.handle.db
      .update(contracts)
      .set({ status: "SENT", depositPercent: 30 })
      .where(eq(contracts.id, none.contract.id));
    expect((await preview(none.contract.id)).refusal).toBe("Le contrat n'est pas signé : rien à facturer.");
    await refused({ contractId: none.contract.id }, 409, /n'est pas signé/);
    const unknown = "00000000-0000-4000-8000-000000000000";
    const r = await call("GET", `/api/invoices/deposit?contractId=${unknown}`);
    expect(r.statusCode).toBe(404);
    expect(errorOf(r).message).toBe("Contrat introuvable.");
    const bad = await call("GET", "/api/invoices/deposit?contractId=abc");
    expect(bad.statusCode).toBe(400);
    // Without the invoicing right, no preview (the route's access), and nothing written by a refusal.
    expect((await call("GET", `/api/invoices/deposit?contractId=${none.contract.id}`, undefined, cc)).statusCode).toBe(
      403,
    );
    expect(await ctx.handle.db.select().from(invoices).where(eq(invoices.contractId, none.contract.id))).toEqual([]);
  });

  it("refuses the balance while the deposit is a draft, then deducts the issued deposit from each mission's balance", async () => {
    const { contract: k, missions } = await contract(
      { amountHT: 6000, vatRate: 0.2, depositPercent: 30, travelExpenseMode: 2 },
      "2026-04-07",
      2,
    );
    const draft = await ok("POST", "/api/invoices", { contractId: k.id });
    await refused(
      { missionId: missions[0]?.id },
      409,
      /acompte du contrat est encore un brouillon : émettez-la d'abord/,
    );
    const issued = await ok("POST", `/api/invoices/${draft.id}/issue`, { version: draft.version });
    expect((await preview(k.id)).refusal).toBe(`Ce contrat a déjà sa facture d'acompte (n° ${issued.number}).`);
    for (const m of missions) {
      const balance = await ok("POST", "/api/invoices", { missionId: m.id });
      expect(balance.lines.map((l) => [l.kind, l.quantity, l.unitPrice, l.totalHt])).toEqual([
        ["SERVICE", 1, 3000, 3000],
        ["DEPOSIT_DEDUCTION", -1, 900, -900],
      ]);
      expect(balance.lines[1]?.label).toBe(`Acompte déjà facturé (facture n° ${issued.number} du 15/05/2026)`);
      expect(balance.totalTtc).toBe(2520);
    }
  });

  it("refuses a deposit once a balance is invoiced on the contract; a cancelled deposit can be prepared again", async () => {
    const late = await contract({ amountHT: 5000, depositPercent: 20, travelExpenseMode: 2 });
    await ok("POST", "/api/invoices", { missionId: late.missions[0]?.id });
    expect((await preview(late.contract.id)).refusal).toMatch(/^Une facture de solde est déjà établie pour ce contrat/);
    await refused({ contractId: late.contract.id }, 409, /facture de solde est déjà établie/);

    const { contract: k } = await contract({ amountHT: 5000, depositPercent: 20, travelExpenseMode: 2 }, "2026-06-10");
    const first = await ok("POST", "/api/invoices", { contractId: k.id });
    const issued = await ok("POST", `/api/invoices/${first.id}/issue`, { version: first.version });
    await ok("POST", `/api/invoices/${issued.id}/credit-note`, { version: issued.version, reason: "Erreur de taux" });
    expect(await preview(k.id)).toMatchObject({ invoice: null, refusal: null, amountHt: 1000 });
    expect(await ok("POST", "/api/invoices", { contractId: k.id })).toMatchObject({ kind: "DEPOSIT", totalHt: 1000 });
  });

  it("keeps a deposit credited in part: no second deposit, and the balance deducts what remains of it", async () => {
    const { contract: k, missions } = await contract(
      { amountHT: 5000, vatRate: 0.2, depositPercent: 20, travelExpenseMode: 2 },
      "2026-04-09",
    );
    const draft = await ok("POST", "/api/invoices", { contractId: k.id });
    const issued = await ok("POST", `/api/invoices/${draft.id}/issue`, { version: draft.version });
    // A quarter of the deposit's line credited (1 000 € HT → 250 € HT back).
    await ok("POST", `/api/invoices/${issued.id}/credit-note`, {
      version: issued.version,
      reason: "Remise commerciale",
      lines: [{ position: 1, quantity: 0.25 }],
    });
    expect((await preview(k.id)).refusal).toBe(`Ce contrat a déjà sa facture d'acompte (n° ${issued.number}).`);
    await refused({ contractId: k.id }, 409, /a déjà sa facture d'acompte/);
    const balance = await ok("POST", "/api/invoices", { missionId: missions[0]?.id });
    expect(balance.lines.map((l) => [l.kind, l.quantity, l.unitPrice, l.totalHt])).toEqual([
      ["SERVICE", 1, 5000, 5000],
      ["DEPOSIT_DEDUCTION", -1, 750, -750],
    ]);
    expect(balance.lines[1]?.label).toBe(
      `Acompte déjà facturé (facture n° ${issued.number} du 15/05/2026, déduction faite de son avoir)`,
    );
  });
});

import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, completeCompanyIdentity } from "../../../test/factories.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { multipartBody } from "../../../test/multipart.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { bankStatementLines, contracts, invoicePayments } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";
import { renderBankCsv, renderCamt053 } from "./sample-statement.js";

type Invoice = {
  id: string;
  version: number;
  number: string;
  totalTtc: number;
  due: number;
  status: string;
  clientName: string;
};
type Line = {
  id: string;
  version: number;
  amount: number;
  label: string;
  status: string;
  reason: string | null;
  proposal: Array<{ invoiceId: string; number: string; amount: number }>;
  payments: Array<{ invoiceId: string; amount: number }>;
};
const clock = fixedClock("2026-05-15T08:00:00Z");
const TODAY = "2026-05-15";
const IBAN = "FR7630004000031234567890143";

describe("bank reconciliation", () => {
  let ctx: TestContext;
  let compta: Session;
  let cc: Session;
  const inv: Invoice[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    compta = await signIn(ctx, (await buildUser(ctx.handle.db, "COMPTA")).identifier);
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    await completeCompanyIdentity(ctx.handle.db);
    // Five issued balance invoices of distinct amounts (1 200, 2 400, 3 600, 4 800, 6 000 € TTC).
    for (let k = 1; k <= 5; k++) {
      const { contract, missions } = await signedContract(ctx, cc, { days: [{ day: "2026-04-07", timeSlotId: 1 }] });
      await ctx.handle.db
        .update(contracts)
        .set({ amountHT: 1000 * k, vatRate: 0.2, travelExpenseMode: 2, depositPercent: 0 })
        .where(eq(contracts.id, contract.id));
      const draft = await post<Invoice>("/api/invoices", { missionId: missions[0]?.id });
      inv.push(await post<Invoice>(`/api/invoices/${draft.id}/issue`, { version: draft.version }));
    }
  }, 180_000);
  afterAll(() => ctx.close());

  async function post<T>(url: string, payload: object, session = compta): Promise<T> {
    const r = await ctx.app.inject({ method: "POST", url, headers: session.bearer, payload });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as T;
  }
  const upload = (name: string, data: string | Buffer, session = compta) => {
    const body = multipartBody({}, { name, data: Buffer.isBuffer(data) ? data : Buffer.from(data) }, session.bearer);
    return ctx.app.inject({ method: "POST", url: "/api/bank-reconciliation/statements", ...body });
  };
  const lines = async (status = "TO_MATCH") =>
    (
      await ctx.app.inject({
        method: "GET",
        url: `/api/bank-reconciliation/lines?status=${status}`,
        headers: compta.bearer,
      })
    ).json() as { items: Line[]; total: number; counts: Record<string, number> };
  const invoice = async (i: Invoice) =>
    (await ctx.app.inject({ method: "GET", url: `/api/invoices/${i.id}`, headers: compta.bearer })).json() as Invoice;
  const paymentCount = async () => (await ctx.handle.db.select({ n: count() }).from(invoicePayments))[0]?.n;
  const lineCount = async () => (await ctx.handle.db.select({ n: count() }).from(bankStatementLines))[0]?.n;
  const cents = (i: Invoice | undefined) => Math.round((i?.due ?? 0) * 100);

  /** Today's statement: invoice 1 by its number (without dashes), 2 by amount and name, 3 and 4 in one transfer, a cheque deposit, a debit. */
  const statement = () => {
    const [a, b, c, d] = inv;
    return [
      { ref: "R1", cents: cents(a), label: `VIR SEPA FACTURE ${a?.number.replaceAll("-", "")}`, debtor: "Trésorerie" },
      { ref: "R2", cents: cents(b), label: `VIREMENT ${b?.clientName.toUpperCase()}`, debtor: "" },
      { ref: "R3", cents: cents(c) + cents(d), label: `REGLEMENT FACTURES ${c?.number} ET ${d?.number}`, debtor: "" },
      { ref: "R4", cents: 123_456, label: "REMISE CHEQUES 2 CHQ", debtor: "" },
      { ref: "R5", cents: -45_000, label: "PRLV SEPA URSSAF", debtor: "" },
    ];
  };

  it("refuses a file that is no statement, a foreign currency, three decimals: 422 in French, nothing recorded", async () => {
    const camt = renderCamt053(statement(), TODAY, IBAN);
    const cases: Array<[string, string, RegExp]> = [
      ["releve.pdf", "%PDF-1.7\n\u0001\u0002", /ni un relevé camt\.053 \(XML\) ni un CSV/],
      ["releve.xml", camt.replace('<Amt Ccy="EUR">', '<Amt Ccy="GBP">'), /montant en GBP/],
      ["releve.xml", camt.replace("<Ccy>EUR</Ccy>", "<Ccy>USD</Ccy>"), /tenu en USD/],
      [
        "releve.csv",
        "Date;Libellé;Montant\n15/05/2026;VIR A;10,00\n15/05/2026;VIR B;1 200,005\n",
        /Ligne 3 : .* 3 décimales/,
      ],
    ];
    for (const [name, data, message] of cases) {
      const r = await upload(name, data);
      expect(r.statusCode, name).toBe(422);
      expect(errorOf(r).code).toBe("UNPROCESSABLE");
      expect(errorOf(r).message).toMatch(message);
    }
    expect(await lineCount()).toBe(0);
    expect((await upload("releve.xml", camt, cc)).statusCode).toBe(403);
  });

  it("imports the credit lines and proposes each its invoices: by number, by amount and name, several in one transfer", async () => {
    const r = await upload("releve.xml", renderCamt053(statement(), TODAY, IBAN));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ format: "CAMT053", added: 4, alreadyImported: 0, debits: 1 });
    const page = await lines();
    expect(page.counts).toEqual({ TO_MATCH: 4, MATCHED: 0, IGNORED: 0 });
    const byLabel = (start: string) => page.items.find((l) => l.label.startsWith(start));
    const [a, b, c, d] = inv;
    expect(byLabel("VIR SEPA")?.proposal.map((p) => p.number)).toEqual([a?.number]);
    expect(byLabel("VIR SEPA")?.reason).toBe("NUMBER");
    expect(byLabel("VIREMENT")?.proposal.map((p) => p.number)).toEqual([b?.number]);
    expect(byLabel("VIREMENT")?.reason).toBe("AMOUNT_AND_NAME");
    expect(
      byLabel("REGLEMENT")
        ?.proposal.map((p) => p.number)
        .sort(),
    ).toEqual([c?.number, d?.number].sort());
    expect(byLabel("REMISE")?.proposal).toEqual([]);
  });

  it("confirms one line: the invoice is paid through its payment path; a second confirmation is refused (409)", async () => {
    const line = (await lines()).items.find((l) => l.label.startsWith("VIR SEPA"));
    const before = await paymentCount();
    const stale = await ctx.app.inject({
      method: "POST",
      url: `/api/bank-reconciliation/lines/${line?.id}/confirm`,
      headers: compta.bearer,
      payload: { version: (line?.version ?? 0) + 1 },
    });
    expect(stale.statusCode).toBe(409);
    const done = await post<Line>(`/api/bank-reconciliation/lines/${line?.id}/confirm`, { version: line?.version });
    expect(done.status).toBe("MATCHED");
    expect(done.payments).toEqual([
      { invoiceId: inv[0]?.id, number: inv[0]?.number, clientName: expect.any(String), amount: inv[0]?.totalTtc },
    ]);
    const paid = await invoice(inv[0] as Invoice);
    expect([paid.status, paid.due]).toEqual(["INVOICE_PAID", 0]);
    expect(await paymentCount()).toBe((before ?? 0) + 1);
    const again = await ctx.app.inject({
      method: "POST",
      url: `/api/bank-reconciliation/lines/${line?.id}/confirm`,
      headers: compta.bearer,
      payload: { version: done.version },
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toMatch(/déjà rapprochée/);
  });

  it("confirms in bulk, all or nothing; the grouped transfer pays both invoices", async () => {
    const page = await lines();
    const remise = page.items.find((l) => l.label.startsWith("REMISE"));
    const others = page.items.filter((l) => l !== remise);
    const before = await paymentCount();
    // A line without proposal in the batch: refused, and the other lines of the batch are not confirmed.
    const refused = await ctx.app.inject({
      method: "POST",
      url: "/api/bank-reconciliation/lines/confirm",
      headers: compta.bearer,
      payload: { lines: [...others, remise].map((l) => ({ id: l?.id, version: l?.version })) },
    });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).message).toMatch(/aucune facture n'est proposée/);
    expect(await paymentCount()).toBe(before);
    expect((await lines()).counts.TO_MATCH).toBe(3);
    const done = await post<{ confirmed: number }>("/api/bank-reconciliation/lines/confirm", {
      lines: others.map((l) => ({ id: l.id, version: l.version })),
    });
    expect(done.confirmed).toBe(2);
    for (const i of inv.slice(1, 4)) expect((await invoice(i)).status).toBe("INVOICE_PAID");
    expect(await paymentCount()).toBe((before ?? 0) + 3);
    const matched = await lines("MATCHED");
    expect(matched.items.find((l) => l.label.startsWith("REGLEMENT"))?.payments).toHaveLength(2);
  });

  it("never records a payment twice: the same statement again, as camt.053 or again, adds nothing", async () => {
    const before = [await paymentCount(), await lineCount()];
    const again = await upload("releve-bis.xml", renderCamt053(statement(), TODAY, IBAN));
    expect(again.json()).toEqual({ format: "CAMT053", added: 0, alreadyImported: 4, debits: 1 });
    expect([await paymentCount(), await lineCount()]).toEqual(before);
    // The CSV of the same day is another file: its lines have their own identity, and read as expected.
    const csv = await upload("releve.csv", renderBankCsv(statement(), TODAY));
    expect(csv.json()).toEqual({ format: "CSV", added: 4, alreadyImported: 0, debits: 1 });
    const twice = await upload("releve.csv", renderBankCsv(statement(), TODAY));
    expect(twice.json()).toEqual({ format: "CSV", added: 0, alreadyImported: 4, debits: 1 });
    // Its lines name invoices already paid: no proposal, nothing to pay twice.
    const csvLine = (await lines()).items.find((l) => l.label.startsWith("VIR SEPA"));
    expect(csvLine?.proposal).toEqual([]);
    const r = await ctx.app.inject({
      method: "POST",
      url: `/api/bank-reconciliation/lines/${csvLine?.id}/confirm`,
      headers: compta.bearer,
      payload: { version: csvLine?.version, invoiceIds: [inv[0]?.id] },
    });
    expect(r.statusCode).toBe(422);
    expect(errorOf(r).message).toMatch(/n'a plus rien à payer/);
    expect(await paymentCount()).toBe(before[0]);
  });

  it("matches by hand (partial payment), refuses more than is owed, ignores and restores a line", async () => {
    const remise = (await lines()).items.find((l) => l.label.startsWith("REMISE") && l.amount === 1234.56);
    const options = (
      await ctx.app.inject({
        method: "GET",
        url: `/api/bank-reconciliation/invoice-options?search=${encodeURIComponent(inv[4]?.number ?? "")}`,
        headers: compta.bearer,
      })
    ).json() as { items: Array<{ invoiceId: string; amount: number }> };
    expect(options.items).toEqual([expect.objectContaining({ invoiceId: inv[4]?.id, amount: 6000 })]);
    const manual = await post<Line>(`/api/bank-reconciliation/lines/${remise?.id}/confirm`, {
      version: remise?.version,
      invoiceIds: [inv[4]?.id],
    });
    expect(manual.payments.map((p) => p.amount)).toEqual([1234.56]);
    const partial = await invoice(inv[4] as Invoice);
    expect([partial.status, partial.due]).toEqual(["INVOICE_PARTIALLY_PAID", 4765.44]);

    const [big] = (await lines()).items.filter((l) => l.label.startsWith("REGLEMENT"));
    const over = await ctx.app.inject({
      method: "POST",
      url: `/api/bank-reconciliation/lines/${big?.id}/confirm`,
      headers: compta.bearer,
      payload: { version: big?.version, invoiceIds: [inv[4]?.id] },
    });
    expect(over.statusCode).toBe(422);
    expect(errorOf(over).message).toMatch(/dépasse ce que doivent les factures choisies/);
    const ignored = await post<Line>(`/api/bank-reconciliation/lines/${big?.id}/ignore`, { version: big?.version });
    expect(ignored.status).toBe("IGNORED");
    expect((await lines("IGNORED")).items.map((l) => l.id)).toEqual([big?.id]);
    const restored = await post<Line>(`/api/bank-reconciliation/lines/${big?.id}/restore`, {
      version: ignored.version,
    });
    expect(restored.status).toBe("TO_MATCH");
  });

  it("is closed to profiles without the invoices' right", async () => {
    const r = await ctx.app.inject({ method: "GET", url: "/api/bank-reconciliation/lines", headers: cc.bearer });
    expect(r.statusCode).toBe(403);
    const sample = await ctx.app.inject({
      method: "GET",
      url: "/api/bank-reconciliation/sample",
      headers: compta.bearer,
    });
    expect(sample.statusCode).toBe(404);
  });
});

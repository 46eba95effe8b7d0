import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, completeCompanyIdentity } from "../../../test/factories.js";
import { checkFec, fecRows } from "../../../test/fec-check.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { clients, configuration, contracts } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

type Invoice = { id: string; version: number; number: string; totalTtc: number; due: number };
// Friday 15 May 2026 in Paris: the April visit is over.
const clock = fixedClock("2026-05-15T08:00:00Z");

describe("FEC export", () => {
  let ctx: TestContext;
  let compta: Session;
  let clientId = "";
  let numbers: { deposit: string; balance: string; credit: string };

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    compta = await signIn(ctx, (await buildUser(ctx.handle.db, "COMPTA")).identifier);
    const cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    await completeCompanyIdentity(ctx.handle.db);
    // A deposit (30 % of 3 000 € HT) paid, the balance (deposit deducted), a partial credit note, the rest paid.
    const { contract, missions } = await signedContract(ctx, cc, { days: [{ day: "2026-04-07", timeSlotId: 1 }] });
    await ctx.handle.db
      .update(contracts)
      .set({ amountHT: 3000, vatRate: 0.2, travelExpenseMode: 2, depositPercent: 30 })
      .where(eq(contracts.id, contract.id));
    clientId = missions[0]?.clientId ?? "";
    const post = async (url: string, payload: object) => {
      const r = await ctx.app.inject({ method: "POST", url, headers: compta.bearer, payload });
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as Invoice;
    };
    const issue = (i: Invoice) => post(`/api/invoices/${i.id}/issue`, { version: i.version });
    const deposit = await issue(await post("/api/invoices", { contractId: contract.id }));
    await post(`/api/invoices/${deposit.id}/payments`, {
      date: "2026-05-15",
      amount: deposit.totalTtc,
      method: "TRANSFER",
    });
    const balance = await issue(await post("/api/invoices", { missionId: missions[0]?.id }));
    const credit = await post(`/api/invoices/${balance.id}/credit-note`, {
      version: balance.version,
      reason: "Une demi-journée de moins",
      lines: [{ position: 1, quantity: 0.1 }],
    });
    const rest = await post(`/api/invoices/${balance.id}/payments`, {
      date: "2026-05-15",
      amount: 2160,
      method: "TRANSFER",
      reference: "VIR 123",
    });
    expect(rest.due).toBe(0);
    numbers = { deposit: deposit.number, balance: balance.number, credit: credit.number };
  });
  afterAll(() => ctx.close());

  const fec = (query = "from=2026-05-01&to=2026-05-31", session = compta) =>
    ctx.app.inject({ method: "GET", url: `/api/accounting/fec?${query}`, headers: session.bearer });

  it("writes the sales and bank journals of the period as the norm asks, each entry balanced", async () => {
    const r = await fec();
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers["content-disposition"]).toBe('attachment; filename="901234567FEC20260531.txt"');
    expect(checkFec(r.body)).toEqual([]);
    const rows = fecRows(r.body);
    const entry = (journal: string, num: string) =>
      rows
        .filter((x) => x.JournalCode === journal && x.EcritureNum === num)
        .map((x) => [x.CompteNum, x.CompAuxNum, x.PieceRef, x.Debit, x.Credit]);
    const [aux] = rows.filter((x) => x.CompAuxNum).map((x) => x.CompAuxNum);
    expect(aux).toMatch(/^411EHPADMIS/);
    // Deposit: 900 € HT + 180 € VAT; balance: 3 000 − 900 deducted = 2 100 € HT; credit note: 10 % of 3 000 €.
    expect(entry("VE", "1")).toEqual([
      ["411000", aux, numbers.deposit, "1080,00", "0,00"],
      ["706000", "", numbers.deposit, "0,00", "900,00"],
      ["445712", "", numbers.deposit, "0,00", "180,00"],
    ]);
    expect(entry("VE", "2")).toEqual([
      ["411000", aux, numbers.balance, "2520,00", "0,00"],
      ["706000", "", numbers.balance, "0,00", "2100,00"],
      ["445712", "", numbers.balance, "0,00", "420,00"],
    ]);
    expect(entry("VE", "3")).toEqual([
      ["411000", aux, numbers.credit, "0,00", "360,00"],
      ["706000", "", numbers.credit, "300,00", "0,00"],
      ["445712", "", numbers.credit, "60,00", "0,00"],
    ]);
    expect(entry("BQ", "1")).toEqual([
      ["512000", "", numbers.deposit, "1080,00", "0,00"],
      ["411000", aux, numbers.deposit, "0,00", "1080,00"],
    ]);
    expect(entry("BQ", "2")).toEqual([
      ["512000", "", numbers.balance, "2160,00", "0,00"],
      ["411000", aux, numbers.balance, "0,00", "2160,00"],
    ]);
    expect(rows.every((x) => x.EcritureDate === "20260515" && x.ValidDate === "20260515")).toBe(true);
    expect(rows.find((x) => x.JournalCode === "VE")?.JournalLib).toBe("Journal des ventes");
  });

  it("keeps a client's auxiliary account when the client is renamed, and follows the accounts of the settings (FEC and CSV journal)", async () => {
    const before = fecRows((await fec()).body).find((x) => x.CompAuxNum)?.CompAuxNum;
    await ctx.handle.db.update(clients).set({ raisonSocial: "Résidence Renommée" }).where(eq(clients.id, clientId));
    const dir = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
    const settings = (
      await ctx.app.inject({ method: "GET", url: "/api/settings/accounting", headers: dir.bearer })
    ).json();
    const saved = await ctx.app.inject({
      method: "PUT",
      url: "/api/settings/accounting",
      headers: dir.bearer,
      payload: { ...settings, bankAccount: "512100", salesJournalCode: "VT" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const rows = fecRows((await fec()).body);
    expect(rows.find((x) => x.CompAuxNum)?.CompAuxNum).toBe(before);
    expect(rows.find((x) => x.CompAuxNum)?.CompAuxLib).toBe("Résidence Renommée");
    expect(rows.some((x) => x.CompteNum === "512100")).toBe(true);
    expect(rows.filter((x) => x.JournalCode === "VT")).toHaveLength(9);
    // The CSV sales journal reads the same accounts: the two exports never disagree.
    const csv = await ctx.app.inject({
      method: "GET",
      url: "/api/accounting/sales-journal?from=2026-05-01&to=2026-05-31",
      headers: compta.bearer,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .slice(1);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.startsWith("VT;"))).toBe(true);
  });

  it("refuses a bad account number (400, in French) and changes nothing", async () => {
    const dir = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
    const settings = (
      await ctx.app.inject({ method: "GET", url: "/api/settings/accounting", headers: dir.bearer })
    ).json();
    const r = await ctx.app.inject({
      method: "PUT",
      url: "/api/settings/accounting",
      headers: dir.bearer,
      payload: { ...settings, customerAccount: "clients" },
    });
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(r))).toMatch(
      /Compte collectif clients : un numéro de compte commence par un chiffre/,
    );
    const after = (
      await ctx.app.inject({ method: "GET", url: "/api/settings/accounting", headers: dir.bearer })
    ).json();
    expect(after).toEqual(settings);
  });

  it("is empty but for its header outside the period; refuses a period over a year, and without SIREN (422)", async () => {
    const empty = await fec("from=2025-01-01&to=2025-12-31");
    expect(empty.body.split("\r\n").filter(Boolean)).toHaveLength(1);
    expect((await fec("from=2025-01-01&to=2026-05-31")).statusCode).toBe(400);
    await ctx.handle.db.update(configuration).set({ siret: null });
    const r = await fec();
    expect(r.statusCode).toBe(422);
    expect(errorOf(r).message).toMatch(/SIRET dans Paramètres › Société/);
    await completeCompanyIdentity(ctx.handle.db);
  });

  it("is refused to a profile without the invoices' right", async () => {
    const cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    expect((await fec(undefined, cc)).statusCode).toBe(403);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildUser, completeCompanyIdentity } from "../../../test/factories.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { contracts, expenses } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

type Detail = {
  id: string;
  number: string | null;
  status: string;
  version: number;
  totalHt: number;
  totalTtc: number;
  notes: string | null;
  lines: Array<{ kind: string; label: string; quantity: number; unitPrice: number; totalHt: number }>;
};

// The April visits are over.
const clock = fixedClock("2026-05-15T08:00:00Z");
const MODES = { EN_SUS: 1, INCLUS: 2, FORFAIT: 3 } as const;

/**
 * The three travel-cost terms of a contract, each walked from the signed contract to the issued
 * balance: a deposit of 30 % prepared and issued, an evaluator's approved expense, then the balance.
 */
describe("travel costs on the balance invoice: forfait, inclus, frais en sus", () => {
  let ctx: TestContext;
  let compta: Session;
  let cc: Session;
  let auditorId: string;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    compta = await signIn(ctx, (await buildUser(ctx.handle.db, "COMPTA")).identifier);
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    auditorId = (await buildAuditor(ctx.handle.db, { email: "modes@eval.fr" })).id;
    await completeCompanyIdentity(ctx.handle.db);
  });
  afterAll(() => ctx.close());

  const call = (method: "GET" | "POST", url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: compta.bearer, payload });
  const ok = async (method: "GET" | "POST", url: string, payload?: object) => {
    const r = await call(method, url, payload);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Detail;
  };
  const issue = (d: Detail) => ok("POST", `/api/invoices/${d.id}/issue`, { version: d.version });
  const shape = (d: Detail) => d.lines.map((l) => [l.kind, l.totalHt]);

  /** A contract of 4 300 € HT (a flat fee of 300 € included when "forfait"), its deposit issued, an expense approved. */
  async function walk(mode: number) {
    const signed = await signedContract(ctx, cc, { days: [{ day: "2026-04-07", timeSlotId: 1 }] });
    await ctx.handle.db
      .update(contracts)
      .set({
        amountHT: 4300,
        vatRate: 0.2,
        depositPercent: 30,
        travelExpenseMode: mode,
        travelExpenseAmount: mode === MODES.FORFAIT ? 300 : null,
      })
      .where(eq(contracts.id, signed.contract.id));
    const deposit = await issue(await ok("POST", "/api/invoices", { contractId: signed.contract.id }));
    expect(deposit.totalHt).toBe(1290);
    const missionId = signed.missions[0]?.id ?? "";
    const [expense] = await ctx.handle.db
      .insert(expenses)
      .values({
        missionId,
        auditorId,
        kind: "TRANSPORT",
        transportMode: "TRAIN",
        date: "2026-04-07",
        amountCents: 7855,
        status: "APPROVED",
      })
      .returning();
    const balance = await ok("POST", "/api/invoices", { missionId });
    const rebilled = async () =>
      (
        await ctx.handle.db
          .select()
          .from(expenses)
          .where(eq(expenses.id, expense?.id ?? ""))
      )[0]?.rebilledInvoiceId;
    return { deposit, balance, rebilled };
  }

  it("forfait: a flat travel fee line on the balance, the service without it, the deposit deducted; no expense rebilled", async () => {
    const { deposit, balance, rebilled } = await walk(MODES.FORFAIT);
    expect(shape(balance)).toEqual([
      ["SERVICE", 4000],
      ["FLAT_FEE", 300],
      ["DEPOSIT_DEDUCTION", -1290],
    ]);
    expect(balance.lines[1]?.label).toBe("Frais de déplacement (forfait)");
    expect(balance.notes).toBeNull();
    // The contract's price, no more: deposit + balance.
    expect(deposit.totalHt + balance.totalHt).toBe(4300);
    expect(await rebilled()).toBeNull();
    const issued = await issue(balance);
    expect(issued.number).toBeTruthy();
    expect(shape(issued)).toEqual(shape(balance));
    const pdf = await call("GET", `/api/invoices/${issued.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
  });

  it("inclus: nothing rebilled, not even on demand, the deposit deducted", async () => {
    const { deposit, balance, rebilled } = await walk(MODES.INCLUS);
    expect(shape(balance)).toEqual([
      ["SERVICE", 4300],
      ["DEPOSIT_DEDUCTION", -1290],
    ]);
    expect(balance.notes).toBeNull();
    expect(deposit.totalHt + balance.totalHt).toBe(4300);
    const more = await call("POST", `/api/invoices/${balance.id}/rebill-expenses`, { version: balance.version });
    expect(more.statusCode).toBe(409);
    expect(errorOf(more).message).toMatch(/ne prévoit pas de frais en sus/);
    expect(await rebilled()).toBeNull();
    expect((await issue(balance)).totalHt).toBe(3010);
  });

  it("frais en sus: the approved expense rebilled at cost with its note, the deposit deducted", async () => {
    const { deposit, balance, rebilled } = await walk(MODES.EN_SUS);
    expect(shape(balance)).toEqual([
      ["SERVICE", 4300],
      ["TRAVEL", 78.55],
      ["DEPOSIT_DEDUCTION", -1290],
    ]);
    expect(balance.notes).toBe("Frais de déplacement refacturés au réel sur justificatifs.");
    expect(deposit.totalHt + balance.totalHt).toBe(4378.55);
    const issued = await issue(balance);
    expect(await rebilled()).toBe(issued.id);
  });
});

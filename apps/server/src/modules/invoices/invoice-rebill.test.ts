import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildUser, completeCompanyIdentity } from "../../../test/factories.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { contracts, expenses, invoices } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

type Line = {
  kind: string;
  label: string;
  quantity: number;
  unitPrice: number;
  vatRate: number;
  expenseId: string | null;
};
type Detail = {
  id: string;
  number: string | null;
  status: string;
  version: number;
  totalHt: number;
  totalVat: number;
  lines: Line[];
  creditNote: { id: string } | null;
};

// The visits of April are over.
const clock = fixedClock("2026-05-15T08:00:00Z");

describe("approved expenses rebilled on the balance invoice (frais en sus)", () => {
  let ctx: TestContext;
  let compta: Session;
  let cc: Session;
  let auditorId: string;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    compta = await signIn(ctx, (await buildUser(ctx.handle.db, "COMPTA")).identifier);
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    auditorId = (await buildAuditor(ctx.handle.db, { email: "rebill@eval.fr" })).id;
    await completeCompanyIdentity(ctx.handle.db);
  });
  afterAll(() => ctx.close());

  const call = (method: "GET" | "PUT" | "POST", url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: compta.bearer, payload });
  const ok = async (method: "GET" | "PUT" | "POST", url: string, payload?: object) => {
    const r = await call(method, url, payload);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Detail;
  };

  /** A mission whose April visit is over, on a contract with the given travel option and VAT rate. */
  async function mission(travelExpenseMode: number, vatRate = 0.2) {
    const signed = await signedContract(ctx, cc, { days: [{ day: "2026-04-07", timeSlotId: 1 }] });
    await ctx.handle.db
      .update(contracts)
      .set({ travelExpenseMode, vatRate, amountHT: 4000, travelExpenseAmount: travelExpenseMode === 3 ? 300 : null })
      .where(eq(contracts.id, signed.contract.id));
    return signed.missions[0]?.id ?? "";
  }
  async function expense(missionId: string, amountCents: number, status = "APPROVED", date = "2026-04-07") {
    const [row] = await ctx.handle.db
      .insert(expenses)
      .values({ missionId, auditorId, kind: "TRANSPORT", transportMode: "TRAIN", date, amountCents, status })
      .returning();
    return row?.id ?? "";
  }
  const links = async (ids: string[]) => {
    const rows = await ctx.handle.db
      .select({ id: expenses.id, invoiceId: expenses.rebilledInvoiceId })
      .from(expenses)
      .where(inArray(expenses.id, ids));
    return Object.fromEntries(rows.map((r) => [r.id, r.invoiceId]));
  };
  const travel = (d: Detail) => d.lines.filter((l) => l.kind === "TRAVEL");
  const edit = (d: Detail, lines: Array<Omit<Line, "expenseId"> & { expenseId?: string | null }>) =>
    ok("PUT", `/api/invoices/${d.id}`, {
      lines,
      buyerReference: { buyerSiret: "", serviceCode: "", engagementNumber: "" },
      notes: "",
      version: d.version,
    });
  const strip = (l: Line & { totalHt?: number }) => {
    const { totalHt: _t, ...rest } = l;
    return rest;
  };

  it("adds one line per approved expense at the invoice's VAT rate, links them, and shows the link on the Frais tab", async () => {
    const missionId = await mission(1, 0.085);
    const train = await expense(missionId, 7855);
    const hotel = await expense(missionId, 12000, "REIMBURSED", "2026-04-06");
    const pending = await expense(missionId, 5000, "SUBMITTED");
    const refused = await expense(missionId, 3000, "REJECTED");
    const draft = await ok("POST", "/api/invoices", { missionId });
    expect(travel(draft).map((l) => [l.unitPrice, l.quantity, l.vatRate, l.expenseId])).toEqual([
      [120, 1, 0.085, hotel],
      [78.55, 1, 0.085, train],
    ]);
    expect(travel(draft)[1]?.label).toMatch(/train.*07\/04\/2026/i);
    // 4 000 € of service + 198,55 € of rebilled expenses, VAT 8,5 % on the whole.
    expect(draft.totalHt).toBe(4198.55);
    expect(draft.totalVat).toBe(356.88);
    expect(await links([train, hotel, pending, refused])).toEqual({
      [train]: draft.id,
      [hotel]: draft.id,
      [pending]: null,
      [refused]: null,
    });
    const tab = (await call("GET", `/api/missions/${missionId}/expenses`)).json() as {
      rebilledToClient: boolean;
      items: Array<{ id: string; rebilledInvoice: { id: string; number: string | null } | null }>;
    };
    expect(tab.rebilledToClient).toBe(true);
    expect(tab.items.find((e) => e.id === train)?.rebilledInvoice).toEqual({ id: draft.id, number: null });
    expect(tab.items.find((e) => e.id === pending)?.rebilledInvoice).toBeNull();
  });

  it("rebills nothing when travel is included or a flat fee", async () => {
    for (const mode of [2, 3]) {
      const missionId = await mission(mode);
      const id = await expense(missionId, 7855);
      const draft = await ok("POST", "/api/invoices", { missionId });
      expect(travel(draft)).toEqual([]);
      expect(await links([id])).toEqual({ [id]: null });
      const r = await call("POST", `/api/invoices/${draft.id}/rebill-expenses`, { version: draft.version });
      expect(r.statusCode).toBe(409);
    }
  });

  it("never bills an expense twice; a removed line or a deleted draft frees it, an edited one does not", async () => {
    const missionId = await mission(1);
    const first = await expense(missionId, 10000);
    const draft = await ok("POST", "/api/invoices", { missionId });
    expect(travel(draft)).toHaveLength(1);
    // Nothing new to add: 409, and still one line.
    const none = await call("POST", `/api/invoices/${draft.id}/rebill-expenses`, { version: draft.version });
    expect(none.statusCode).toBe(409);
    // An expense approved after the draft: offered once.
    const late = await expense(missionId, 2550, "APPROVED", "2026-04-08");
    const added = await ok("POST", `/api/invoices/${draft.id}/rebill-expenses`, { version: draft.version });
    expect(travel(added).map((l) => [l.unitPrice, l.expenseId])).toEqual([
      [100, first],
      [25.5, late],
    ]);
    expect(added.totalHt).toBe(4125.5);
    expect(
      (await call("POST", `/api/invoices/${added.id}/rebill-expenses`, { version: added.version })).statusCode,
    ).toBe(409);
    // Editing the first line's label keeps its link; removing the late one frees it.
    const edited = await edit(
      added,
      added.lines
        .filter((l) => l.expenseId !== late)
        .map((l) => (l.expenseId === first ? { ...strip(l), label: "Train Paris–Lyon" } : strip(l))),
    );
    expect(travel(edited).map((l) => [l.label, l.expenseId])).toEqual([["Train Paris–Lyon", first]]);
    expect(await links([first, late])).toEqual({ [first]: draft.id, [late]: null });
    // A forged or repeated expense id is ignored: the line stays, unlinked.
    const forged = await edit(edited, [
      ...edited.lines.map(strip),
      { ...strip(travel(edited)[0] as Line), expenseId: late },
    ]);
    expect(travel(forged).map((l) => l.expenseId)).toEqual([first, null]);
    expect(await links([late])).toEqual({ [late]: null });
    const again = await ok("POST", `/api/invoices/${draft.id}/rebill-expenses`, { version: forged.version });
    expect(travel(again).filter((l) => l.expenseId === late)).toHaveLength(1);
    // A second balance draft of the mission is refused anyway; deleting the draft frees its expenses.
    expect((await call("POST", "/api/invoices", { missionId })).statusCode).toBe(409);
    await ctx.handle.db.delete(invoices).where(eq(invoices.id, draft.id));
    expect(await links([first, late])).toEqual({ [first]: null, [late]: null });
    const redraft = await ok("POST", "/api/invoices", { missionId });
    expect(travel(redraft).map((l) => l.expenseId)).toEqual([first, late]);
  });

  it("keeps the link once issued (409 on the route), and a credit note frees the expenses for the next balance", async () => {
    const missionId = await mission(1);
    const id = await expense(missionId, 4520);
    const draft = await ok("POST", "/api/invoices", { missionId });
    const issued = await ok("POST", `/api/invoices/${draft.id}/issue`, { version: draft.version });
    expect(issued.number).toBeTruthy();
    await expense(missionId, 1000);
    const refused = await call("POST", `/api/invoices/${issued.id}/rebill-expenses`, { version: issued.version });
    expect(refused.statusCode).toBe(409);
    expect(await links([id])).toEqual({ [id]: issued.id });
    const tab = (await call("GET", `/api/missions/${missionId}/expenses`)).json() as {
      items: Array<{ id: string; rebilledInvoice: { number: string | null } | null }>;
    };
    expect(tab.items.find((e) => e.id === id)?.rebilledInvoice?.number).toBe(issued.number);

    const credit = await ok("POST", `/api/invoices/${issued.id}/credit-note`, {
      version: issued.version,
      reason: "Erreur sur le client",
    });
    expect(travel(credit).every((l) => l.expenseId === null)).toBe(true);
    expect(await links([id])).toEqual({ [id]: null });
    const next = await ok("POST", "/api/invoices", { missionId });
    expect(travel(next).map((l) => l.unitPrice)).toEqual([45.2, 10]);
    expect(await links([id])).toEqual({ [id]: next.id });
  });
});

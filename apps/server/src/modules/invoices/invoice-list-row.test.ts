import { invoiceRowSchema } from "@certidesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildInvoice, buildMission } from "../../../test/alert-rule-fixtures.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { clients, contracts, invoices } from "../../db/schema/index.js";

/**
 * The invoice list's row is kept on the invoice (migration 0052_invoice_list_row), "overdue" aside (it depends
 * on the day, added at each read): every write it shows must rewrite it, in the same transaction, whether the
 * invoice, its establishment's name, its contract's number or the number of the invoice it credits changed.
 */
describe("an invoice's kept list row", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  // Exactly the keys the list sends, but for "overdue" and "version" (added at each read).
  const keptRowSchema = invoiceRowSchema.omit({ overdue: true, version: true }).strict();
  const rowOf = async (id: string) => {
    const [found] = await ctx.handle.db.select({ row: invoices.listRow }).from(invoices).where(eq(invoices.id, id));
    const text = found?.row ?? "";
    // Kept in ASCII (the server sends it as it receives it), read back to the same characters.
    expect(text).toMatch(/^[\x20-\x7e]*$/);
    return keptRowSchema.parse(JSON.parse(text));
  };
  const stale = async () =>
    ctx.handle.queryRaw<{ id: string }>(
      "select id from invoices i where list_row is distinct from invoice_list_row(i)",
    );

  it("follows the invoice, its establishment's name, its contract's number and the credited invoice's", async () => {
    const { db } = ctx.handle;
    const { mission, contract, essms } = await buildMission(db, {}, { team: 0 });
    const invoice = await buildInvoice(db, {
      contractId: contract.id,
      clientId: essms.id,
      missionId: mission.id,
      totalTtcCents: 120_050,
    });
    expect(await rowOf(invoice.id)).toMatchObject({
      id: invoice.id,
      number: null,
      kind: "BALANCE",
      status: "INVOICE_PREPARE",
      clientName: essms.raisonSocial,
      buyerName: "EHPAD",
      contractNumber: contract.number,
      missionId: mission.id,
      totalHt: 1000,
      totalTtc: 1200.5,
      paid: 0,
      due: 1200.5,
      creditedInvoiceNumber: null,
    });
    const credit = await buildInvoice(db, {
      contractId: contract.id,
      clientId: essms.id,
      kind: "CREDIT_NOTE",
      creditedInvoiceId: invoice.id,
    });
    expect(await rowOf(credit.id)).toMatchObject({ kind: "CREDIT_NOTE", due: 0, creditedInvoiceNumber: null });

    // Each change checked on its own: any rewrite computes the whole row, and would hide a missing one.
    await db
      .update(invoices)
      .set({ number: "FA-2099-0001", status: "INVOICE_SEND", issueDate: "2099-01-05", dueDate: "2099-02-04" })
      .where(eq(invoices.id, invoice.id));
    expect(await rowOf(invoice.id)).toMatchObject({
      number: "FA-2099-0001",
      status: "INVOICE_SEND",
      issueDate: "2099-01-05",
      dueDate: "2099-02-04",
    });
    expect((await rowOf(credit.id)).creditedInvoiceNumber).toBe("FA-2099-0001");
    await db.update(invoices).set({ paidCents: 20_050 }).where(eq(invoices.id, invoice.id));
    expect(await rowOf(invoice.id)).toMatchObject({ paid: 200.5, due: 1000 });
    await db.update(clients).set({ raisonSocial: "Œuvre Hélène — Les Tilleuls" }).where(eq(clients.id, essms.id));
    expect((await rowOf(invoice.id)).clientName).toBe("Œuvre Hélène — Les Tilleuls");
    await db.update(contracts).set({ number: "CT-2099-0042" }).where(eq(contracts.id, contract.id));
    expect((await rowOf(invoice.id)).contractNumber).toBe("CT-2099-0042");
    expect(await stale()).toEqual([]);
  });
});

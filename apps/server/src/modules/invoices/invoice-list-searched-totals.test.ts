import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildInvoice, buildMission } from "../../../test/alert-rule-fixtures.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { clients, invoices } from "../../db/schema/index.js";
import { listInvoices } from "./invoices.repository.js";

/**
 * A searched invoice list's per-status totals are remembered per invoices version (lib/versioned-totals.ts):
 * whatever changes what a search sees, the next answer's totals are a real count.
 */
describe("invoice list: the totals of a search", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const searched = async (search: string, status?: "INVOICE_SEND") => {
    const page = await listInvoices(
      ctx.handle.db,
      { search, status, page: 1, pageSize: 1, sort: "issueDate", direction: "desc" },
      "2026-11-28",
    );
    return { total: page.total, totals: page.totals.map((t) => [t.status, t.count, t.ttcCents]) };
  };

  it("follows invoices added, issued, deleted and their establishment renamed", async () => {
    const { db } = ctx.handle;
    const { contract, essms } = await buildMission(db, {}, { team: 0 });
    await db.update(clients).set({ raisonSocial: "Résidence Zéphyrine" }).where(eq(clients.id, essms.id));
    expect(await searched("Zéphyrine")).toEqual({ total: 0, totals: [] });
    const first = await buildInvoice(db, { contractId: contract.id, clientId: essms.id, totalTtcCents: 1_000 });
    expect(await searched("zephyrine")).toEqual({ total: 1, totals: [["INVOICE_PREPARE", 1, 1_000]] });
    expect(await searched("zephyrine")).toEqual({ total: 1, totals: [["INVOICE_PREPARE", 1, 1_000]] });
    await buildInvoice(db, { contractId: contract.id, clientId: essms.id, totalTtcCents: 2_000 });
    expect(await searched("ZÉPHYRINE")).toEqual({ total: 2, totals: [["INVOICE_PREPARE", 2, 3_000]] });
    await db
      .update(invoices)
      .set({ number: "FA-2099-0001", status: "INVOICE_SEND", issueDate: "2099-01-05", dueDate: "2099-02-04" })
      .where(eq(invoices.id, first.id));
    const paid = await searched("zephyrine", "INVOICE_SEND");
    expect(paid.total).toBe(1);
    expect(paid.totals.sort()).toEqual([
      ["INVOICE_PREPARE", 1, 2_000],
      ["INVOICE_SEND", 1, 1_000],
    ]);
    await db.update(clients).set({ raisonSocial: "Résidence Borée" }).where(eq(clients.id, essms.id));
    expect(await searched("zephyrine")).toEqual({ total: 0, totals: [] });
    expect((await searched("boree")).total).toBe(2);
    await db.delete(invoices).where(eq(invoices.id, first.id));
    expect(await searched("boree")).toEqual({ total: 1, totals: [["INVOICE_PREPARE", 1, 2_000]] });
  });
});

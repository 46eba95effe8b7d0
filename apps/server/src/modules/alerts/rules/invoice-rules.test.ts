import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildInvoice, buildMission, casesOf, createdOn, finds } from "../../../../test/alert-rule-fixtures.js";
import { createTestApp, type TestContext } from "../../../../test/test-app.js";
import { invoices } from "../../../db/schema/index.js";
import { invoiceBalanceToIssue } from "./invoice-balance-to-issue.js";
import { invoiceDepositDue } from "./invoice-deposit-due.js";
import { invoiceDraftUnissued } from "./invoice-draft-unissued.js";
import { invoiceUnpaid } from "./invoice-unpaid.js";

const NBSP = "\u00a0";

/** The Factures page's rules at their thresholds. */
describe("alert rules of the Factures page", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());
  const db = () => ctx.handle.db;
  const setInvoice = (id: string, values: Partial<typeof invoices.$inferInsert>) =>
    db().update(invoices).set(values).where(eq(invoices.id, id));

  it("balance to invoice: 7 days after the last visit day, until a balance is drafted; a cancelled one does not count", async () => {
    const { mission, contract, essms } = await buildMission(db(), { lastDay: "2026-03-01" });
    expect(await finds(db(), invoiceBalanceToIssue, "2026-03-07", mission.id)).toBe(false);
    expect(
      (await casesOf(db(), invoiceBalanceToIssue, "2026-03-08")).find((c) => c.record_id === mission.id),
    ).toMatchObject({
      due_date: "2026-03-08",
      display_value: "Visite terminée le 01/03/2026, Échéance aujourd'hui",
      link: `/app/mission/${essms.id}/${mission.id}?onglet=facture`,
    });
    const draft = await buildInvoice(db(), { contractId: contract.id, clientId: essms.id, missionId: mission.id });
    expect(await finds(db(), invoiceBalanceToIssue, "2026-03-08", mission.id)).toBe(false);
    await setInvoice(draft.id, { status: "INVOICE_SEND", number: "F-2026-0001", creditedCents: 120_000 });
    expect(await finds(db(), invoiceBalanceToIssue, "2026-03-08", mission.id)).toBe(true);
  });

  it("draft unissued: 7 days after it was prepared (Paris day), until it is issued", async () => {
    const { contract, essms } = await buildMission(db(), { lastDay: "2026-03-01" });
    const draft = await buildInvoice(db(), { contractId: contract.id, clientId: essms.id, totalTtcCents: 123_456 });
    // Prepared at 00:30 in Paris on 10 March (still 9 March in UTC).
    await createdOn(db(), draft.id, "2026-03-09T23:30:00Z");
    expect(await finds(db(), invoiceDraftUnissued, "2026-03-16", draft.id)).toBe(false);
    expect(
      (await casesOf(db(), invoiceDraftUnissued, "2026-03-17")).find((c) => c.record_id === draft.id),
    ).toMatchObject({
      due_date: "2026-03-17",
      display_value: `Solde de 1${NBSP}234,56${NBSP}€ TTC préparé le 10/03/2026, Échéance aujourd'hui`,
      link: `/app/facture/${draft.id}`,
    });
    await setInvoice(draft.id, { status: "INVOICE_SEND", number: "F-2026-0002", issueDate: "2026-03-17" });
    expect(await finds(db(), invoiceDraftUnissued, "2026-03-17", draft.id)).toBe(false);
  });

  it("unpaid: 30 days after the day its mail left while something is due; issued but unsent, paid or credited, it leaves", async () => {
    const { contract, essms } = await buildMission(db(), { lastDay: "2026-03-01" });
    const sent = await buildInvoice(db(), {
      contractId: contract.id,
      clientId: essms.id,
      status: "INVOICE_PARTIALLY_PAID",
      number: "F-2026-0003",
      issueDate: "2026-02-20",
      dueDate: "2026-03-22",
      paidCents: 20_000,
    });
    // Paid in part before it was ever sent: no mail has left, nothing to chase.
    expect(await finds(db(), invoiceUnpaid, "2026-04-30", sent.id)).toBe(false);
    // Its mail left at 00:30 in Paris on 2 March (still 1 March in UTC): the delay counts from 2 March.
    await setInvoice(sent.id, { sentAt: new Date("2026-03-01T23:30:00Z") });
    expect(await finds(db(), invoiceUnpaid, "2026-03-31", sent.id)).toBe(false);
    expect((await casesOf(db(), invoiceUnpaid, "2026-04-01")).find((c) => c.record_id === sent.id)).toMatchObject({
      due_date: "2026-04-01",
      display_value: `Facture F-2026-0003 : 1${NBSP}000,00${NBSP}€ restant dû, envoyée le 02/03/2026 (30 jours)`,
    });
    await setInvoice(sent.id, { status: "INVOICE_PAID", paidCents: 120_000 });
    expect(await finds(db(), invoiceUnpaid, "2026-04-01", sent.id)).toBe(false);
  });

  it("deposit due: a signed contract with a deposit percentage and no deposit invoice, from its signature", async () => {
    const none = await buildMission(
      db(),
      { lastDay: "2026-03-01" },
      { depositPercent: 0, signatureDate: "2026-02-01" },
    );
    const { contract, essms, mission } = await buildMission(
      db(),
      { lastDay: "2026-03-01" },
      { depositPercent: 25.5, signatureDate: "2026-02-01" },
    );
    expect(await finds(db(), invoiceDepositDue, "2026-01-31", contract.id)).toBe(false);
    const cases = await casesOf(db(), invoiceDepositDue, "2026-02-01");
    expect(cases.some((c) => c.record_id === none.contract.id)).toBe(false);
    expect(cases.find((c) => c.record_id === contract.id)).toMatchObject({
      raison_social: essms.raisonSocial,
      due_date: "2026-02-01",
      display_value: `Contrat ${contract.number} signé le 01/02/2026, acompte de 25,5 %`,
      link: `/app/mission/${essms.id}/${mission.id}?onglet=facture`,
    });
    await buildInvoice(db(), { contractId: contract.id, clientId: essms.id, kind: "DEPOSIT" });
    expect(await finds(db(), invoiceDepositDue, "2026-02-02", contract.id)).toBe(false);
  });

  it("deposit due: leaves once a balance is invoiced on the contract (the deposit is then refused)", async () => {
    const { contract, essms, mission } = await buildMission(
      db(),
      { lastDay: "2026-03-01" },
      { depositPercent: 30, signatureDate: "2026-02-01" },
    );
    expect(await finds(db(), invoiceDepositDue, "2026-03-10", contract.id)).toBe(true);
    await buildInvoice(db(), { contractId: contract.id, clientId: essms.id, missionId: mission.id });
    expect(await finds(db(), invoiceDepositDue, "2026-03-10", contract.id)).toBe(false);
  });
});

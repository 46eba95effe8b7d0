import { BULK_STALE_REASON } from "@certidesk/shared";
import { and, eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, completeCompanyIdentity } from "../../../test/factories.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { auditLog, clients, invoices, mailOutbox } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

type Invoice = { id: string; number: string; version: number; clientId: string };
type Report = { done: number; failed: Array<{ id: string; label: string; reason: string }> };

const clock = fixedClock("2026-05-15T08:00:00Z");

/** "Relancer", "Envoyer" and the export on many invoices at once: each row through the single-row rules. */
describe("invoices bulk actions", () => {
  let ctx: TestContext;
  let compta: Session;
  let cc: Session;
  const overdue: Invoice[] = [];
  let issuedOnly: Invoice;
  let notYetDue: Invoice;

  const call = (url: string, payload: object, session = compta) =>
    ctx.app.inject({ method: "POST", url, headers: session.bearer, payload });
  const current = async (id: string) => {
    const r = await ctx.app.inject({ method: "GET", url: `/api/invoices/${id}`, headers: compta.bearer });
    return r.json() as Invoice;
  };
  const remind = async (payload: object, session = compta) => {
    const r = await call("/api/invoices/bulk/remind", payload, session);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Report;
  };
  const reminders = (ids: string[]) =>
    ctx.handle.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.templateCode, "INVOICE_REMINDER"), inArray(mailOutbox.relatedId, ids)));
  const journal = (ids: string[]) =>
    ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "remind"), inArray(auditLog.entityId, ids)));
  const ids = (...list: Invoice[]) => list.map((i) => ({ id: i.id, version: i.version }));

  /** An issued invoice of a new establishment with a billing address; sent and due on `dueDate` if given. */
  async function invoice(dueDate?: string): Promise<Invoice> {
    const { missions } = await signedContract(ctx, cc, { days: [{ day: "2026-04-07", timeSlotId: 1 }] });
    const mission = missions[0];
    if (!mission) throw new Error("no mission");
    await ctx.handle.db
      .update(clients)
      .set({ billingEmail: "compta@client.fr" })
      .where(eq(clients.id, mission.clientId));
    const post = (url: string, body: object) => call(url, body).then((r) => r.json() as Invoice);
    const draft = await post("/api/invoices", { missionId: mission.id });
    const issued = await post(`/api/invoices/${draft.id}/issue`, { version: draft.version });
    if (dueDate)
      await ctx.handle.db
        .update(invoices)
        .set({ status: "INVOICE_SEND", dueDate, sentAt: new Date("2026-04-10T08:00:00Z") })
        .where(eq(invoices.id, issued.id));
    return current(issued.id);
  }

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    compta = await signIn(ctx, (await buildUser(ctx.handle.db, "COMPTA")).identifier);
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    await completeCompanyIdentity(ctx.handle.db);
    for (let n = 0; n < 3; n++) overdue.push(await invoice("2026-05-01"));
    issuedOnly = await invoice();
    notYetDue = await invoice("2026-06-30");
  });
  afterAll(() => ctx.close());

  it("reminds every ticked invoice: one mail and one journal entry each", async () => {
    const [a, b] = overdue as [Invoice, Invoice];
    expect(await remind({ ids: ids(a, b) })).toEqual({ done: 2, failed: [] });
    const mails = await reminders([a.id, b.id]);
    expect(mails.map((m) => m.to)).toEqual([["compta@client.fr"], ["compta@client.fr"]]);
    expect(mails[0]?.subject).toContain("Relance");
    expect(await journal([a.id, b.id])).toHaveLength(2);
    expect((await current(a.id)).version).toBe(a.version + 1);
  });

  it("reports each refused row with its French reason and acts on the others", async () => {
    const c = overdue[2] as Invoice;
    const unknown = { id: "00000000-0000-4000-8000-000000000000", version: 1 };
    const report = await remind({ ids: [...ids(c, issuedOnly, notYetDue), unknown] });
    expect(report.done).toBe(1);
    expect(report.failed).toEqual([
      { id: unknown.id, label: "—", reason: "Facture introuvable." },
      {
        id: issuedOnly.id,
        label: expect.stringContaining(issuedOnly.number),
        reason: "Facture pas encore envoyée au client : envoyez-la avant de la relancer.",
      },
      {
        id: notYetDue.id,
        label: expect.stringContaining(notYetDue.number),
        reason: "Pas encore échue (échéance le 30/06/2026) : rien à relancer.",
      },
    ]);
    expect(await reminders([issuedOnly.id, notYetDue.id])).toEqual([]);
    expect(await journal([issuedOnly.id, notYetDue.id])).toEqual([]);
  });

  it("reports a row changed meanwhile instead of overwriting it", async () => {
    const a = overdue[0] as Invoice; // reminded above: its version moved since `a` was read
    const before = (await reminders([a.id])).length;
    const report = await remind({ ids: ids(a) });
    expect(report).toEqual({ done: 0, failed: [{ id: a.id, label: expect.any(String), reason: BULK_STALE_REASON }] });
    expect(await reminders([a.id])).toHaveLength(before);
  });

  it("refuses a profile without the invoices' update right, and writes nothing", async () => {
    const before = (await reminders(overdue.map((i) => i.id))).length;
    const r = await call("/api/invoices/bulk/remind", { ids: ids(...overdue) }, cc);
    expect(r.statusCode).toBe(403);
    expect(await reminders(overdue.map((i) => i.id))).toHaveLength(before);
  });

  it("acts on every invoice of the list's filter, read now, and refuses a selection beyond 500", async () => {
    const c = overdue[2] as Invoice;
    const report = await remind({ filter: { status: "INVOICE_SEND", clientId: c.clientId } });
    expect(report).toEqual({ done: 1, failed: [] });
    expect(await reminders([c.id])).toHaveLength(2);

    const many = Array.from({ length: 501 }, () => ({ id: c.id, version: 1 }));
    const r = await call("/api/invoices/bulk/remind", { ids: many });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toContain("500 lignes au plus");
  });

  it("sends the ticked invoices as « Envoyer » does, and exports them", async () => {
    const report = await call("/api/invoices/bulk/send", { ids: ids(await current(issuedOnly.id)) });
    expect(report.json()).toEqual({ done: 1, failed: [] });
    const [mail] = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.relatedId, issuedOnly.id));
    expect(mail?.templateCode).toBe("INVOICE_SEND");

    const xlsx = await call("/api/invoices/bulk/export", { ids: ids(issuedOnly, notYetDue) });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Factures");
    const numbers = [sheet?.getRow(2).getCell(1).value, sheet?.getRow(3).getCell(1).value];
    expect(numbers.sort()).toEqual([issuedOnly.number, notYetDue.number].sort());
    expect(sheet?.rowCount).toBe(3);
  });
});

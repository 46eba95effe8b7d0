import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, completeCompanyIdentity } from "../../../test/factories.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { startSmtpServer } from "../../../test/smtp-test-server.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { clients, invoiceSettings, invoices, legalEntities, mailOutbox } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;
type Detail = {
  id: string;
  number: string;
  status: string;
  version: number;
  sentAt: string | null;
  billingEmail: string | null;
  sending: { status: string; to: string[]; lastError: string | null; attempts: number } | null;
  abilities: Record<string, boolean>;
};

// Friday 15 May 2026 in Paris: the visits of April are over.
const clock = fixedClock("2026-05-15T08:00:00Z");

/** The PDF attachments of a raw mail: name and decoded bytes. */
function pdfAttachments(raw: string) {
  const parts = raw.split(/\r\n--[^\r\n]+\r\n/);
  return parts
    .filter((p) => /Content-Type: application\/pdf/i.test(p))
    .map((p) => {
      const [head = "", body = ""] = p.split("\r\n\r\n");
      const name = /filename="?([^";\r\n]+)"?/.exec(head)?.[1] ?? "";
      return { name, data: Buffer.from(body.replace(/\r\n--[\s\S]*$/, ""), "base64") };
    });
}

/**
 * "Envoyer" on an issued invoice through a real SMTP server: the mail leaves with the Factur-X PDF and only
 * then is the invoice sent; a failed mail leaves it issued, the failure shown, and "Envoyer" again retries.
 */
describe("sending an invoice", () => {
  let smtp: Smtp;
  let ctx: TestContext;
  let compta: Session;
  let cc: Session;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp({ clock, config: { smtpUrl: smtp.url, mailFrom: "Certidesk <noreply@test.fr>" } });
    compta = await signIn(ctx, (await buildUser(ctx.handle.db, "COMPTA")).identifier);
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    await completeCompanyIdentity(ctx.handle.db);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const call = (method: "GET" | "POST", url: string, payload?: object, session = compta) =>
    ctx.app.inject({ method, url, headers: session.bearer, payload });
  const ok = async (method: "GET" | "POST", url: string, payload?: object) => {
    const r = await call(method, url, payload);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Detail;
  };
  const get = (id: string) => ok("GET", `/api/invoices/${id}`);
  const send = (i: Pick<Detail, "id" | "version">) =>
    call("POST", `/api/invoices/${i.id}/send`, { version: i.version });
  const mailsOf = (id: string) =>
    ctx.handle.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.relatedType, "invoice"), eq(mailOutbox.relatedId, id)));

  /** An issued balance invoice of a new establishment whose legal entity has (or not) a billing address. */
  async function issuedInvoice(billingEmail: string | null) {
    const { missions, contract } = await signedContract(ctx, cc, { days: [{ day: "2026-04-07", timeSlotId: 1 }] });
    const mission = missions[0];
    if (!mission) throw new Error("no mission");
    const [client] = await ctx.handle.db.select().from(clients).where(eq(clients.id, mission.clientId));
    await ctx.handle.db.update(clients).set({ email: null }).where(eq(clients.id, mission.clientId));
    await ctx.handle.db
      .update(legalEntities)
      .set({ email: billingEmail })
      .where(eq(legalEntities.id, client?.legalEntityId ?? ""));
    const draft = await ok("POST", "/api/invoices", { missionId: mission.id });
    const issued = await ok("POST", `/api/invoices/${draft.id}/issue`, { version: draft.version });
    return { issued, mission, contract };
  }

  it("mails the Factur-X PDF to the billing address; the invoice is sent only once the mail has left", async () => {
    const { issued, mission } = await issuedInvoice("compta@gestion-cedres.fr");
    expect(issued).toMatchObject({ status: "INVOICE_ISSUED", sentAt: null, sending: null });
    expect(issued.abilities.send).toBe(true);
    const before = smtp.received.length;

    const r = await send(issued);
    expect(r.statusCode, r.body).toBe(200);
    await ctx.app.mailWorker.processDue();

    const mail = smtp.received.slice(before).find((m) => m.to.includes("compta@gestion-cedres.fr"));
    expect(mail?.raw).toContain(issued.number);
    const [pdf] = pdfAttachments(mail?.raw ?? "");
    expect(pdf?.name).toBe(`facture-${issued.number}.pdf`);
    expect(pdf?.data.subarray(0, 5).toString()).toBe("%PDF-");
    // The Factur-X XML rides inside the PDF (PDF/A-3 embedded file).
    expect(pdf?.data.includes(Buffer.from("factur-x.xml"))).toBe(true);

    const sent = await get(issued.id);
    expect(sent).toMatchObject({
      status: "INVOICE_SEND",
      sending: { status: "SENT", to: ["compta@gestion-cedres.fr"] },
    });
    expect(sent.sentAt).not.toBeNull();
    expect(sent.version).toBeGreaterThan(issued.version);

    // The mission lists it among its mails (the mission's E-mails tab reads the outbox filtered by mission).
    const listed = await call("GET", `/api/mails?missionId=${mission.id}`, undefined, await dirSession());
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items).toEqual([
      expect.objectContaining({ templateCode: "INVOICE_SEND", status: "SENT", to: ["compta@gestion-cedres.fr"] }),
    ]);
  });

  it("leaves the invoice issued when the mail fails, shows the failure, and sends it again on « Envoyer »", async () => {
    const { issued } = await issuedInvoice("factures@foyer-tilleuls.fr");
    const port = smtp.port;
    await smtp.close();
    try {
      const r = await send(issued);
      expect(r.statusCode, r.body).toBe(200);
      await ctx.app.mailWorker.processDue();
      const failed = await get(issued.id);
      expect(failed).toMatchObject({
        status: "INVOICE_ISSUED",
        sentAt: null,
        sending: { status: "FAILED", attempts: 1 },
      });
      expect(failed.sending?.lastError).toBeTruthy();
      expect(failed.abilities.send).toBe(true);
    } finally {
      smtp = await startSmtpServer(port);
    }

    // The address is corrected meanwhile: the retry goes to today's address, the failed mail is withdrawn.
    const [row] = await ctx.handle.db.select().from(invoices).where(eq(invoices.id, issued.id));
    const [client] = await ctx.handle.db
      .select()
      .from(clients)
      .where(eq(clients.id, row?.clientId ?? ""));
    await ctx.handle.db
      .update(legalEntities)
      .set({ email: "comptabilite@foyer-tilleuls.fr" })
      .where(eq(legalEntities.id, client?.legalEntityId ?? ""));
    const retried = await send(await get(issued.id));
    expect(retried.statusCode, retried.body).toBe(200);
    await ctx.app.mailWorker.processDue();
    await ctx.app.mailWorker.retryAllNow();

    expect(smtp.received.map((m) => m.to)).toEqual([["comptabilite@foyer-tilleuls.fr"]]);
    expect(await get(issued.id)).toMatchObject({ status: "INVOICE_SEND", sending: { status: "SENT" } });
    const mails = await mailsOf(issued.id);
    expect(mails.map((m) => [m.status, m.deletedAt !== null]).sort()).toEqual([
      ["FAILED", true],
      ["SENT", false],
    ]);
  });

  it("mails the establishment's billing e-mail first, when its file has one", async () => {
    const { issued, mission } = await issuedInvoice("direction@gestion-cedres.fr");
    await ctx.handle.db
      .update(clients)
      .set({ billingEmail: "factures@cedres.fr", email: "accueil@cedres.fr" })
      .where(eq(clients.id, mission.clientId));
    expect((await get(issued.id)).billingEmail).toBe("factures@cedres.fr");
    const r = await send(issued);
    expect(r.statusCode, r.body).toBe(200);
    await ctx.app.mailWorker.processDue();
    expect(await get(issued.id)).toMatchObject({ sending: { status: "SENT", to: ["factures@cedres.fr"] } });
  });

  it("refuses without a billing address (422 saying what to fill in) and writes nothing", async () => {
    const { issued } = await issuedInvoice(null);
    const r = await send(issued);
    expect(r.statusCode).toBe(422);
    expect(errorOf(r).message).toMatch(
      /aucune adresse e-mail de facturation.*Renseignez l'e-mail de facturation de l'établissement \(ou l'e-mail de l'entité juridique/,
    );
    expect(await mailsOf(issued.id)).toEqual([]);
    expect(await get(issued.id)).toMatchObject({ status: "INVOICE_ISSUED", version: issued.version, sending: null });
  });

  it("refuses a draft, a stale version and a profile without the right to modify invoices", async () => {
    const { missions } = await signedContract(ctx, cc, { days: [{ day: "2026-04-07", timeSlotId: 1 }] });
    const draft = await ok("POST", "/api/invoices", { missionId: missions[0]?.id });
    const refused = await send(draft);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe("Émettez la facture avant de l'envoyer.");
    const { issued } = await issuedInvoice("compta@ehpad-roses.fr");
    expect((await send({ ...issued, version: issued.version - 1 })).statusCode).toBe(409);
    expect((await call("POST", `/api/invoices/${issued.id}/send`, { version: issued.version }, cc)).statusCode).toBe(
      403,
    );
    expect(await mailsOf(issued.id)).toEqual([]);
  });

  it("attaches the invoice to its reminders", async () => {
    const { issued } = await issuedInvoice("compta@ehpad-lilas.fr");
    expect((await send(issued)).statusCode).toBe(200);
    await ctx.app.mailWorker.processDue();
    const db = ctx.handle.db;
    // Sent on 1 April, due on 25 April: the 15-day reminder is due on 15 May.
    await db
      .update(invoices)
      .set({ dueDate: "2026-04-25", sentAt: new Date("2026-04-01T08:00:00Z") })
      .where(eq(invoices.id, issued.id));
    await db.update(invoiceSettings).set({ reminderDays: [15] });
    const before = smtp.received.length;
    await ctx.app.invoiceReminders.runOnce();
    await ctx.app.mailWorker.processDue();
    const reminder = smtp.received.slice(before).find((m) => m.to.includes("compta@ehpad-lilas.fr"));
    expect(reminder?.to).toEqual(["compta@ehpad-lilas.fr"]);
    expect(pdfAttachments(reminder?.raw ?? "").map((a) => a.name)).toEqual([`facture-${issued.number}.pdf`]);
    // Still "sent": a reminder is not the sending mail.
    expect((await get(issued.id)).status).toBe("INVOICE_SEND");
  });

  let dir: Session | undefined;
  async function dirSession() {
    dir ??= await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
    return dir;
  }
});

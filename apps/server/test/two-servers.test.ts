import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.js";
import { invoiceSettings, invoices, mailOutbox, numberingSeries } from "../src/db/schema/index.js";
import { SYSTEM_ACTOR } from "../src/lib/actor.js";
import { fixedClock } from "../src/lib/clock.js";
import { enqueueMail } from "../src/modules/mail/index.js";
import { buildMission } from "./alert-rule-fixtures.js";
import { buildAuditor, buildEssms, buildRequest, buildUser, completeCompanyIdentity } from "./factories.js";
import { signedContract } from "./mission-fixtures.js";
import { type Session, signIn } from "./session.js";
import { startSmtpServer } from "./smtp-test-server.js";
import { createTestApp, type TestContext } from "./test-app.js";

/**
 * Two servers on one PostgreSQL database, as behind a load balancer: each its own application and
 * its own connection pool, sharing nothing but the database (and the secrets the README says to set
 * alike). PGlite is one process by nature: without TEST_DATABASE_URL this file is skipped; CI runs
 * it in its PostgreSQL step.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl)
  console.info("two-servers.test.ts ignoré : il faut PostgreSQL (TEST_DATABASE_URL), PGlite est mono-processus.");

// Friday 15 May 2026, 10:00 in Paris: April's visits are over (balance invoices can be issued).
const clock = fixedClock("2026-05-15T08:00:00Z");

describe.skipIf(!adminUrl)("two servers on one PostgreSQL database (TEST_DATABASE_URL)", () => {
  let a: TestContext;
  let b: TestContext;
  let closeB: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let cc: Session;
  let compta: Session;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const shared = { signedUrlSecret: "deux-serveurs-meme-secret-0123456789", smtpUrl: smtp.url };
    a = await createTestApp({ clock, config: shared });
    const [db] = await a.handle.queryRaw<{ name: string }>("select current_database() as name");
    const url = new URL(adminUrl ?? "");
    url.pathname = `/${db?.name}`;
    const handleB = await openDatabase({ databaseUrl: url.toString() });
    b = await createTestApp({ clock, config: shared, handle: handleB });
    closeB = () => handleB.close();
    await completeCompanyIdentity(a.handle.db);
    cc = await signIn(a, (await buildUser(a.handle.db, "CC")).identifier);
    compta = await signIn(a, (await buildUser(a.handle.db, "COMPTA")).identifier);
  });
  afterAll(async () => {
    await b?.close();
    await closeB?.();
    await a?.close();
    await smtp?.close();
  });

  /** The i-th call goes to A when i is even, to B otherwise. */
  const server = (i: number) => (i % 2 ? b : a);

  it("shares the sessions: signed in on A, known on B; signed out on B, refused on A", async () => {
    const user = await buildUser(a.handle.db, "DIR");
    const session = await signIn(a, user.identifier);
    for (const headers of [session.browser, session.bearer]) {
      const me = await b.app.inject({ method: "GET", url: "/auth/me", headers });
      expect(me.statusCode, me.body).toBe(200);
      expect((me.json() as { id: string }).id).toBe(user.id);
    }
    // A has used the session (and keeps it in memory): B's sign-out reaches it through the database's
    // notice at commit (modules/auth/session-cache.ts), a moment later.
    expect((await a.app.inject({ method: "GET", url: "/auth/me", headers: session.bearer })).statusCode).toBe(200);
    const out = await b.app.inject({ method: "POST", url: "/auth/logout", headers: session.browser });
    expect(out.statusCode, out.body).toBeLessThan(300);
    let status = 0;
    for (let i = 0; i < 40 && status !== 401; i++) {
      if (i) await new Promise((r) => setTimeout(r, 25));
      status = (await a.app.inject({ method: "GET", url: "/auth/me", headers: session.bearer })).statusCode;
    }
    expect(status).toBe(401);
  });

  it("numbers 50 quotes created at once across both servers without a gap or a duplicate", async () => {
    const requests: string[] = [];
    for (let i = 0; i < 10; i++) {
      const essms = await buildEssms(a.handle.db, { prospect: true, contact: { email: `direction${i}@essms.fr` } });
      requests.push((await buildRequest(a.handle.db, { clientIds: [essms.id] })).id);
    }
    const counter = async () =>
      (await a.handle.db.select().from(numberingSeries).where(eq(numberingSeries.code, "QUOTE")))[0]?.counter ?? 0;
    const before = await counter();
    const body = {
      lines: [{ service: "Évaluation", days: 2, unitPrice: 980, quantity: 1 }],
      vatRate: 0.2,
      travelExpenseMode: 1,
      travelExpenseAmount: null,
      validUntil: null,
      notes: "",
    };
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        server(i).app.inject({
          method: "POST",
          url: `/api/requestclients/${requests[i % 10]}/quotes`,
          headers: cc.bearer,
          payload: body,
        }),
      ),
    );
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    const counters = answers
      .map((r) => Number(/(\d+)$/.exec((r.json() as { number: string }).number)?.[1]))
      .sort((x, y) => x - y);
    expect(counters).toEqual(Array.from({ length: 50 }, (_, i) => before + i + 1));
    expect(await counter()).toBe(before + 50);
  });

  it("sends an outbox mail exactly once while both servers' workers run", async () => {
    const subject = `Un seul envoi ${Date.now()}`;
    await enqueueMail(a.handle.db, SYSTEM_ACTOR, {
      to: ["destinataire@essms.fr"],
      subject,
      body: "Bonjour",
    });
    await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? b : a).app.mailWorker.processDue()));
    await Promise.all([a.app.mailWorker.processDue(), b.app.mailWorker.processDue()]);
    expect(smtp.received.filter((m) => m.raw.includes(subject))).toHaveLength(1);
    const [row] = await a.handle.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject));
    expect(row).toMatchObject({ status: "SENT", attempts: 1 });
  });

  it("runs the invoice reminders once when both servers run them at the same time", async () => {
    const { missions } = await signedContract(a, cc, { days: [{ day: "2026-04-07", timeSlotId: 1 }] });
    const draft = await a.app.inject({
      method: "POST",
      url: "/api/invoices",
      headers: compta.bearer,
      payload: { missionId: missions[0]?.id },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const { id, version } = draft.json() as { id: string; version: number };
    const issued = await b.app.inject({
      method: "POST",
      url: `/api/invoices/${id}/issue`,
      headers: compta.bearer,
      payload: { version },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const [invoice] = await a.handle.db.select().from(invoices).where(eq(invoices.id, id));
    // Sent, and due 20 days ago: the 15-day reminder is due (reminders follow sent invoices only).
    await a.handle.db
      .update(invoices)
      .set({
        status: "INVOICE_SEND",
        sentAt: new Date("2026-04-20T08:00:00Z"),
        dueDate: "2026-04-25",
        buyer: { ...(invoice?.buyer as object), email: "compta@ehpad.fr" } as never,
      })
      .where(eq(invoices.id, id));
    await a.handle.db.update(invoiceSettings).set({ reminderDays: [15, 30] });
    await Promise.all([
      a.app.invoiceReminders.runOnce(),
      b.app.invoiceReminders.runOnce(),
      a.app.invoiceReminders.runOnce(),
      b.app.invoiceReminders.runOnce(),
    ]);
    const mails = await a.handle.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.relatedType, "invoice"), eq(mailOutbox.relatedId, id)));
    expect(mails).toHaveLength(1);
  });

  it("runs the mission report reminders once when both servers run them at the same time", async () => {
    const lead = await buildAuditor(a.handle.db, { email: "coordination@eval.fr" });
    const second = await buildAuditor(a.handle.db);
    const { missions } = await signedContract(a, cc, {
      days: [
        { day: "2026-05-04", timeSlotId: 1 },
        { day: "2026-05-05", timeSlotId: 1 },
      ],
      team: [
        { auditorId: lead.id, role: "COORDINATOR" },
        { auditorId: second.id, role: "EVALUATOR" },
      ],
    });
    // The preliminary report is due on 4 June: its reminder goes from 30 May (00:30 in Paris).
    clock.set("2026-05-29T22:30:00Z");
    await Promise.all([
      a.app.missionReminders.runOnce(),
      b.app.missionReminders.runOnce(),
      b.app.missionReminders.runOnce(),
      a.app.missionReminders.runOnce(),
    ]);
    const mails = await a.handle.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.missionId, missions[0]?.id ?? ""), eq(mailOutbox.templateCode, "REPORT_DUE_REMINDER")));
    expect(mails.map((m) => m.to)).toEqual([["coordination@eval.fr"]]);
  });

  it("mails each satisfaction questionnaire once when both servers run the sending at the same time", async () => {
    const { missions } = await signedContract(a, cc, { days: [{ day: "2026-06-01", timeSlotId: 1 }] });
    // One day after the visit (Settings › Frais, default): due on 2 June.
    clock.set("2026-06-02T08:00:00Z");
    await Promise.all([
      a.app.satisfactionSender.runOnce(),
      b.app.satisfactionSender.runOnce(),
      b.app.satisfactionSender.runOnce(),
      a.app.satisfactionSender.runOnce(),
    ]);
    const mails = await a.handle.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.missionId, missions[0]?.id ?? ""),
          eq(mailOutbox.relatedType, "MISSION_SATISFACTION_IN_EMAIL"),
        ),
      );
    expect(mails).toHaveLength(1);
  });

  it("sends each opted-in user one digest a day when both servers run it at the same time; none to the opted out", async () => {
    await buildMission(a.handle.db, { lastDay: "2026-04-01" });
    const optedIn = await Promise.all([1, 2, 3].map(() => buildUser(a.handle.db, "CMCC", { alertDigest: true })));
    const optedOut = await buildUser(a.handle.db, "CMCC");
    // Wednesday 3 June, 08:00 in Paris: past the digest's hour (7 h).
    clock.set("2026-06-03T06:00:00Z");
    await Promise.all([
      a.app.alertDigest.runOnce(),
      b.app.alertDigest.runOnce(),
      b.app.alertDigest.runOnce(),
      a.app.alertDigest.runOnce(),
    ]);
    const mails = await a.handle.db.select().from(mailOutbox).where(eq(mailOutbox.templateCode, "ALERT_DIGEST"));
    const to = (userId: string) => mails.filter((m) => m.relatedId === userId);
    for (const user of optedIn) expect(to(user.id).map((m) => m.to)).toEqual([[user.email]]);
    expect(to(optedOut.id)).toHaveLength(0);
    // Later the same day, on either server: nothing more.
    clock.set("2026-06-03T15:00:00Z");
    await Promise.all([a.app.alertDigest.runOnce(), b.app.alertDigest.runOnce()]);
    expect(await a.handle.db.select().from(mailOutbox).where(eq(mailOutbox.templateCode, "ALERT_DIGEST"))).toHaveLength(
      mails.length,
    );
  });
});

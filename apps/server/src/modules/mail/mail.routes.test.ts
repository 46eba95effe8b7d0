import { FORGOT_PASSWORD_ANSWER, MESSAGES } from "@certidesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildClient, buildEssms, buildLegalEntity, buildUser } from "../../../test/factories.js";
import { multipartBody, samplePdf } from "../../../test/multipart.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { startSmtpServer } from "../../../test/smtp-test-server.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { clients, contacts, documents, mailOutbox } from "../../db/schema/index.js";

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

describe("mail through a real SMTP server", () => {
  let smtp: Smtp;
  let ctx: TestContext;
  let admin: Session;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: "Certidesk <noreply@test.fr>" } });
    admin = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const statusOf = async (id: string) =>
    (await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

  it("delivers a mail with its attachment from the library", async () => {
    const doc = (
      await ctx.app.inject({
        method: "POST",
        url: "/api/documents",
        ...multipartBody({ family: "GENERAL" }, { name: "conditions.pdf", data: samplePdf() }, admin.bearer),
      })
    ).json();
    const client = await buildClient(ctx.handle.db, { raisonSocial: "Foyer Les Cèdres" });
    const sent = await ctx.app.inject({
      method: "POST",
      url: "/api/mails",
      headers: admin.bearer,
      payload: {
        to: ["direction@cedres.fr"],
        subject: "Conditions de vente",
        body: "Bonjour,\nVoici nos conditions.",
        documentIds: [doc.id],
        clientId: client.id,
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await ctx.app.mailWorker.processDue();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail?.to).toEqual(["direction@cedres.fr"]);
    expect(mail?.raw).toContain("Subject: Conditions de vente");
    expect(mail?.raw).toContain("filename=conditions.pdf");
    expect(mail?.raw).toContain(samplePdf().toString("base64").slice(0, 40));
    const row = await statusOf(sent.json().id);
    expect(row?.status).toBe("SENT");
    const listed = (await ctx.app.inject({ url: `/api/mails?clientId=${client.id}`, headers: admin.bearer })).json();
    expect(listed.items[0]).toMatchObject({
      status: "SENT",
      clientName: "Foyer Les Cèdres",
      attachments: [{ fileName: "conditions.pdf" }],
    });
    // The row is built by the database (lib/sql-json.ts): its timestamps as toISOString writes them, the
    // detail the same row with the body.
    expect(listed.items[0]).toMatchObject({
      to: ["direction@cedres.fr"],
      cc: [],
      attempts: row?.attempts,
      sentAt: row?.sentAt?.toISOString(),
      createdAt: row?.createdAt.toISOString(),
      nextAttemptAt: row?.nextAttemptAt.toISOString(),
      containsSecret: false,
    });
    expect(listed.items[0].createdByName).toMatch(/\S+ \S+/);
    const detail = await ctx.app.inject({ url: `/api/mails/${sent.json().id}`, headers: admin.bearer });
    expect(detail.json()).toEqual({ ...listed.items[0], body: "Bonjour,\nVoici nos conditions." });
  });

  it("attaches a file stored with bidirectional controls in its name under the name without them", async () => {
    const doc = (
      await ctx.app.inject({
        method: "POST",
        url: "/api/documents",
        ...multipartBody({ family: "GENERAL" }, { name: "ancien.pdf", data: samplePdf() }, admin.bearer),
      })
    ).json();
    // As stored before the rule (documents/file-names.ts): "ancien\u202Efdp.exe" reads "ancienexe.pdf".
    await ctx.handle.db.update(documents).set({ fileName: "ancien\u202Efdp.exe" }).where(eq(documents.id, doc.id));
    const subject = "Pièce au nom piégé";
    const sent = await ctx.app.inject({
      method: "POST",
      url: "/api/mails",
      headers: admin.bearer,
      payload: { to: ["compta@cedres.fr"], subject, body: "Bonjour.", documentIds: [doc.id] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await ctx.app.mailWorker.processDue();
    const mail = smtp.received.find((m) => m.to.includes("compta@cedres.fr"));
    expect(mail?.raw).toContain("filename=ancienfdp.exe");
    expect(mail?.raw).not.toMatch(/%E2%80%AE|\u202E/i);
  });

  it("keeps a mail while the server is down and sends it once it is back", async () => {
    const port = smtp.port;
    await smtp.close();
    const sent = await ctx.app.inject({
      method: "POST",
      url: "/api/mails",
      headers: admin.bearer,
      payload: { to: ["a@b.fr"], subject: "Relance", body: "Texte" },
    });
    await ctx.app.mailWorker.processDue();
    const failed = await statusOf(sent.json().id);
    expect(failed?.status).toBe("FAILED");
    expect(failed?.attempts).toBe(1);
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    smtp = await startSmtpServer(port);
    await ctx.app.mailWorker.processDue();
    expect((await statusOf(sent.json().id))?.status).toBe("FAILED");
    await ctx.app.mailWorker.retryAllNow();
    expect((await statusOf(sent.json().id))?.status).toBe("SENT");
    expect(smtp.received.map((m) => m.to)).toEqual([["a@b.fr"]]);
  });

  it("refuses a mail without recipient in French and queues nothing", async () => {
    const before = (await ctx.handle.db.select().from(mailOutbox)).length;
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/mails",
      headers: admin.bearer,
      payload: { to: [], subject: "x", body: "y" },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe("Indiquez au moins un destinataire.");
    expect((await ctx.handle.db.select().from(mailOutbox)).length).toBe(before);
  });

  it("sends the password reset link once, never shows it, and revokes sessions", async () => {
    const user = await buildUser(ctx.handle.db, "CC", { email: "lea@test.fr" });
    const session = await signIn(ctx, user.identifier);
    const ask = await ctx.app.inject({
      method: "POST",
      url: "/auth/forgot-password",
      payload: { identifier: user.identifier },
    });
    expect(ask.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    const unknown = await ctx.app.inject({
      method: "POST",
      url: "/auth/forgot-password",
      payload: { identifier: "personne@nulle.part" },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(ask.json());

    // The look-up and the mail happen after the answer (same timing for known and unknown identifiers).
    await ctx.app.background.settled();
    await ctx.app.mailWorker.processDue();
    const delivered = smtp.received.find((m) => m.to.includes("lea@test.fr"));
    // The text part is quoted-printable: undo soft line breaks and =XX escapes before reading the link.
    const text = (delivered?.raw ?? "")
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    const token = /reinitialiser-mot-de-passe\?token=([\w-]+)/.exec(text)?.[1];
    expect(token).toBeTruthy();

    const [row] = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.relatedId, user.id));
    const shown = (await ctx.app.inject({ url: `/api/mails/${row?.id}`, headers: admin.bearer })).json();
    expect(shown.containsSecret).toBe(true);
    expect(shown.body).toBeNull();

    const short = await ctx.app.inject({
      method: "POST",
      url: "/auth/reset-password",
      payload: { token, password: "court" },
    });
    expect(errorOf(short).message).toBe("Le mot de passe doit contenir au moins 12 caractères.");
    const done = await ctx.app.inject({
      method: "POST",
      url: "/auth/reset-password",
      payload: { token, password: "Nouveau-depart-2026" },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await ctx.app.inject({ url: "/auth/me", headers: session.bearer })).statusCode).toBe(401);
    await signIn(ctx, user.identifier, "Nouveau-depart-2026");
    const again = await ctx.app.inject({
      method: "POST",
      url: "/auth/reset-password",
      payload: { token, password: "Encore-autre-2026" },
    });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).message).toContain("n'est plus valide");
  });
});

describe("mail without SMTP, templates and group lists", () => {
  let ctx: TestContext;
  let admin: Session;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR", { firstName: "Claire" })).identifier);
  });
  afterAll(() => ctx.close());

  it("keeps mails in the outbox, visibly not sent, when no SMTP server is configured", async () => {
    const sent = await ctx.app.inject({
      method: "POST",
      url: "/api/mails",
      headers: admin.bearer,
      payload: { to: ["a@b.fr"], subject: "Test", body: "Texte" },
    });
    await ctx.app.mailWorker.processDue();
    expect(sent.json().status).toBe("QUEUED");
    const summary = (await ctx.app.inject({ url: "/api/mails/summary", headers: admin.bearer })).json();
    expect(summary).toEqual({ smtpConfigured: false, counts: { QUEUED: 1 } });
  });

  it("counts mails per status for the search in use, every word in any order", async () => {
    const send = (subject: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/mails",
        headers: admin.bearer,
        payload: { to: ["direction@ehpad.fr"], subject, body: "Texte" },
      });
    await send("Devis EHPAD Les Tilleuls");
    await send("Contrat Résidence du Parc");
    const summary = async (search: string) =>
      (
        await ctx.app.inject({ url: `/api/mails/summary?search=${encodeURIComponent(search)}`, headers: admin.bearer })
      ).json().counts;
    const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
    expect(total(await summary(""))).toBeGreaterThanOrEqual(2);
    expect(await summary("tilleuls devis")).toEqual({ QUEUED: 1 });
    expect(await summary("residence")).toEqual({ QUEUED: 1 });
    expect(await summary("tilleuls parc")).toEqual({});
    const list = await ctx.app.inject({ url: "/api/mails?search=ehpad%20tilleuls", headers: admin.bearer });
    expect(list.json().total).toBe(1);
    // A word may also be in a recipient's address or in the name of the establishment the mail is about.
    const cedres = await buildClient(ctx.handle.db, { raisonSocial: "Foyer Les Cèdres" });
    await ctx.app.inject({
      method: "POST",
      url: "/api/mails",
      headers: admin.bearer,
      payload: { to: ["accueil@cedres.fr"], subject: "Rappel", body: "Texte", clientId: cedres.id },
    });
    const subjects = async (search: string) =>
      (await ctx.app.inject({ url: `/api/mails?search=${encodeURIComponent(search)}`, headers: admin.bearer }))
        .json()
        .items.map((m: { subject: string }) => m.subject);
    expect(await subjects("foyer CÈDRES rappel")).toEqual(["Rappel"]);
    expect(await subjects("accueil@cedres")).toEqual(["Rappel"]);
    expect(await subjects("contrat direction@ehpad.fr")).toEqual(["Contrat Résidence du Parc"]);

    // The establishment's name is kept in the mail's search text (migration 0059): a renaming rewrites it, and
    // the totals and counts remembered for a search follow.
    const searched = async (search: string) => {
      const list = await ctx.app.inject({
        url: `/api/mails?search=${encodeURIComponent(search)}`,
        headers: admin.bearer,
      });
      return { total: list.json().total, counts: await summary(search) };
    };
    expect(await searched("foyer rappel")).toEqual({ total: 1, counts: { QUEUED: 1 } });
    expect(await searched("glycines")).toEqual({ total: 0, counts: {} });
    await ctx.handle.db
      .update(clients)
      .set({ raisonSocial: "Résidence Les Glycines" })
      .where(eq(clients.id, cedres.id));
    expect(await searched("foyer rappel")).toEqual({ total: 0, counts: {} });
    expect(await searched("GLYCINES rappel")).toEqual({ total: 1, counts: { QUEUED: 1 } });
    const stale = await ctx.handle.queryRaw<{ id: string }>(
      "select id from mail_outbox m where search_text is distinct from mail_search_text(m)",
    );
    expect(stale).toEqual([]);
  });

  it("walks the sort's index for a word counted frequent, with the same pages as the planner's", async () => {
    const pins = await buildClient(ctx.handle.db, { raisonSocial: "Foyer Les Pins" });
    for (const subject of ["Relance devis B", "Convocation", "Relance devis A"])
      await ctx.app.inject({
        method: "POST",
        url: "/api/mails",
        headers: admin.bearer,
        payload: { to: ["accueil@pins.fr"], subject, body: "Texte", clientId: pins.id },
      });
    const page = async (query: string) => {
      const res = await ctx.app.inject({
        url: `/api/mails?clientId=${pins.id}&pageSize=1&${query}`,
        headers: admin.bearer,
      });
      expect(res.statusCode, res.body).toBe(200);
      return { total: res.json().total, subjects: res.json().items.map((m: { subject: string }) => m.subject) };
    };
    // Two words, one in the establishment's name, one in the subject.
    const searched = async () => [
      await page("search=PINS%20relance&sort=subject&direction=asc"),
      await page("search=PINS%20relance&sort=subject&direction=asc&page=2"),
      await page("search=PINS%20relance&sort=subject&direction=desc"),
      await page("search=PINS%20relance&sort=subject&direction=asc&page=3"),
    ];
    const expected = [
      { total: 2, subjects: ["Relance devis A"] },
      { total: 2, subjects: ["Relance devis B"] },
      { total: 2, subjects: ["Relance devis B"] },
      { total: 2, subjects: [] },
    ];
    // Unknown size: each page planned for its words.
    expect(await searched()).toEqual(expected);
    // The view's size read (3 mails), the words' total remembered (2): 2 × 2 ≥ 1 × 3, the pages walk.
    expect((await page("sort=subject&direction=asc")).total).toBe(3);
    expect(await searched()).toEqual(expected);
  });

  it("gives counts and totals that follow every change of the outbox, though remembered between changes", async () => {
    const view = async () => {
      const summary = (await ctx.app.inject({ url: "/api/mails/summary", headers: admin.bearer })).json().counts;
      const sent = await ctx.app.inject({ url: "/api/mails?status=SENT", headers: admin.bearer });
      const all = await ctx.app.inject({ url: "/api/mails?pageSize=1", headers: admin.bearer });
      return { summary, sentTotal: sent.json().total, total: all.json().total };
    };
    const before = await view();
    expect(await view()).toEqual(before);
    const added = await ctx.app.inject({
      method: "POST",
      url: "/api/mails",
      headers: admin.bearer,
      payload: { to: ["suivi@ehpad.fr"], subject: "Suivi", body: "Texte" },
    });
    const queued = (before.summary.QUEUED ?? 0) + 1;
    expect(await view()).toEqual({
      ...before,
      summary: { ...before.summary, QUEUED: queued },
      total: before.total + 1,
    });
    // Marked sent by the outbox (a write of its own, as the worker's): the tabs move at once.
    await ctx.handle.db.update(mailOutbox).set({ status: "SENT" }).where(eq(mailOutbox.id, added.json().id));
    expect(await view()).toEqual({
      summary: { ...before.summary, QUEUED: queued - 1 || undefined, SENT: (before.summary.SENT ?? 0) + 1 },
      sentTotal: before.sentTotal + 1,
      total: before.total + 1,
    });
  });

  it("pages, sorts and filters the outbox by Paris day, the same prepared statements serving every value", async () => {
    const client = await buildClient(ctx.handle.db, { raisonSocial: "Maison Pagination" });
    // Written at 23:30 UTC: already the next day in Paris (UTC+1 in March).
    const days = ["2026-03-09T23:30:00Z", "2026-03-10T12:00:00Z", "2026-03-11T22:30:00Z"];
    const ids: string[] = [];
    for (const [i, createdAt] of days.entries()) {
      const sent = await ctx.app.inject({
        method: "POST",
        url: "/api/mails",
        headers: admin.bearer,
        payload: { to: ["page@maison.fr"], subject: `Relance ${i + 1}`, body: "Texte", clientId: client.id },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      ids.push(sent.json().id);
      await ctx.handle.db
        .update(mailOutbox)
        .set({ createdAt: new Date(createdAt) })
        .where(eq(mailOutbox.id, sent.json().id));
    }
    const subjects = async (query: string) => {
      const res = await ctx.app.inject({ url: `/api/mails?clientId=${client.id}&${query}`, headers: admin.bearer });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { total: number; items: Array<{ subject: string; attachments: unknown[] }> };
      expect(body.items.every((m) => Array.isArray(m.attachments))).toBe(true);
      return { total: body.total, subjects: body.items.map((m) => m.subject) };
    };
    expect(await subjects("sort=subject&direction=asc&pageSize=2")).toEqual({
      total: 3,
      subjects: ["Relance 1", "Relance 2"],
    });
    expect(await subjects("sort=subject&direction=asc&pageSize=2&page=2")).toEqual({
      total: 3,
      subjects: ["Relance 3"],
    });
    expect(await subjects("sort=subject&direction=asc&pageSize=2&page=3")).toEqual({ total: 3, subjects: [] });
    // Paris days: 10 March holds the first two (00:30 and 13:00 there), 12 March the third (23:30 there).
    expect(await subjects("from=2026-03-10&to=2026-03-10&sort=subject&direction=asc")).toEqual({
      total: 2,
      subjects: ["Relance 1", "Relance 2"],
    });
    expect(await subjects("from=2026-03-11&to=2026-03-12&sort=subject&direction=asc")).toEqual({
      total: 1,
      subjects: ["Relance 3"],
    });
    // 29 March 2026 lasts 23 hours in Paris: 22:30 UTC that evening is already 00:30 on the 30th there.
    await ctx.handle.db
      .update(mailOutbox)
      .set({ createdAt: new Date("2026-03-29T22:30:00Z") })
      .where(eq(mailOutbox.id, ids[2] ?? ""));
    expect(await subjects("from=2026-03-29&to=2026-03-29")).toEqual({ total: 0, subjects: [] });
    expect(await subjects("from=2026-03-30&to=2026-03-30")).toEqual({ total: 1, subjects: ["Relance 3"] });
    const other = await buildClient(ctx.handle.db, { raisonSocial: "Maison Voisine" });
    const res = await ctx.app.inject({ url: `/api/mails?clientId=${other.id}`, headers: admin.bearer });
    expect(res.json()).toMatchObject({ total: 0, items: [] });
  });

  it("suggests an establishment's contact addresses, found word by word, to staff who write mails", async () => {
    const db = ctx.handle.db;
    const entity = await buildLegalEntity(db, { raisonSocial: "Association Horizon" });
    const essms = await buildEssms(db, {
      raisonSocial: "EHPAD Les Tilleuls d'Horizon",
      legalEntityId: entity.id,
      contact: { firstName: "Claire", lastName: "Martin", email: "claire.martin@tilleuls.fr" },
    });
    await db.insert(contacts).values([
      { legalEntityId: entity.id, firstName: "Hugo", lastName: "Siège", email: "direction@horizon.fr" },
      { clientId: essms.id, firstName: "Sans", lastName: "Adresse" },
    ]);
    const options = async (search: string, session = admin) =>
      ctx.app.inject({
        url: `/api/mails/recipient-options?search=${encodeURIComponent(search)}`,
        headers: session.bearer,
      });
    const found = await options("tilleuls ehpad");
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual([
      {
        clientId: essms.id,
        raisonSocial: "EHPAD Les Tilleuls d'Horizon",
        city: expect.any(String),
        isClient: true,
        contacts: [
          { name: "Claire Martin", email: "claire.martin@tilleuls.fr", isMain: true },
          { name: "Hugo Siège", email: "direction@horizon.fr", isMain: false },
        ],
      },
    ]);
    // A contact's name finds the establishment too, and so does a contact of its legal entity (by a name
    // written without its accent, or by address), its city, postal code and FINESS; a word in none of them
    // does not.
    const found_ = async (search: string) =>
      (await options(search)).json().map((o: { clientId: string }) => o.clientId) as string[];
    expect(await found_("martin claire")).toContain(essms.id);
    expect(await found_("tilleuls SIEGE")).toEqual([essms.id]);
    expect(await found_("tilleuls direction@horizon")).toEqual([essms.id]);
    const [row] = await db.select().from(clients).where(eq(clients.id, essms.id));
    for (const field of [row?.city, row?.postalCode, row?.finess])
      expect(await found_(`tilleuls ${field ?? "(vide)"}`)).toEqual([essms.id]);
    expect(await found_("tilleuls adresse")).toEqual([essms.id]);
    expect(await found_("tilleuls introuvable")).toEqual([]);
    const qse = await signIn(ctx, (await buildUser(db, "QSE")).identifier);
    expect((await options("tilleuls", qse)).statusCode).toBe(403);
  });

  it("previews a template with real data and saves it with its version", async () => {
    const templates = (await ctx.app.inject({ url: "/api/mail-templates", headers: admin.bearer })).json();
    const quote = templates.find((t: { code: string }) => t.code === "QUOTE_SEND");
    expect(quote.subject).toContain("{{quote.number}}");
    const client = await buildClient(ctx.handle.db, { raisonSocial: "SESSAD L'Envol" });
    const preview = await ctx.app.inject({
      method: "POST",
      url: "/api/mail-templates/preview",
      headers: admin.bearer,
      payload: { subject: quote.subject, body: quote.body, clientId: client.id },
    });
    expect(preview.json().subject).toContain("SESSAD L'Envol");
    expect(preview.json().body).toContain("Claire");
    const saved = await ctx.app.inject({
      method: "PUT",
      url: "/api/mail-templates/QUOTE_SEND",
      headers: admin.bearer,
      payload: { name: quote.name, subject: "Votre devis {{quote.number}}", body: quote.body, version: quote.version },
    });
    expect(saved.statusCode).toBe(200);
    const stale = await ctx.app.inject({
      method: "PUT",
      url: "/api/mail-templates/QUOTE_SEND",
      headers: admin.bearer,
      payload: { name: quote.name, subject: "Autre", body: quote.body, version: quote.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(MESSAGES.staleVersion);
  });

  it("leaves the password-reset template, which carries every account's link, to account administrators", async () => {
    const templates = (await ctx.app.inject({ url: "/api/mail-templates", headers: admin.bearer })).json();
    const reset = templates.find((t: { code: string }) => t.code === "PASSWORD_RESET");
    const edit = (session: Session, body: string) =>
      ctx.app.inject({
        method: "PUT",
        url: "/api/mail-templates/PASSWORD_RESET",
        headers: session.bearer,
        payload: { name: reset.name, subject: reset.subject, body, version: reset.version },
      });
    // Quality holds SETTING update: it rewords the other mails, not this one (it would point the link elsewhere).
    const qse = await signIn(ctx, (await buildUser(ctx.handle.db, "QSE")).identifier);
    const phishing = await edit(qse, "Ouvrez https://ailleurs.example/?t={{link}}");
    expect(phishing.statusCode).toBe(403);
    expect(errorOf(phishing).message).toMatch(/droit d'administration des comptes/);
    const withoutLink = await edit(admin, "Bonjour, contactez-nous.");
    expect(withoutLink.statusCode).toBe(400);
    expect(errorOf(withoutLink).message).toMatch(/\{\{link\}\}/);
    expect((await edit(admin, `${reset.body}\n\nL'équipe`)).statusCode).toBe(200);
  });

  it("manages group e-mail lists with French validation", async () => {
    const bad = await ctx.app.inject({
      method: "POST",
      url: "/api/mail-groups",
      headers: admin.bearer,
      payload: { name: "Évaluateurs", emails: ["pas-un-mail"] },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe("Adresse e-mail invalide.");
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/mail-groups",
      headers: admin.bearer,
      payload: { name: "Évaluateurs Rhône", emails: ["A@x.fr", "a@x.fr", "b@x.fr"] },
    });
    expect(created.json()).toMatchObject({ name: "Évaluateurs Rhône", emails: ["a@x.fr", "b@x.fr"], version: 1 });
  });
});

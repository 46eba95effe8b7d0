import { mailRowSchema } from "@certidesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildClient, buildUser } from "../../../test/factories.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { clients, documents, mailAttachments, mailOutbox, users } from "../../db/schema/index.js";
import { findMail } from "./mail.repository.js";

/**
 * The mail list's row is kept on the mail (migration 0048_mail_list_row): every write it shows must rewrite
 * it, in the same transaction, whether the mail, its attachments, its establishment or its author changed.
 */
describe("a mail's kept list row", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const rowOf = async (id: string) => {
    const [found] = await ctx.handle.db
      .select({ row: mailOutbox.listRow })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id));
    const text = found?.row ?? "";
    // Kept in ASCII (the server sends it as it receives it), read back to the same characters.
    expect(text).toMatch(/^[\x20-\x7e]*$/);
    const kept = mailRowSchema.omit({ createdByName: true }).strict().parse(JSON.parse(text));
    // The author's name is added at each read (migration 0053_author_names_at_read), as the list and the detail do.
    return { ...kept, createdByName: (await findMail(ctx.handle.db, id))?.row.createdByName };
  };
  const stale = async () =>
    ctx.handle.queryRaw<{ id: string }>(
      "select id from mail_outbox m where list_row is distinct from mail_list_row(m)",
    );

  it("follows the mail, its attachments, its establishment's name and its author's", async () => {
    const db = ctx.handle.db;
    const client = await buildClient(db, { raisonSocial: "Œuvre Hélène — Les Tilleuls" });
    const author = await buildUser(db, "CC", { firstName: "Zoé", lastName: "Durand" });
    const [mail] = await db
      .insert(mailOutbox)
      .values({
        to: ["accueil@tilleuls.fr"],
        subject: "Devis n° 12 — évaluation",
        body: "Texte",
        clientId: client.id,
        createdBy: author.id,
        createdAt: new Date("2026-03-10T09:15:00.123Z"),
      })
      .returning();
    if (!mail) throw new Error("mail not inserted");
    expect(await rowOf(mail.id)).toMatchObject({
      subject: "Devis n° 12 — évaluation",
      status: "QUEUED",
      clientName: "Œuvre Hélène — Les Tilleuls",
      createdByName: "Zoé Durand",
      createdAt: "2026-03-10T09:15:00.123Z",
      sentAt: null,
      attachments: [],
    });

    const [doc] = await db
      .insert(documents)
      .values({
        family: "CLIENT",
        name: "Devis 12",
        fileName: "devis-12.pdf",
        mimeType: "application/pdf",
        size: 1,
        storageKey: `test/mail-row/${mail.id}`,
        sha256: "0".repeat(64),
      })
      .returning();
    if (!doc) throw new Error("document not inserted");
    await db.insert(mailAttachments).values([
      { mailId: mail.id, documentId: doc.id, fileName: "b-devis.pdf" },
      { mailId: mail.id, documentId: doc.id, fileName: "a-conditions.pdf" },
    ]);
    expect((await rowOf(mail.id)).attachments.map((a) => a.fileName)).toEqual(["a-conditions.pdf", "b-devis.pdf"]);

    await db
      .update(mailOutbox)
      .set({ status: "SENT", attempts: 1, sentAt: new Date("2026-03-10T09:16:00Z") })
      .where(eq(mailOutbox.id, mail.id));
    expect(await rowOf(mail.id)).toMatchObject({ status: "SENT", attempts: 1, sentAt: "2026-03-10T09:16:00.000Z" });

    await db.update(clients).set({ raisonSocial: "EHPAD Les Tilleuls" }).where(eq(clients.id, client.id));
    expect((await rowOf(mail.id)).clientName).toBe("EHPAD Les Tilleuls");
    await db.update(users).set({ lastName: "Martin" }).where(eq(users.id, author.id));
    // The author's name is read with the row: neither a rename nor a sign-in rewrites a mail.
    await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, author.id));
    expect(await rowOf(mail.id)).toMatchObject({ clientName: "EHPAD Les Tilleuls", createdByName: "Zoé Martin" });

    await db.delete(mailAttachments).where(eq(mailAttachments.fileName, "b-devis.pdf"));
    expect((await rowOf(mail.id)).attachments.map((a) => a.fileName)).toEqual(["a-conditions.pdf"]);
    expect(await stale()).toEqual([]);
  });
});

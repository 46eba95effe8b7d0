import { documentRowSchema } from "@certidesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildClient, buildUser } from "../../../test/factories.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { auditors, clients, documentCategories, documents, users } from "../../db/schema/index.js";
import { findDocument } from "./documents.repository.js";

/**
 * The library's row is kept on the document (migration 0050_document_list_row): every write it shows must
 * rewrite it, in the same transaction, whether the document, its category, its establishment or its evaluator
 * changed; its author's name is read with it.
 */
describe("a document's kept list row", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  // Exactly the keys the lists send, but for their signed links (the server adds them) and the author's name
  // (added at each read: migration 0053_author_names_at_read).
  const keptRowSchema = documentRowSchema.omit({ url: true, downloadUrl: true, createdByName: true }).strict();
  const rowOf = async (id: string) => {
    const [found] = await ctx.handle.db.select({ row: documents.listRow }).from(documents).where(eq(documents.id, id));
    const text = found?.row ?? "";
    // Kept in ASCII (the server sends it as it receives it), read back to the same characters.
    expect(text).toMatch(/^[\x20-\x7e]*$/);
    return keptRowSchema.parse(JSON.parse(text));
  };
  const stale = async () =>
    ctx.handle.queryRaw<{ id: string }>(
      "select id from documents d where list_row is distinct from document_list_row(d)",
    );

  it("follows the document, its category's name, its establishment's and its evaluator's; reads its author's", async () => {
    const db = ctx.handle.db;
    const client = await buildClient(db, { raisonSocial: "Œuvre Hélène — Les Tilleuls" });
    const auditor = await buildAuditor(db, { firstName: "Éloïse", lastName: "Bérard", withDocuments: false });
    const author = await buildUser(db, "CC", { firstName: "Zoé", lastName: "Durand" });
    const [category] = await db
      .insert(documentCategories)
      .values({ family: "CLIENT", name: "Rapports d'évaluation" })
      .returning();
    if (!category) throw new Error("category not inserted");
    const [doc] = await db
      .insert(documents)
      .values({
        family: "CLIENT",
        categoryId: category.id,
        name: "Rapport préliminaire — 2026",
        fileName: "rapport.pdf",
        mimeType: "application/pdf",
        size: 123_456,
        storageKey: "test/document-row/1",
        sha256: "0".repeat(64),
        clientId: client.id,
        auditorId: auditor.id,
        createdBy: author.id,
        createdAt: new Date("2026-03-10T09:15:00.123Z"),
        updatedAt: new Date("2026-03-10T09:15:00.123Z"),
      })
      .returning();
    if (!doc) throw new Error("document not inserted");
    expect(await rowOf(doc.id)).toEqual({
      id: doc.id,
      family: "CLIENT",
      documentType: null,
      categoryId: category.id,
      categoryName: "Rapports d'évaluation",
      name: "Rapport préliminaire — 2026",
      description: null,
      fileName: "rapport.pdf",
      mimeType: "application/pdf",
      size: 123_456,
      currentVersion: 1,
      clientId: client.id,
      clientName: "Œuvre Hélène — Les Tilleuls",
      auditorId: auditor.id,
      auditorName: "Éloïse Bérard",
      missionId: null,
      metaCode: null,
      createdAt: "2026-03-10T09:15:00.123Z",
      updatedAt: "2026-03-10T09:15:00.123Z",
      version: doc.version,
    });

    await db
      .update(documents)
      .set({ name: "Rapport définitif", currentVersion: 2, updatedAt: new Date("2026-04-01T08:00:00Z") })
      .where(eq(documents.id, doc.id));
    expect(await rowOf(doc.id)).toMatchObject({
      name: "Rapport définitif",
      currentVersion: 2,
      updatedAt: "2026-04-01T08:00:00.000Z",
    });

    // Each rename checked on its own: any rewrite computes the whole row, and would hide a missing trigger.
    await db.update(documentCategories).set({ name: "Rapports" }).where(eq(documentCategories.id, category.id));
    expect((await rowOf(doc.id)).categoryName).toBe("Rapports");
    await db.update(clients).set({ raisonSocial: "EHPAD Les Tilleuls" }).where(eq(clients.id, client.id));
    expect((await rowOf(doc.id)).clientName).toBe("EHPAD Les Tilleuls");
    await db.update(auditors).set({ lastName: "Martin" }).where(eq(auditors.id, auditor.id));
    expect((await rowOf(doc.id)).auditorName).toBe("Éloïse Martin");
    // The author's name is read with the row, in ASCII as the row.
    expect((await findDocument(db, doc.id))?.row.createdByName).toBe("Zoé Durand");
    await db.update(users).set({ firstName: "Zoë" }).where(eq(users.id, author.id));
    expect((await findDocument(db, doc.id))?.row.createdByName).toBe("Zoë Durand");
    const [author2] = await db.select({ json: users.nameJson }).from(users).where(eq(users.id, author.id));
    expect(author2?.json).toBe('"Zo\\u00eb Durand"');
    expect(await stale()).toEqual([]);

    // A category deleted leaves its documents without one (ON DELETE SET NULL writes them).
    await db.delete(documentCategories).where(eq(documentCategories.id, category.id));
    expect(await rowOf(doc.id)).toMatchObject({ categoryId: null, categoryName: null });
    expect(await stale()).toEqual([]);
  });
});

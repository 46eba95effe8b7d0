import { documentRowSchema } from "@certidesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildClient, buildUser } from "../../../test/factories.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { auditors, clients, documentCategories, documents, users } from "../../db/schema/index.js";

/**
 * The library's row is kept on the document (migration 0050_document_list_row): every write it shows must
 * rewrite it, in the same transaction, whether the document, its category, its establishment, its evaluator
 * or its author changed.
 */
describe("a document's kept list row", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  // Exactly the keys the lists send, their signed links aside (the server adds them).
  const keptRowSchema = documentRowSchema.omit({ url: true, downloadUrl: true }).strict();
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

  it("follows the document, its category's name, its establishment's, its evaluator's and its author's", async () => {
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
      createdByName: "Zoé Durand",
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
    await db.update(users).set({ firstName: "Zoe" }).where(eq(users.id, author.id));
    expect((await rowOf(doc.id)).createdByName).toBe("Zoe Durand");
    // A sign-in writes the user without renaming them: nothing to rewrite, and nothing goes stale.
    await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, author.id));
    expect(await stale()).toEqual([]);

    // A category deleted leaves its documents without one (ON DELETE SET NULL writes them).
    await db.delete(documentCategories).where(eq(documentCategories.id, category.id));
    expect(await rowOf(doc.id)).toMatchObject({ categoryId: null, categoryName: null });
    expect(await stale()).toEqual([]);
  });
});

import { DOCUMENT_FAMILIES } from "@certidesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../../test/pdf-text.js";
import { signIn } from "../../test/session.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { createStorage } from "../lib/storage/index.js";
import { DEMO_PASSWORD, seedDemoData } from "./demo-data.js";
import { seedDemoDocuments } from "./demo-documents.js";

interface DocumentPage {
  total: number;
  items: Array<{ name: string; url: string; categoryName: string | null; family: string }>;
}

describe("demo library", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.handle.db);
    await seedDemoDocuments(ctx.handle.db, createStorage(ctx.config));
  });
  afterAll(() => ctx.close());

  const list = async (identifier: string, family: string) => {
    const session = await signIn(ctx, identifier, DEMO_PASSWORD);
    const response = await ctx.app.inject({ url: `/api/documents?family=${family}`, headers: session.bearer });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as DocumentPage;
  };

  it("has real PDFs, filed by category, in every family", async () => {
    for (const family of DOCUMENT_FAMILIES) {
      // The evaluators' personal files are the HR department's.
      const page = await list(family === "RH" ? "rh@demo.fr" : "dir@demo.fr", family);
      expect(page.total, family).toBeGreaterThanOrEqual(2);
      expect(page.items.every((d) => d.categoryName !== null)).toBe(true);
    }
    const [cgv] = (await list("dir@demo.fr", "GENERAL")).items.filter((d) => d.name.startsWith("Conditions"));
    const file = await ctx.app.inject({ url: cgv?.url ?? "" });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toContain("application/pdf");
    const text = await pdfText(file.rawPayload);
    expect(text).toContain("Conditions générales de vente 2026");
    expect(text).toContain("Certidesk Démo");
  });

  it("gives the demo evaluator and the demo client their own files", async () => {
    expect((await list("auditeur@demo.fr", "AUDITOR")).total).toBeGreaterThanOrEqual(2);
    const client = await list("client@demo.fr", "CLIENT");
    expect(client.items.map((d) => d.name)).toContain("Projet d'établissement 2023-2027");
  });
});

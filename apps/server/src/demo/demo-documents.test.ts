import { DOCUMENT_FAMILIES } from "@certidesk/shared";
import { and, eq, isNotNull, isNull, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../../test/pdf-text.js";
import { signIn } from "../../test/session.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { documents, missionOrders, missions } from "../db/schema/index.js";
import { createStorage } from "../lib/storage/index.js";
import { DEMO_PASSWORD } from "./demo-data.js";
import { seedDemoDocuments } from "./demo-documents.js";
import { seedDemoMissionDocuments } from "./demo-mission-documents.js";
import { attachDemoWallDocuments } from "./demo-wall.js";

interface DocumentPage {
  total: number;
  items: Array<{ name: string; url: string; categoryName: string | null; family: string; missionId: string | null }>;
}

describe("demo library", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { demoData: true } });
    await seedDemoDocuments(ctx.handle.db, createStorage(ctx.config));
    await seedDemoMissionDocuments(ctx.handle.db, createStorage(ctx.config));
    await attachDemoWallDocuments(ctx.handle.db);
  }, 180_000);
  afterAll(() => ctx.close());

  const list = async (identifier: string, family: string) => {
    const session = await signIn(ctx, identifier, DEMO_PASSWORD);
    const response = await ctx.app.inject({
      url: `/api/documents?family=${family}&pageSize=1000`,
      headers: session.bearer,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as DocumentPage;
  };

  it("has real PDFs, filed by category, in every family", async () => {
    // Expense receipts come with the demo's expenses (demo/demo-expenses.ts), filed with their expense.
    for (const family of DOCUMENT_FAMILIES.filter((f) => f !== "EXPENSE")) {
      // The evaluators' personal files are the HR department's.
      const page = await list(family === "RH" ? "rh@demo.fr" : "dir@demo.fr", family);
      expect(page.total, family).toBeGreaterThanOrEqual(2);
      // The evaluators' own files (CV, insurance…) are classified by their kind in the evaluator file;
      // the library's documents of every family are filed by category.
      const filed = page.items.filter((d) => d.categoryName !== null);
      if (family === "AUDITOR") expect(filed.length, family).toBeGreaterThanOrEqual(2);
      // A mission's documents (reports, plans) are filed with their mission, not by category.
      else expect(filed.length, family).toBe(page.items.filter((d) => !d.missionId).length);
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

  it("gives the missions their documents: the OM of every sent order, plans and reports as real PDFs", async () => {
    const db = ctx.handle.db;
    const orphanOrders = await db
      .select({ id: missionOrders.id })
      .from(missionOrders)
      .where(
        and(isNull(missionOrders.documentId), or(eq(missionOrders.status, "SENT"), eq(missionOrders.status, "ACCEPT"))),
      );
    expect(orphanOrders).toEqual([]);
    const reportless = await db
      .select({ id: missions.id })
      .from(missions)
      .where(
        or(
          and(isNotNull(missions.preliminaryUploadedAt), isNull(missions.preliminaryDocumentId)),
          and(isNotNull(missions.observationsReceivedAt), isNull(missions.observationsDocumentId)),
          and(isNotNull(missions.finalReportAt), isNull(missions.finalDocumentId)),
        ),
      );
    expect(reportless).toEqual([]);
    const codes = new Set(
      (await db.selectDistinct({ code: documents.metaCode }).from(documents).where(isNotNull(documents.missionId))).map(
        (d) => d.code,
      ),
    );
    for (const code of [
      "MISSION_ORDER_AUDITOR",
      "PREPARATION_PLAN",
      "LIST_OF_AT",
      "RAPPORT_PRELIMINARY",
      "FINAL_RAPPORT",
    ])
      expect(codes.has(code), code).toBe(true);
    const session = await signIn(ctx, "cpi@demo.fr", DEMO_PASSWORD);
    const [finalised] = await db.select().from(missions).where(isNotNull(missions.finalDocumentId)).limit(1);
    const detail = await ctx.app.inject({ url: `/api/missions/${finalised?.id}`, headers: session.bearer });
    const url = (detail.json() as { reports: { final: { document: { url: string } } } }).reports.final.document.url;
    const text = await pdfText((await ctx.app.inject({ url })).rawPayload);
    expect(text).toContain("Rapport définitif");
  });

  it("fills the wall: the evaluator reads the pinned announcement and its attachments, CPI sees the comments", async () => {
    const feed = async (identifier: string) => {
      const session = await signIn(ctx, identifier, DEMO_PASSWORD);
      const response = await ctx.app.inject({ url: "/api/wall/posts", headers: session.bearer });
      expect(response.statusCode, response.body).toBe(200);
      const unread = await ctx.app.inject({ url: "/api/wall/unread-count", headers: session.bearer });
      return {
        ...(response.json() as {
          items: Array<{
            pinned: boolean;
            attachments: Array<{ url: string }>;
            comments: unknown[];
            readBy: unknown[];
          }>;
        }),
        unread: (unread.json() as { count: number }).count,
      };
    };
    const evaluator = await feed("auditeur@demo.fr");
    expect(evaluator.items).toHaveLength(2);
    expect(evaluator.items[0]).toMatchObject({ pinned: true });
    expect(evaluator.items[0]?.attachments).toHaveLength(2);
    expect(evaluator.unread).toBe(1);
    const opened = await ctx.app.inject({ url: evaluator.items[0]?.attachments[0]?.url ?? "" });
    expect(opened.statusCode).toBe(200);
    const planner = await feed("cpi@demo.fr");
    expect(planner.items.length).toBeGreaterThanOrEqual(4);
    expect(planner.items[0]?.comments).toHaveLength(2);
    expect(planner.items[0]?.readBy.length).toBeGreaterThanOrEqual(3);
  });
});

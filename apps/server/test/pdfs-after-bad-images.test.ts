import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configuration, mailOutbox } from "../src/db/schema/index.js";
import { fixedClock } from "../src/lib/clock.js";
import { renderPdf } from "../src/lib/pdf/pdf-service.js";
import { PDF_FAILED } from "../src/lib/pdf/pdf-workers.js";
import { buildAuditor, buildEssms, buildRequest, buildUser, completeCompanyIdentity } from "./factories.js";
import { corruptPng, hugePng, sampleImage } from "./images.js";
import { signedContract } from "./mission-fixtures.js";
import { multipartBody } from "./multipart.js";
import { errorOf, type Session, signIn } from "./session.js";
import { createTestApp, type TestContext } from "./test-app.js";

// Friday 15 May 2026 in Paris: the April visits are over (orders, invoices, statement, questionnaire).
const clock = fixedClock("2026-05-15T08:00:00Z");
const logLines: Array<{ level: number; msg: string; err?: { message?: string; stack?: string } }> = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split("\n").filter(Boolean)) logLines.push(JSON.parse(line));
    done();
  },
});

/**
 * The outside security test's finding: a corrupt or huge logo made the next PDF, anyone's, end the server.
 * Every kind of PDF the server produces is downloaded after bad logos are refused, after bad ones are
 * found already stored, and with a good one; a rendering that fails answers its own request only.
 */
describe("every PDF, after bad images", () => {
  let ctx: TestContext;
  let dir: Session;
  let cc: Session;
  let cpi: Session;
  let compta: Session;

  beforeAll(async () => {
    ctx = await createTestApp({
      clock,
      logger: { level: "warn", stream: logStream },
      // A document whose logo never went through the image guard: how a rendering failure is answered.
      routes: (app) =>
        app.get("/api/test/unguarded-pdf", { config: { access: "authenticated" } }, async (_request, reply) => {
          const configuration = await app.inject({ url: "/configuration/getConfiguration" });
          const pdf = await renderPdf(
            { configuration: configuration.json(), logo: { data: corruptPng(), mime: "image/png" } },
            "Document",
            [{ text: "Document" }],
          );
          return reply.header("content-type", "application/pdf").send(pdf);
        }),
    });
    const db = ctx.handle.db;
    await completeCompanyIdentity(db);
    dir = await signIn(ctx, (await buildUser(db, "DIR")).identifier);
    cc = await signIn(ctx, (await buildUser(db, "CC")).identifier);
    cpi = await signIn(ctx, (await buildUser(db, "CPI")).identifier);
    compta = await signIn(ctx, (await buildUser(db, "COMPTA")).identifier);
  });
  afterAll(() => ctx.close());

  const call = (method: "GET" | "POST" | "PUT", url: string, session: Session | null, payload?: object) =>
    ctx.app.inject({ method, url, headers: session?.bearer ?? {}, payload });
  const ok = async <T = Record<string, unknown>>(
    method: "GET" | "POST" | "PUT",
    url: string,
    session: Session | null,
    payload?: object,
  ) => {
    const response = await call(method, url, session, payload);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json() as T;
  };
  const uploadLogo = (content: Buffer) =>
    ctx.app.inject({
      method: "POST",
      url: "/configuration/logo",
      ...multipartBody({}, { name: "logo.png", data: content, type: "image/png" }, dir.bearer),
    });

  /** A PDF of every kind the server produces, each from new records, fetched as its users fetch it. */
  async function everyPdf(): Promise<Record<string, LightMyRequestResponse>> {
    const db = ctx.handle.db;
    const pdfs: Record<string, LightMyRequestResponse> = {};
    const open = (url: string | undefined) => ctx.app.inject({ url: url ?? "/missing" });

    const essms = await buildEssms(db, { prospect: true, contact: { email: "direction@essms.fr" } });
    const request = await buildRequest(db, { clientIds: [essms.id] });
    const quote = await ok<{ id: string; version: number }>("POST", `/api/requestclients/${request.id}/quotes`, cc, {
      lines: [{ service: "Évaluation externe", days: 2, unitPrice: 1000, quantity: 1 }],
      vatRate: 0.2,
      travelExpenseMode: 2,
    });
    const printed = await ok<{ document: { url: string } }>("POST", `/api/quotes/${quote.id}/pdf`, cc, {
      version: quote.version,
    });
    pdfs.quote = await open(printed.document.url);

    const lead = await buildAuditor(db, { email: "lead@eval.fr" });
    const second = await buildAuditor(db, { email: "second@eval.fr", status: "INDEPENDANT", dailyFee: 650 });
    const signed = await signedContract(ctx, cc, {
      days: [{ day: "2026-04-07", timeSlotId: 1 }],
      team: [
        { auditorId: lead.id, role: "COORDINATOR" },
        { auditorId: second.id, role: "EVALUATOR" },
      ],
    });
    const contractUrl = `/api/contracts/${signed.contract.id}`;
    let contract = await ok<{ version: number }>("GET", contractUrl, cc);
    const withPdf = await ok<{ version: number; document: { url: string } }>("POST", `${contractUrl}/pdf`, cc, {
      version: contract.version,
    });
    pdfs.contract = await open(withPdf.document.url);
    contract = await ok("PUT", `${contractUrl}/feb`, cc, {
      feb: { evaluationKind: "FIRST", peopleSupported: 40, sites: 1, expectations: "Restitution" },
      version: withPdf.version,
    });
    const feb = await ok<{ febDocument: { url: string } }>("POST", `${contractUrl}/feb/regenerate`, cc, {
      version: contract.version,
    });
    pdfs.feb = await open(feb.febDocument.url);

    const missionId = signed.missions[0]?.id ?? "";
    const mission = await ok<{ version: number }>("GET", `/api/missions/${missionId}`, cpi);
    const ordered = await ok<{ missionOrders: Array<{ document: { url: string } | null }> }>(
      "POST",
      `/api/missions/${missionId}/mission-orders/send`,
      cpi,
      { version: mission.version },
    );
    pdfs.missionOrder = await open(ordered.missionOrders[0]?.document?.url);

    const draft = await ok<{ id: string; version: number }>("POST", "/api/invoices", compta, { missionId });
    const issued = await ok<{ id: string }>("POST", `/api/invoices/${draft.id}/issue`, compta, {
      version: draft.version,
    });
    pdfs.invoice = await call("GET", `/api/invoices/${issued.id}/pdf`, compta);
    const client = await signIn(
      ctx,
      (await buildUser(db, "MYQUALIANOR", { clientId: signed.clientIds[0] })).identifier,
    );
    pdfs.portalInvoice = await call("GET", `/api/client-portal/invoices/${issued.id}/pdf`, client);

    const auditor = await signIn(ctx, (await buildUser(db, "AUDITEUR", { auditorId: lead.id })).identifier);
    pdfs.statement = await call("GET", `/api/auditors/${lead.id}/statement?month=2026-04`, auditor);

    await ok("POST", `/api/missions/${missionId}/satisfaction/send`, compta);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.missionId, missionId));
    const body = mails.find((m) => m.relatedType === "MISSION_SATISFACTION_IN_EMAIL")?.body ?? "";
    const token = decodeURIComponent(/token=([^\s]+)/.exec(body)?.[1] ?? "");
    const answers = { PREPARATION: 4, VISIT: 3, LISTENING: 4, CLARITY: 3, OVERALL: 4 };
    await ok("POST", "/api/satisfaction", null, { token, answers });
    const survey = await ok<{ survey: { document: { url: string } } }>(
      "GET",
      `/api/missions/${missionId}/satisfaction`,
      compta,
    );
    pdfs.questionnaire = await open(survey.survey.document.url);
    return pdfs;
  }

  const expectEveryPdf = (pdfs: Record<string, LightMyRequestResponse>) => {
    expect(Object.keys(pdfs).sort()).toEqual(
      ["contract", "feb", "invoice", "missionOrder", "portalInvoice", "questionnaire", "quote", "statement"].sort(),
    );
    for (const [kind, response] of Object.entries(pdfs)) {
      expect(response.statusCode, `${kind}: ${response.body.slice(0, 200)}`).toBe(200);
      expect(response.rawPayload.subarray(0, 5).toString(), kind).toBe("%PDF-");
      expect(response.headers["cache-control"], kind).toBe("no-store");
    }
  };
  /** Image XObjects drawn in a PDF (pdfkit writes them uncompressed in the object dictionaries). */
  const images = (pdf: LightMyRequestResponse) =>
    (pdf.rawPayload.toString("latin1").match(/\/Subtype \/Image/g) ?? []).length;

  it("refuses corrupt and oversized logos in French; every PDF then renders, without a logo", async () => {
    for (const content of [corruptPng(), hugePng()]) {
      const refused = await uploadLogo(content);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).message).toMatch(/illisible|trop grande/);
    }
    expect((await ok<{ logo: unknown }>("GET", "/configuration/getConfiguration", null)).logo).toBeNull();
    const pdfs = await everyPdf();
    expectEveryPdf(pdfs);
    for (const [kind, pdf] of Object.entries(pdfs)) expect(images(pdf), kind).toBe(0);
  });

  it("leaves out a logo stored before the guard that does not decode or is too large; every PDF renders, the log says why", async () => {
    for (const stored of [corruptPng(), hugePng()]) {
      logLines.length = 0;
      await ctx.handle.db
        .update(configuration)
        .set({ logoData: stored, logoMime: "image/png", logoUpdatedAt: new Date() });
      expectEveryPdf(await everyPdf());
      expect((await ctx.app.inject({ url: "/configuration/logo" })).statusCode).toBe(404);
      const warnings = logLines.filter((l) => l.msg === "stored logo unreadable: left out of PDFs and pages");
      // Once per stored version, not once per document.
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.err?.message).toMatch(/illisible|trop grande/);
    }
  });

  it("draws a good logo in every PDF", async () => {
    const saved = await uploadLogo(await sampleImage("png", { width: 1200, height: 400, alpha: true }));
    expect(saved.statusCode, saved.body).toBe(200);
    const pdfs = await everyPdf();
    expectEveryPdf(pdfs);
    for (const [kind, pdf] of Object.entries(pdfs)) expect(images(pdf), kind).toBeGreaterThan(0);
  });

  it("answers a PDF that fails to render with a French 500 for that request only, logs its cause, and keeps serving", async () => {
    logLines.length = 0;
    const failed = await call("GET", "/api/test/unguarded-pdf", dir);
    expect(failed.statusCode).toBe(500);
    expect(errorOf(failed)).toMatchObject({ code: "INTERNAL", message: PDF_FAILED });
    expect(failed.body).not.toMatch(/zlib|inflate|end of file/i);
    const logged = logLines.find((l) => l.msg === "request failed");
    expect(logged?.err?.message).toMatch(/Le document PDF n'a pas pu être produit.*unexpected end of file/s);
    expect((await ctx.app.inject({ url: "/health" })).statusCode).toBe(200);
    expectEveryPdf(await everyPdf());
  });
});

import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildClient, buildUser } from "../../../test/factories.js";
import { corruptPng, hugePng, sampleImage } from "../../../test/images.js";
import { multipartBody, samplePdf } from "../../../test/multipart.js";
import { pdfText } from "../../../test/pdf-text.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { documents } from "../../db/schema/index.js";
import { tooManyPixels, UNREADABLE_IMAGE } from "../../lib/image-guard.js";
import { createDocumentLinks } from "./document-links.js";

const filesIn = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

describe("document library", () => {
  let ctx: TestContext;
  let admin: Session;
  let filesDir: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
    filesDir = path.join(ctx.config.dataDir, "files");
  });
  afterAll(() => ctx.close());

  const upload = (fields: Record<string, string>, file: { name: string; data: Buffer } | null, session = admin) =>
    ctx.app.inject({ method: "POST", url: "/api/documents", ...multipartBody(fields, file, session.bearer) });

  it("stores a real PDF, lists it, and serves it through a signed link", async () => {
    const response = await upload(
      { family: "GENERAL", documentType: "Procédure", name: "Procédure d'évaluation" },
      { name: "procedure.pdf", data: samplePdf() },
    );
    expect(response.statusCode, response.body).toBe(200);
    const doc = response.json();
    expect(doc).toMatchObject({
      name: "Procédure d'évaluation",
      mimeType: "application/pdf",
      currentVersion: 1,
      fileName: "procedure.pdf",
    });

    const list = await ctx.app.inject({
      url: "/api/documents?family=GENERAL&search=evaluation",
      headers: admin.bearer,
    });
    expect(list.json().items.map((d: { id: string }) => d.id)).toEqual([doc.id]);
    // Every word in the name, the file name or the description, in any order and case.
    for (const search of ["PROCEDURE.pdf évaluation", "procedure.pdf"]) {
      const found = await ctx.app.inject({
        url: `/api/documents?family=GENERAL&search=${encodeURIComponent(search)}`,
        headers: admin.bearer,
      });
      expect(found.json()).toMatchObject({ total: 1, items: [{ id: doc.id }] });
    }

    // No session needed: the link is the authorization.
    const view = await ctx.app.inject({ url: doc.url });
    expect(view.statusCode).toBe(200);
    expect(view.headers["content-type"]).toBe("application/pdf");
    expect(view.headers["content-disposition"]).toContain("inline");
    // The document's own policy replaces the app's: nothing it holds runs in our origin.
    expect(view.headers["content-security-policy"]).toBe(
      "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    );
    expect(view.headers["x-content-type-options"]).toBe("nosniff");
    expect(await pdfText(view.rawPayload)).toContain("Procedure qualite");
    const download = await ctx.app.inject({ url: doc.downloadUrl });
    expect(download.headers["content-disposition"]).toContain("attachment");
  });

  it("pages, sorts, filters and searches in SQL: a statement prepared per filter shape serves every value", async () => {
    const names = [
      ["Zeta registre", "Procédure"],
      ["Alpha registre", "Guide"],
      ["Mu registre", "Procédure"],
    ];
    for (const [name, documentType] of names) {
      const created = await upload(
        { family: "GENERAL", documentType: documentType as string, name: name as string },
        { name: "registre.pdf", data: samplePdf() },
      );
      expect(created.statusCode, created.body).toBe(200);
    }
    const page = async (query: string) => {
      const res = await ctx.app.inject({ url: `/api/documents?${query}`, headers: admin.bearer });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { total: number; items: Array<{ name: string }> };
      return { total: body.total, names: body.items.map((d) => d.name) };
    };
    const sorted = "search=registre&sort=name&pageSize=2";
    expect(await page(`${sorted}&direction=asc`)).toEqual({ total: 3, names: ["Alpha registre", "Mu registre"] });
    expect(await page(`${sorted}&direction=asc&page=2`)).toEqual({ total: 3, names: ["Zeta registre"] });
    // Past the last page: no row, the total still right.
    expect(await page(`${sorted}&direction=asc&page=3`)).toEqual({ total: 3, names: [] });
    expect(await page(`${sorted}&direction=desc`)).toEqual({ total: 3, names: ["Zeta registre", "Mu registre"] });
    // The same shapes with other values: the values are the statement's parameters, not its text.
    expect(await page("search=alpha&sort=name&pageSize=2&direction=asc")).toEqual({
      total: 1,
      names: ["Alpha registre"],
    });
    const byType = (type: string) => `search=registre&documentType=${encodeURIComponent(type)}&sort=name&direction=asc`;
    expect(await page(byType("Procédure"))).toEqual({ total: 2, names: ["Mu registre", "Zeta registre"] });
    expect(await page(byType("Guide"))).toEqual({ total: 1, names: ["Alpha registre"] });
    // Without a search, the statement prepared for the filter serves each of its values.
    const onlyType = (type: string) =>
      `family=GENERAL&documentType=${encodeURIComponent(type)}&sort=name&direction=asc`;
    expect(await page(onlyType("Guide"))).toEqual({ total: 1, names: ["Alpha registre"] });
    expect(await page(onlyType("Procédure"))).toEqual({
      total: 3,
      names: ["Mu registre", "Procédure d'évaluation", "Zeta registre"],
    });
    expect(await page("search=registre%20zeta&sort=name&direction=asc")).toEqual({
      total: 1,
      names: ["Zeta registre"],
    });
  });

  it("walks the sort's index for a word counted frequent, with the same pages as the planner's", async () => {
    const page = async (query: string) => {
      const res = await ctx.app.inject({ url: `/api/documents?${query}`, headers: admin.bearer });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { total: number; items: Array<{ name: string }> };
      return { total: body.total, names: body.items.map((d) => d.name) };
    };
    const view = `family=GENERAL&documentType=${encodeURIComponent("Procédure")}&pageSize=1`;
    const searched = async () => [
      await page(`${view}&search=REGISTRE&sort=name&direction=asc`),
      await page(`${view}&search=REGISTRE&sort=name&direction=asc&page=2`),
      await page(`${view}&search=REGISTRE&sort=name&direction=desc`),
      await page(`${view}&search=REGISTRE&sort=name&direction=asc&page=3`),
    ];
    const expected = [
      { total: 2, names: ["Mu registre"] },
      { total: 2, names: ["Zeta registre"] },
      { total: 2, names: ["Zeta registre"] },
      { total: 2, names: [] },
    ];
    // Unknown size: each page planned for its word.
    expect(await searched()).toEqual(expected);
    // The view's size read (3 documents), the word's total remembered (2): 2 × 2 ≥ 1 × 3, the pages walk.
    expect((await page(`${view}&sort=name&direction=asc`)).total).toBe(3);
    expect(await searched()).toEqual(expected);
  });

  it("gives totals that follow every upload and deletion, though remembered between them", async () => {
    const totals = async () => {
      const all = await ctx.app.inject({ url: "/api/documents?pageSize=1", headers: admin.bearer });
      const found = await ctx.app.inject({ url: "/api/documents?search=inventaire", headers: admin.bearer });
      return [all.json().total, found.json().total];
    };
    const [all] = await totals();
    expect(await totals()).toEqual([all, 0]);
    const created = await upload(
      { family: "GENERAL", documentType: "Guide", name: "Inventaire annuel" },
      { name: "inventaire.pdf", data: samplePdf() },
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(await totals()).toEqual([all + 1, 1]);
    expect(await totals()).toEqual([all + 1, 1]);
    const removed = await ctx.app.inject({
      method: "DELETE",
      url: `/api/documents/${created.json().id}?version=${created.json().version}`,
      headers: admin.bearer,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await totals()).toEqual([all, 0]);
  });

  it("refuses a disguised executable and stores nothing", async () => {
    const [before] = [await ctx.handle.db.select().from(documents)];
    const filesBefore = filesIn(filesDir).length;
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(512, 1)]);
    const response = await upload({ family: "GENERAL" }, { name: "facture.pdf", data: exe });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toContain("Type de fichier refusé");
    expect((await ctx.handle.db.select().from(documents)).length).toBe(before?.length);
    expect(filesIn(filesDir).length).toBe(filesBefore);
  });

  it("decodes an image at upload: a corrupt or oversized one is refused in French and stores nothing", async () => {
    const count = async () => (await ctx.handle.db.select().from(documents)).length;
    const before = await count();
    const filesBefore = filesIn(filesDir).length;
    const cases = [
      [corruptPng(), "scan.png", UNREADABLE_IMAGE],
      [(await sampleImage("jpeg", { width: 300, height: 300 })).subarray(0, 400), "photo.jpg", UNREADABLE_IMAGE],
      [hugePng(), "plan.png", tooManyPixels(16000, 16000)],
    ] as const;
    for (const [data, name, message] of cases) {
      const response = await upload({ family: "GENERAL" }, { name, data });
      expect(response.statusCode, name).toBe(400);
      expect(errorOf(response).message, name).toBe(message);
    }
    expect(await count()).toBe(before);
    expect(filesIn(filesDir).length).toBe(filesBefore);
    // A sound image is kept as it was sent, byte for byte (a receipt, a scan): only the logo is redrawn.
    const photo = await sampleImage("jpeg", { width: 4000, height: 3000 });
    const kept = await upload({ family: "GENERAL" }, { name: "ticket.jpg", data: photo });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await ctx.app.inject({ url: kept.json().downloadUrl })).rawPayload.equals(photo)).toBe(true);
  });

  it("refuses a file over the size limit with 413", async () => {
    const small = await createTestApp({ config: { uploadMaxBytes: 1024 } });
    try {
      const session = await signIn(small, (await buildUser(small.handle.db, "DIR")).identifier);
      const response = await small.app.inject({
        method: "POST",
        url: "/api/documents",
        ...multipartBody(
          { family: "GENERAL" },
          { name: "gros.pdf", data: samplePdf("x".repeat(3000)) },
          session.bearer,
        ),
      });
      expect(response.statusCode).toBe(413);
      expect(errorOf(response).message).toContain("Le fichier dépasse la taille maximale");
      expect((await small.handle.db.select().from(documents)).length).toBe(0);
    } finally {
      await small.close();
    }
  });

  it("removes the stored file when the database refuses the row", async () => {
    const filesBefore = filesIn(filesDir).length;
    const response = await upload({ family: "CLIENT" }, { name: "contrat.pdf", data: samplePdf() });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe("Choisissez le client du document.");
    expect(filesIn(filesDir).length).toBe(filesBefore);
  });

  it("refuses an altered or expired link", async () => {
    const doc = (await upload({ family: "GENERAL" }, { name: "guide.pdf", data: samplePdf() })).json();
    // One character of the signature changed (to another one: a token may start with "A" already).
    const altered = doc.url.replace(/token=(.)/, (_: string, c: string) => `token=${c === "A" ? "B" : "A"}`);
    expect((await ctx.app.inject({ url: altered })).statusCode).toBe(403);
    const old = createDocumentLinks("s", () => 0);
    const url = new URL(old.url(doc.id, "view"), "http://x");
    const later = createDocumentLinks("s", () => Date.now());
    expect(later.verify(url.searchParams.get("p") ?? "", url.searchParams.get("token") ?? "")).toBe("expired");
  });

  it("keeps every version and serves each one", async () => {
    const doc = (
      await upload({ family: "GENERAL", name: "Guide" }, { name: "guide-v1.pdf", data: samplePdf("Version un") })
    ).json();
    const v2 = await ctx.app.inject({
      method: "POST",
      url: `/api/documents/${doc.id}/versions`,
      ...multipartBody(
        { version: String(doc.version) },
        { name: "guide-v2.pdf", data: samplePdf("Version deux") },
        admin.bearer,
      ),
    });
    expect(v2.statusCode, v2.body).toBe(200);
    expect(v2.json()).toMatchObject({ currentVersion: 2, fileName: "guide-v2.pdf" });
    const stale = await ctx.app.inject({
      method: "POST",
      url: `/api/documents/${doc.id}/versions`,
      ...multipartBody({ version: String(doc.version) }, { name: "guide-v3.pdf", data: samplePdf() }, admin.bearer),
    });
    expect(stale.statusCode).toBe(409);
    const versions = (await ctx.app.inject({ url: `/api/documents/${doc.id}/versions`, headers: admin.bearer })).json();
    expect(versions.map((v: { versionNumber: number }) => v.versionNumber)).toEqual([2, 1]);
    const first = await ctx.app.inject({ url: versions[1].downloadUrl });
    expect(await pdfText(first.rawPayload)).toContain("Version un");
  });

  it("renames, classifies and removes with the version, keeping the file", async () => {
    const category = (
      await ctx.app.inject({
        method: "POST",
        url: "/api/document-categories",
        headers: admin.bearer,
        payload: { family: "GENERAL", name: "Qualité" },
      })
    ).json();
    const doc = (await upload({ family: "GENERAL" }, { name: "a.pdf", data: samplePdf() })).json();
    const renamed = await ctx.app.inject({
      method: "PUT",
      url: `/api/documents/${doc.id}`,
      headers: admin.bearer,
      payload: {
        name: "Manuel qualité",
        documentType: "Guide",
        categoryId: category.id,
        description: null,
        version: doc.version,
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Manuel qualité", categoryName: "Qualité", documentType: "Guide" });
    const badType = await ctx.app.inject({
      method: "PUT",
      url: `/api/documents/${doc.id}`,
      headers: admin.bearer,
      payload: { name: "x", documentType: "Roman", version: renamed.json().version },
    });
    expect(errorOf(badType).message).toBe("Type de document inconnu.");
    const removed = await ctx.app.inject({
      method: "DELETE",
      url: `/api/documents/${doc.id}?version=${renamed.json().version}`,
      headers: admin.bearer,
    });
    expect(removed.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/documents/${doc.id}`, headers: admin.bearer })).statusCode).toBe(404);
    const [row] = await ctx.handle.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row?.deletedAt).not.toBeNull();
    const categories = (await ctx.app.inject({ url: "/api/document-categories", headers: admin.bearer })).json();
    expect(categories.find((c: { id: string }) => c.id === category.id).documentCount).toBe(0);
  });

  it("offers the clients and evaluators a document can belong to, to those who may add documents", async () => {
    await buildClient(ctx.handle.db, { raisonSocial: "Maison d'accueil Sainte-Thérèse" });
    const cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    const options = await ctx.app.inject({
      url: "/api/documents/owner-options?kind=client&search=therese",
      headers: cc.bearer,
    });
    expect(options.json()).toEqual([expect.objectContaining({ label: "Maison d'accueil Sainte-Thérèse" })]);
    const cpi = await signIn(ctx, (await buildUser(ctx.handle.db, "CPI")).identifier);
    expect(
      (await ctx.app.inject({ url: "/api/documents/owner-options?kind=client", headers: cpi.bearer })).statusCode,
    ).toBe(403);
  });

  it("shows a client user only their client's documents, an evaluator only their own", async () => {
    const mine = await buildClient(ctx.handle.db);
    const other = await buildClient(ctx.handle.db);
    const auditor = await buildAuditor(ctx.handle.db, { withDocuments: false });
    const clientDoc = (
      await upload({ family: "CLIENT", clientId: mine.id }, { name: "rapport.pdf", data: samplePdf() })
    ).json();
    const otherDoc = (
      await upload({ family: "CLIENT", clientId: other.id }, { name: "autre.pdf", data: samplePdf() })
    ).json();
    const auditorDoc = (
      await upload({ family: "AUDITOR", auditorId: auditor.id }, { name: "cv.pdf", data: samplePdf() })
    ).json();

    const clientUser = await signIn(
      ctx,
      (await buildUser(ctx.handle.db, "MYQUALIANOR", { clientId: mine.id })).identifier,
    );
    const seen = (await ctx.app.inject({ url: "/api/documents?pageSize=100", headers: clientUser.bearer })).json();
    expect(seen.items.map((d: { id: string }) => d.id)).toEqual([clientDoc.id]);
    expect(
      (await ctx.app.inject({ url: `/api/documents/${otherDoc.id}`, headers: clientUser.bearer })).statusCode,
    ).toBe(404);

    const evaluator = await signIn(
      ctx,
      (await buildUser(ctx.handle.db, "AUDITEUR", { auditorId: auditor.id })).identifier,
    );
    const own = (await ctx.app.inject({ url: "/api/documents?pageSize=100", headers: evaluator.bearer })).json();
    expect(own.items.map((d: { id: string }) => d.id)).toEqual([auditorDoc.id]);
    const denied = await upload(
      { family: "AUDITOR", auditorId: auditor.id },
      { name: "x.pdf", data: samplePdf() },
      evaluator,
    );
    expect(denied.statusCode).toBe(403);
  });

  it("keeps the RH family to the Direction and HR: list, detail, versions, links and attachments", async () => {
    const hrDoc = (
      await upload({ family: "RH", name: "Contrat de travail" }, { name: "contrat.pdf", data: samplePdf() })
    ).json() as { id: string; viewUrl?: string };
    const general = (await upload({ family: "GENERAL" }, { name: "charte.pdf", data: samplePdf() })).json();
    const hr = await signIn(ctx, (await buildUser(ctx.handle.db, "RH")).identifier);
    const hrList = (await ctx.app.inject({ url: "/api/documents?family=RH&pageSize=100", headers: hr.bearer })).json();
    expect(hrList.items.map((d: { id: string }) => d.id)).toContain(hrDoc.id);
    expect((await ctx.app.inject({ url: `/api/documents/${hrDoc.id}`, headers: hr.bearer })).statusCode).toBe(200);
    // The session tells the web app which profiles see the RH tab (the server's list, not a copy of it).
    const me = async (session: { bearer: Record<string, string> }) =>
      (await ctx.app.inject({ url: "/auth/me", headers: session.bearer })).json().abilities;
    expect(await me(hr)).toEqual({ readHrDocuments: true, manageBackups: false });

    for (const profile of ["COMPTA", "CC", "QSE", "CMADMIN"] as const) {
      const session = await signIn(ctx, (await buildUser(ctx.handle.db, profile)).identifier);
      expect(await me(session), profile).toEqual({ readHrDocuments: false, manageBackups: false });
      const list = (await ctx.app.inject({ url: "/api/documents?pageSize=1000", headers: session.bearer })).json();
      const ids = list.items.map((d: { id: string }) => d.id);
      expect(ids, profile).toContain(general.id);
      expect(ids, profile).not.toContain(hrDoc.id);
      const rhTab = (await ctx.app.inject({ url: "/api/documents?family=RH", headers: session.bearer })).json();
      expect(rhTab.total, profile).toBe(0);
      for (const url of [`/api/documents/${hrDoc.id}`, `/api/documents/${hrDoc.id}/versions`]) {
        expect((await ctx.app.inject({ url, headers: session.bearer })).statusCode, `${profile} ${url}`).toBe(404);
      }
      const attach = await ctx.app.inject({
        method: "POST",
        url: "/api/mails",
        headers: session.bearer,
        payload: { to: ["x@y.fr"], subject: "Pièce", body: "Voir pièce jointe", documentIds: [hrDoc.id] },
      });
      expect([403, 404], profile).toContain(attach.statusCode);
    }
    const comptaUpload = await upload(
      { family: "RH" },
      { name: "bulletin.pdf", data: samplePdf() },
      await signIn(ctx, (await buildUser(ctx.handle.db, "COMPTA")).identifier),
    );
    expect(comptaUpload.statusCode).toBe(403);
    expect(errorOf(comptaUpload).code).toBe("FORBIDDEN");
  });
});

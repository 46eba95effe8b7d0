import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildUser } from "../../../test/factories.js";
import { multipartBody, samplePdf } from "../../../test/multipart.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { documents } from "../../db/schema/index.js";

// Right-to-left override: "facture\u202Efdp.exe" is displayed "factureexe.pdf".
const RLO = "\u202E";
const BIDI = ["\u202A", "\u202B", "\u202C", "\u202D", RLO, "\u2066", "\u2067", "\u2068", "\u2069"];
const hasBidi = (text: string) => /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/.test(text);
const encodedBidi = /%E2%80%A[A-E]|%E2%81%A[6-9]/i;

type Doc = { id: string; name: string; fileName: string; version: number; url: string; downloadUrl: string };

describe("uploaded file names", () => {
  let ctx: TestContext;
  let admin: Session;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
  });
  afterAll(() => ctx.close());

  const post = (url: string, fields: Record<string, string>, name: string) =>
    ctx.app.inject({ method: "POST", url, ...multipartBody(fields, { name, data: samplePdf() }, admin.bearer) });
  const downloadName = async (doc: Doc) =>
    String((await ctx.app.inject({ url: doc.downloadUrl })).headers["content-disposition"]);

  it("lose their bidirectional controls, in the library, its versions, lists and downloads", async () => {
    const uploaded = await post("/api/documents", { family: "GENERAL" }, `facture${RLO}fdp.exe`);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const doc = uploaded.json() as Doc;
    expect(doc.fileName).toBe("facturefdp.exe");
    expect(doc.name).toBe("facturefdp");
    expect(await downloadName(doc)).toContain("filename*=UTF-8''facturefdp.exe");

    const everyControl = `${BIDI.join("")}rapport${BIDI.join("")}.pdf`;
    const version = await post(`/api/documents/${doc.id}/versions`, { version: String(doc.version) }, everyControl);
    expect(version.statusCode, version.body).toBe(200);
    expect((version.json() as Doc).fileName).toBe("rapport.pdf");
    const versions = await ctx.app.inject({ url: `/api/documents/${doc.id}/versions`, headers: admin.bearer });
    const names = (versions.json() as Array<{ fileName: string }>).map((v) => v.fileName);
    expect(names.sort()).toEqual(["facturefdp.exe", "rapport.pdf"]);

    const list = await ctx.app.inject({ url: "/api/documents?family=GENERAL", headers: admin.bearer });
    expect(hasBidi(list.body)).toBe(false);
  });

  it("lose them in a typed name too; a name made of nothing else is refused and changes nothing", async () => {
    const named = await post("/api/documents", { family: "GENERAL", name: `Devis${RLO}fdp.exe` }, "devis.pdf");
    expect(named.statusCode, named.body).toBe(200);
    const doc = named.json() as Doc;
    expect(doc.name).toBe("Devisfdp.exe");

    const rename = (name: string, version: number) =>
      ctx.app.inject({
        method: "PUT",
        url: `/api/documents/${doc.id}`,
        headers: admin.bearer,
        payload: { name, version },
      });
    const renamed = await rename(`Contrat${RLO}fdp.exe`, doc.version);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json() as Doc).name).toBe("Contratfdp.exe");
    const empty = await rename(`${RLO}\u2066`, (renamed.json() as Doc).version);
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe("Le nom du document est obligatoire.");
    const [row] = await ctx.handle.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row?.name).toBe("Contratfdp.exe");
  });

  it("lose them on every upload path: an evaluator's document goes through the same library", async () => {
    const auditor = await buildAuditor(ctx.handle.db, { withDocuments: false });
    const saved = await post(
      `/api/auditors/${auditor.id}/documents`,
      { kind: "CV", name: `CV${RLO}fdp.exe` },
      `cv${RLO}fdp.exe`,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const rows = await ctx.handle.db.select().from(documents).where(eq(documents.auditorId, auditor.id));
    expect(rows.map((r) => [r.name, r.fileName])).toEqual([["CVfdp.exe", "cvfdp.exe"]]);
  });

  it("are cleaned on the way out when stored before the rule", async () => {
    const uploaded = await post("/api/documents", { family: "GENERAL" }, "ancien.pdf");
    const doc = uploaded.json() as Doc;
    await ctx.handle.db
      .update(documents)
      .set({ fileName: `ancien${RLO}fdp.exe` })
      .where(eq(documents.id, doc.id));
    const disposition = await downloadName(doc);
    expect(disposition).not.toMatch(encodedBidi);
    expect(disposition).toContain("filename*=UTF-8''ancienfdp.exe");
  });
});

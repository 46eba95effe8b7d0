import type { ProfileType, WallPage } from "@certidesk/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories.js";
import { multipartBody, samplePdf } from "../../../test/multipart.js";
import { authChangesHeard, errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { auditLog, wallPosts } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

describe("wall", () => {
  let ctx: TestContext;
  const clock = fixedClock("2026-03-02T08:00:00Z");
  const s = {} as Record<"dir" | "cc" | "cpi" | "compta" | "rh" | "auditeur" | "client", Session>;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const db = ctx.handle.db;
    const make = async (p: ProfileType, firstName: string) =>
      signIn(ctx, (await buildUser(db, p, { firstName, lastName: p })).identifier);
    s.dir = await make("DIR", "Anne");
    s.cc = await make("CC", "Julien");
    s.cpi = await make("CPI", "Chloé");
    s.compta = await make("COMPTA", "Paul");
    s.rh = await make("RH", "Rita");
    s.auditeur = await make("AUDITEUR", "Élise");
    s.client = await make("MYQUALIANOR", "Claire");
  });
  afterAll(() => ctx.close());

  const call = (session: Session, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: session.bearer, payload });
  const feed = async (session: Session, query = "") => {
    const response = await call(session, "GET", `/api/wall/posts${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as WallPage;
  };
  const post = async (session: Session, body: object) => {
    clock.advance(60_000);
    const response = await call(session, "POST", "/api/wall/posts", body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: string; version: number };
  };
  const unread = async (session: Session) =>
    ((await call(session, "GET", "/api/wall/unread-count")).json() as { count: number }).count;
  const upload = async (fields: Record<string, string>) => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/documents",
      ...multipartBody(fields, { name: "note.pdf", data: samplePdf() }, s.dir.bearer),
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { id: string }).id;
  };

  it("publishes to an audience: evaluators read what names them, nobody sees a post not addressed to them", async () => {
    const procedure = await upload({ family: "GENERAL", documentType: "Procédure", name: "Procédure visite" });
    const toEvaluators = await post(s.dir, {
      title: "Nouveau référentiel",
      text: "Ligne 1\nLigne 2",
      audience: ["AUDITEUR", "CPI", "CMCC"],
      pinned: true,
      documentIds: [procedure],
    });
    const toStaff = await post(s.cc, { text: "Pot de départ vendredi", audience: ["STAFF"] });

    const seenByAuditor = await feed(s.auditeur);
    expect(seenByAuditor.items.map((p) => p.id)).toEqual([toEvaluators.id]);
    expect(seenByAuditor.canCreate).toBe(false);
    expect(seenByAuditor.items[0]).toMatchObject({
      title: "Nouveau référentiel",
      text: "Ligne 1\nLigne 2",
      pinned: true,
      author: { label: "Anne DIR" },
      abilities: { update: false, delete: false, comment: false, pin: false },
    });
    expect(seenByAuditor.items[0]?.attachments[0]).toMatchObject({ id: procedure, name: "Procédure visite" });
    const link = await ctx.app.inject({ method: "GET", url: seenByAuditor.items[0]?.attachments[0]?.url ?? "" });
    expect(link.statusCode).toBe(200);

    // The planning team is addressed; accounting is staff but not named: it sees only the staff post.
    expect((await feed(s.cpi)).items.map((p) => p.id)).toEqual([toEvaluators.id, toStaff.id]);
    expect((await feed(s.compta)).items.map((p) => p.id)).toEqual([toStaff.id]);
    expect((await feed(s.client)).items).toEqual([]);
    expect(await unread(s.client)).toBe(0);

    // Not addressed: 404 on every route, even for a profile with every WALL right.
    expect((await call(s.compta, "POST", `/api/wall/posts/${toEvaluators.id}/read`)).statusCode).toBe(404);
    expect((await call(s.auditeur, "POST", `/api/wall/posts/${toStaff.id}/read`)).statusCode).toBe(404);
    expect((await call(s.rh, "POST", `/api/wall/posts/${toEvaluators.id}/comments`, { text: "?" })).statusCode).toBe(
      404,
    );
    const dirTouch = await call(s.rh, "PUT", `/api/wall/posts/${toEvaluators.id}`, {
      text: "x",
      audience: ["STAFF"],
      version: 1,
    });
    expect(dirTouch.statusCode).toBe(404);
    expect(errorOf(dirTouch).message).toBe("Publication introuvable.");
  });

  it("lists pinned announcements first, then the newest, paged in SQL", async () => {
    const announcement = await post(s.dir, { text: "Ancienne annonce épinglée", audience: ["STAFF"], pinned: true });
    const newest = await post(s.dir, { text: "Toute dernière nouvelle", audience: ["STAFF"] });
    const page = await feed(s.dir, "?pageSize=3");
    expect(page.items.map((p) => p.pinned)).toEqual([true, true, false]);
    // The newest pinned post first (this one), then the earlier announcement, then the newest of the rest.
    expect(page.items[0]?.id).toBe(announcement.id);
    expect(page.items[2]?.id).toBe(newest.id);
    const second = await feed(s.dir, "?pageSize=3&page=2");
    expect(page.total).toBe(4);
    expect(second.items).toHaveLength(1);
  });

  it("follows the WALL rights: accounting reads only, pinning needs update, an author edits and deletes their own", async () => {
    expect((await call(s.compta, "POST", "/api/wall/posts", { text: "x", audience: ["STAFF"] })).statusCode).toBe(403);
    expect((await call(s.auditeur, "POST", "/api/wall/posts", { text: "x", audience: ["AUDITEUR"] })).statusCode).toBe(
      403,
    );
    // CC holds C, R, U but not D: it may delete its own post, not the Direction's.
    const own = await post(s.cc, { text: "Mon message", audience: ["STAFF"] });
    const dirs = await post(s.dir, { text: "Message de la direction", audience: ["STAFF"] });
    expect((await call(s.cc, "DELETE", `/api/wall/posts/${dirs.id}?version=1`)).statusCode).toBe(403);
    const edited = await call(s.cc, "PUT", `/api/wall/posts/${own.id}`, {
      text: "Mon message corrigé",
      audience: ["STAFF", "AUDITEUR"],
      version: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ version: 2 });
    // Accounting (R only) may not edit someone else's post; nobody may pin without update.
    const byCompta = await call(s.compta, "PUT", `/api/wall/posts/${own.id}`, {
      text: "x",
      audience: ["STAFF"],
      version: 2,
    });
    expect(byCompta.statusCode).toBe(403);
    const [kept] = await ctx.handle.db.select().from(wallPosts).where(eq(wallPosts.id, own.id));
    expect(kept?.text).toBe("Mon message corrigé");
    expect((await call(s.cc, "DELETE", `/api/wall/posts/${own.id}?version=2`)).statusCode).toBe(200);
    const audit = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "wallPost"), eq(auditLog.entityId, own.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(["create", "delete", "update"]);
  });

  it("refuses a pin without WALL update, a stale version and an attachment outside the general library", async () => {
    const { db } = ctx.handle;
    await db.execute(
      // Settings can take the update right away from CC: then CC may no longer pin.
      `update profile_permissions set can_update = false where profile_type = 'CC' and code = 'WALL'`,
    );
    await authChangesHeard(ctx);
    const pinned = await call(s.cc, "POST", "/api/wall/posts", { text: "Annonce", audience: ["STAFF"], pinned: true });
    expect(pinned.statusCode).toBe(403);
    await db.execute(`update profile_permissions set can_update = true where profile_type = 'CC' and code = 'WALL'`);
    await authChangesHeard(ctx);

    const created = await post(s.dir, { text: "Version 1", audience: ["STAFF"] });
    const first = await call(s.dir, "PUT", `/api/wall/posts/${created.id}`, {
      text: "Version 2",
      audience: ["STAFF"],
      version: 1,
    });
    expect(first.statusCode).toBe(200);
    const stale = await call(s.cpi, "PUT", `/api/wall/posts/${created.id}`, {
      text: "Version concurrente",
      audience: ["STAFF"],
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect((await call(s.dir, "DELETE", `/api/wall/posts/${created.id}?version=1`)).statusCode).toBe(409);

    const cv = await upload({ family: "RH", documentType: "Formulaire", name: "Contrat de travail" });
    const leak = await call(s.dir, "POST", "/api/wall/posts", {
      text: "Voir pièce",
      audience: ["AUDITEUR"],
      documentIds: [cv],
    });
    expect(leak.statusCode).toBe(422);
    const invalid = await call(s.dir, "POST", "/api/wall/posts", { text: "  ", audience: [] });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).message).toBe("Le message est vide.");
    const [row] = await db.select().from(wallPosts).where(eq(wallPosts.text, "Voir pièce"));
    expect(row).toBeUndefined();
  });

  it("keeps comments: CPI comments, authors edit theirs, others need the rights, stale versions refused", async () => {
    const announcement = await post(s.dir, { text: "Planning d'avril", audience: ["CPI", "AUDITEUR"] });
    const comment = await call(s.cpi, "POST", `/api/wall/posts/${announcement.id}/comments`, { text: "Bien noté" });
    expect(comment.statusCode, comment.body).toBe(200);
    const { id, version } = comment.json() as { id: string; version: number };
    // Evaluators read it but hold no WALL right: no comment.
    expect(
      (await call(s.auditeur, "POST", `/api/wall/posts/${announcement.id}/comments`, { text: "Merci" })).statusCode,
    ).toBe(403);
    clock.advance(60_000);
    const fixed = await call(s.cpi, "PUT", `/api/wall/comments/${id}`, { text: "Bien noté, merci", version });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await call(s.cpi, "PUT", `/api/wall/comments/${id}`, { text: "x", version })).statusCode).toBe(409);
    // CPI has no delete right but deletes its own comment; the post's author (DIR) sees it gone.
    const seen = (await feed(s.dir)).items.find((p) => p.id === announcement.id);
    expect(seen?.comments).toMatchObject([{ text: "Bien noté, merci", edited: true, author: { label: "Chloé CPI" } }]);
    expect((await call(s.cpi, "DELETE", `/api/wall/comments/${id}?version=2`)).statusCode).toBe(200);
    expect((await feed(s.dir)).items.find((p) => p.id === announcement.id)?.comments).toEqual([]);
  });

  it("counts unread posts per user and records who read them", async () => {
    const before = await unread(s.auditeur);
    const news = await post(s.dir, { text: "Formation le 12/05/2026", audience: ["AUDITEUR", "STAFF"] });
    expect(await unread(s.auditeur)).toBe(before + 1);
    // The author read what they wrote.
    const dirBefore = (await feed(s.dir)).items.find((p) => p.id === news.id);
    expect(dirBefore?.readBy.map((r) => r.label)).toEqual(["Anne DIR"]);
    clock.advance(60_000);
    expect((await call(s.auditeur, "POST", `/api/wall/posts/${news.id}/read`)).statusCode).toBe(200);
    expect((await call(s.auditeur, "POST", `/api/wall/posts/${news.id}/read`)).statusCode).toBe(200);
    expect(await unread(s.auditeur)).toBe(before);
    const after = (await feed(s.dir)).items.find((p) => p.id === news.id);
    expect(after?.readBy.map((r) => r.label)).toEqual(["Anne DIR", "Élise AUDITEUR"]);
    expect((await feed(s.auditeur)).items.find((p) => p.id === news.id)?.readByMe).toBe(true);
  });
});

import { defaultGrants, MESSAGES } from "@certidesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildClient, buildUser } from "../../../test/factories.js";
import { authChangesHeard, errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { auditLog, mailOutbox, users } from "../../db/schema/index.js";
import { replaceGrants } from "../profiles/profiles.repository.js";

describe("users settings", () => {
  let ctx: TestContext;
  let admin: Session;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: unknown, session = admin) =>
    ctx.app.inject({ method: "POST", url, payload: payload as object, headers: session.bearer });
  const put = (url: string, payload: unknown) =>
    ctx.app.inject({ method: "PUT", url, payload: payload as object, headers: admin.bearer });
  const countUsers = async () => (await ctx.handle.db.select().from(users)).length;

  it("creates a user who can then sign in, and records it in the audit log", async () => {
    const response = await post("/api/users", {
      identifier: "Nouvelle.Recrue@Test.fr",
      password: "Nouvelle-arrivee-2026",
      firstName: "Léa",
      lastName: "Martin",
      email: "lea@test.fr",
      profileType: "CC",
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json();
    const [row] = await ctx.handle.db.select().from(users).where(eq(users.id, id));
    expect(row?.identifier).toBe("nouvelle.recrue@test.fr");
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    const audit = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit[0]?.summary).toContain("créé");
    await signIn(ctx, "nouvelle.recrue@test.fr", "Nouvelle-arrivee-2026");
  });

  it("refuses a duplicate identifier and bad input with French messages, writing nothing", async () => {
    const before = await countUsers();
    const duplicate = await post("/api/users", {
      identifier: "NOUVELLE.RECRUE@test.fr",
      password: "Nouvelle-arrivee-2026",
      firstName: "A",
      lastName: "B",
      email: "",
      profileType: "CC",
    });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate).message).toBe("Cet identifiant est déjà utilisé.");
    const badEmail = await post("/api/users", {
      identifier: "x.y@test.fr",
      password: "Nouvelle-arrivee-2026",
      firstName: "A",
      lastName: "B",
      email: "pas-un-email",
      profileType: "CC",
    });
    expect(badEmail.statusCode).toBe(400);
    expect(errorOf(badEmail).message).toBe("Adresse e-mail invalide.");
    const noLink = await post("/api/users", {
      identifier: "eval@test.fr",
      password: "Nouvelle-arrivee-2026",
      firstName: "A",
      lastName: "B",
      email: "",
      profileType: "AUDITEUR",
    });
    expect(noLink.statusCode).toBe(400);
    expect(errorOf(noLink).message).toBe("Un utilisateur évaluateur doit être rattaché à un évaluateur.");
    expect(await countUsers()).toBe(before);
  });

  it("links evaluators and client users to their file", async () => {
    const auditor = await buildAuditor(ctx.handle.db, { lastName: "Éluard" });
    const client = await buildClient(ctx.handle.db, { raisonSocial: "Foyer Élan" });
    const options = await ctx.app.inject({
      url: "/api/users/link-options?kind=auditor&search=eluard",
      headers: admin.bearer,
    });
    expect(options.json()).toEqual([{ value: auditor.id, label: `Éluard ${auditor.firstName}` }]);
    const created = await post("/api/users", {
      identifier: "portail@foyer.fr",
      password: "Nouvelle-arrivee-2026",
      firstName: "A",
      lastName: "B",
      email: "",
      profileType: "MYQUALIANOR",
      clientId: client.id,
      auditorId: auditor.id,
    });
    expect(created.statusCode).toBe(200);
    const [row] = await ctx.handle.db.select().from(users).where(eq(users.id, created.json().id));
    expect(row?.clientId).toBe(client.id);
    expect(row?.auditorId).toBeNull();
  });

  it("updates with the current version and refuses a stale one with 409", async () => {
    const user = await buildUser(ctx.handle.db, "CPI");
    const body = { firstName: "Paul", lastName: "Neuf", email: "", profileType: "CPI", version: 1 };
    const first = await put(`/api/users/${user.id}`, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(2);
    const stale = await put(`/api/users/${user.id}`, { ...body, lastName: "Autre" });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(MESSAGES.staleVersion);
    const [row] = await ctx.handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastName).toBe("Neuf");
  });

  it("keeps at least one active Direction user and refuses self-deactivation or a change of one's own profile", async () => {
    const ctx2 = await createTestApp();
    try {
      const only = await buildUser(ctx2.handle.db, "DIR");
      const session = await signIn(ctx2, only.identifier);
      // Another profile holding every right (so within reach of the Director's account) administers.
      await replaceGrants(ctx2.handle.db, "CC", defaultGrants("DIR"));
      await authChangesHeard(ctx2);
      const other = await signIn(ctx2, (await buildUser(ctx2.handle.db, "CC")).identifier);
      const self = await ctx2.app.inject({
        method: "POST",
        url: `/api/users/${only.id}/active`,
        headers: session.bearer,
        payload: { active: false, version: 1 },
      });
      expect(self.statusCode).toBe(409);
      expect(errorOf(self).message).toBe("Vous ne pouvez pas désactiver votre propre compte.");
      const demoteSelf = await ctx2.app.inject({
        method: "PUT",
        url: `/api/users/${only.id}`,
        headers: session.bearer,
        payload: { firstName: "A", lastName: "B", email: "", profileType: "CC", version: 1 },
      });
      expect(demoteSelf.statusCode).toBe(403);
      expect(errorOf(demoteSelf).message).toBe("Vous ne pouvez pas changer votre propre profil.");
      for (const [method, url, payload] of [
        ["PUT", `/api/users/${only.id}`, { firstName: "A", lastName: "B", email: "", profileType: "CC", version: 1 }],
        ["POST", `/api/users/${only.id}/active`, { active: false, version: 1 }],
      ] as const) {
        const response = await ctx2.app.inject({ method, url, headers: other.bearer, payload });
        expect(response.statusCode, url).toBe(409);
        expect(errorOf(response).message).toBe("Impossible : c'est le dernier utilisateur Direction actif.");
      }
    } finally {
      await ctx2.close();
    }
  });

  it("lists users filtered, searched without accents, sorted and paged in SQL", async () => {
    await buildUser(ctx.handle.db, "COMPTA", { lastName: "Hélène-Comptable", firstName: "Zoé" });
    const search = await ctx.app.inject({ url: "/api/users?search=HELENE&status=all", headers: admin.bearer });
    expect(search.json().items.map((u: { lastName: string }) => u.lastName)).toEqual(["Hélène-Comptable"]);
    const byProfile = await ctx.app.inject({ url: "/api/users?profileType=COMPTA", headers: admin.bearer });
    expect(byProfile.json().items.every((u: { profileType: string }) => u.profileType === "COMPTA")).toBe(true);
    const page1 = await ctx.app.inject({
      url: "/api/users?pageSize=2&page=1&sort=identifier&direction=desc",
      headers: admin.bearer,
    });
    const page2 = await ctx.app.inject({
      url: "/api/users?pageSize=2&page=2&sort=identifier&direction=desc",
      headers: admin.bearer,
    });
    const ids = [...page1.json().items, ...page2.json().items].map((u: { identifier: string }) => u.identifier);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(page1.json().total).toBe(await countUsers());
    const bad = await ctx.app.inject({ url: "/api/users?pageSize=5000", headers: admin.bearer });
    expect(bad.statusCode).toBe(400);
  });

  it("gives a provisional password that opens nothing but its own replacement", async () => {
    const target = await buildUser(ctx.handle.db, "CPI", { email: null });
    const link = await post(`/api/users/${target.id}/reset-link`, undefined);
    expect(link.statusCode).toBe(409);
    expect(errorOf(link).message).toMatch(/pas d'adresse e-mail/);
    const issued = await post(`/api/users/${target.id}/temporary-password`, undefined);
    expect(issued.statusCode, issued.body).toBe(200);
    const provisional = (issued.json() as { temporaryPassword: string }).temporaryPassword;
    expect(provisional).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);

    const session = await signIn(ctx, target.identifier, provisional);
    const me = await ctx.app.inject({ url: "/auth/me", headers: session.bearer });
    expect(me.json().mustChangePassword).toBe(true);
    const refused = await ctx.app.inject({ url: "/api/missions", headers: session.bearer });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: "PASSWORD_CHANGE_REQUIRED",
      message: MESSAGES.passwordChangeRequired,
    });

    const changed = await ctx.app.inject({
      method: "POST",
      url: "/auth/change-password",
      headers: session.bearer,
      payload: { currentPassword: provisional, newPassword: "Mon-propre-mot-de-passe-durable" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().mustChangePassword).toBe(false);
    const own = await signIn(ctx, target.identifier, "Mon-propre-mot-de-passe-durable");
    expect((await ctx.app.inject({ url: "/api/missions", headers: own.bearer })).statusCode).toBe(200);
  });

  it("mails a reset link instead of choosing the password, and marks created accounts' passwords provisional", async () => {
    const target = await buildUser(ctx.handle.db, "CC");
    const sent = await post(`/api/users/${target.id}/reset-link`, undefined);
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.relatedId, target.id));
    expect(mail).toMatchObject({ to: [target.email], containsSecret: true });
    expect(mail?.body).toMatch(/reinitialiser-mot-de-passe\?token=/);
    // The old password still works until the link is used: nothing was chosen for the user.
    await signIn(ctx, target.identifier);

    const created = await post("/api/users", {
      identifier: "provisoire@test.fr",
      password: "Une-phrase-provisoire-donnee",
      firstName: "Paul",
      lastName: "Provisoire",
      email: "",
      profileType: "CC",
    });
    expect(created.statusCode, created.body).toBe(200);
    const session = await signIn(ctx, "provisoire@test.fr", "Une-phrase-provisoire-donnee");
    expect((await ctx.app.inject({ url: "/api/clients/extractClientList", headers: session.bearer })).statusCode).toBe(
      403,
    );
  });
});

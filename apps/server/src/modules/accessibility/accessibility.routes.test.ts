import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { auditLog, configuration } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

const SETTINGS_URL = "/api/settings/accessibility-statement";
const PUBLIC_URL = "/api/accessibility-statement";

describe("accessibility statement", () => {
  let ctx: TestContext;
  let dir: Session;
  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock("2026-05-20T10:00:00Z") });
    dir = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
  });
  afterAll(() => ctx.close());

  const publicStatement = async () => {
    const r = await ctx.app.inject({ url: PUBLIC_URL });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const settings = async (session = dir) => {
    const r = await ctx.app.inject({ url: SETTINGS_URL, headers: session.bearer });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const save = (payload: Record<string, unknown>, session = dir) =>
    ctx.app.inject({ method: "PUT", url: SETTINGS_URL, headers: session.bearer, payload });

  it("is public, holds only the statement's texts, and takes the company's name until the body writes its own", async () => {
    const statement = await publicStatement();
    expect(statement).toEqual({
      bodyName: "Certidesk",
      contactEmail: null,
      postalAddress: null,
      auditDate: null,
      derogations: "",
      exemptContent: "",
      testEnvironment: expect.stringContaining("axe-core"),
    });
    // The company's e-mail and address stand in for the statement's empty ones.
    await ctx.handle.db
      .update(configuration)
      .set({ email: "contact@organisme.fr", address: "3 rue Neuve", postalCode: "69001", city: "Lyon" });
    expect(await publicStatement()).toMatchObject({
      contactEmail: "contact@organisme.fr",
      postalAddress: "3 rue Neuve, 69001 Lyon",
    });
  });

  it("is written by the director, with the version, shown on the public statement and in the journal", async () => {
    const current = await settings();
    const r = await save({
      ...current,
      bodyName: "  Qualéval Évaluation  ",
      contactEmail: "accessibilite@qualeval.fr",
      postalAddress: "Qualéval, 12 avenue Foch, 75016 Paris",
      auditDate: "2026-05-12",
      derogations: "Les plans de visite déposés avant 2026.",
      exemptContent: "Les documents transmis par les établissements.",
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ bodyName: "Qualéval Évaluation", version: current.version + 1 });
    expect(await publicStatement()).toEqual({
      bodyName: "Qualéval Évaluation",
      contactEmail: "accessibilite@qualeval.fr",
      postalAddress: "Qualéval, 12 avenue Foch, 75016 Paris",
      auditDate: "2026-05-12",
      derogations: "Les plans de visite déposés avant 2026.",
      exemptContent: "Les documents transmis par les établissements.",
      testEnvironment: current.testEnvironment,
    });
    const [entry] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, "accessibility_statement"))
      .orderBy(desc(auditLog.occurredAt))
      .limit(1);
    expect(entry?.summary).toBe("Déclaration d'accessibilité modifiée");
    // A stale version changes nothing.
    const stale = await save({ ...current, bodyName: "Autre" });
    expect(stale.statusCode).toBe(409);
    expect((await publicStatement()).bodyName).toBe("Qualéval Évaluation");
  });

  it.each([
    [{ contactEmail: "accessibilite@" }, "contactEmail", /E-mail de contact : adresse invalide/],
    [{ auditDate: "2026-05-21" }, "auditDate", /ne peut pas être postérieure à aujourd'hui/],
    [{ auditDate: "12/05/2026" }, "auditDate", /Date de l'évaluation : date invalide/],
    [{ testEnvironment: "   " }, "testEnvironment", /Environnement de test : indiquez au moins un navigateur/],
    [{ derogations: "x".repeat(4001) }, "derogations", /4000 caractères au plus/],
  ])("refuses %j in French, under its field, and changes nothing", async (change, field, message) => {
    const before = await settings();
    const r = await save({ ...before, ...change });
    expect(r.statusCode).toBe(400);
    const error = errorOf(r) as { message: string; details?: Array<{ path: unknown; message: string }> };
    expect(error.message).toMatch(message);
    expect(JSON.stringify(error.details)).toContain(field);
    expect(await settings()).toEqual(before);
  });

  it("is read with the settings' read right and written only with its update right", async () => {
    const cmadmin = await signIn(ctx, (await buildUser(ctx.handle.db, "CMADMIN")).identifier);
    const cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    const current = await settings(cmadmin);
    const refused = await save({ ...current, bodyName: "Pris par la coordination" }, cmadmin);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toMatch(/droit/i);
    expect((await ctx.app.inject({ url: SETTINGS_URL, headers: cc.bearer })).statusCode).toBe(403);
    expect((await save({ ...current, bodyName: "Pris par le commercial" }, cc)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: "PUT", url: SETTINGS_URL, payload: current })).statusCode).toBe(401);
    expect((await publicStatement()).bodyName).toBe("Qualéval Évaluation");
  });
});

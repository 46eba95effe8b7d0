import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEssms, buildLegalEntity, buildRequest, buildUser } from "../../../test/factories.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { contacts } from "../../db/schema/index.js";

type Detail = { contacts: Array<{ id: string; version: number; isMain: boolean; email: string | null }> };

describe("editing a contact where it is shown", () => {
  let ctx: TestContext;
  let cc: Session;
  beforeAll(async () => {
    ctx = await createTestApp();
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
  });
  afterAll(() => ctx.close());

  const put = (id: string, payload: object, session = cc) =>
    ctx.app.inject({ method: "PUT", url: `/api/contacts/${id}`, headers: session.bearer, payload });
  const contactOf = (clientId: string) => ctx.handle.db.select().from(contacts).where(eq(contacts.clientId, clientId));
  const body = (over: Record<string, unknown> = {}) => ({
    firstName: "Claire",
    lastName: "Martin-Roux",
    occupation: "Directrice",
    tel: "04 72 00 00 00",
    mobilePhone: "",
    email: "claire.martin@ehpad-tilleuls.fr",
    version: 1,
    ...over,
  });

  it("saves with the version read, refuses a stale one, and journals it on the client and request timelines", async () => {
    const essms = await buildEssms(ctx.handle.db, { contact: { firstName: "Claire", lastName: "Martin" } });
    const request = await buildRequest(ctx.handle.db, { clientIds: [essms.id] });
    const [contact] = await contactOf(essms.id);
    const saved = await put(contact?.id ?? "", body());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2 });
    const detail = (await ctx.app.inject({ url: `/api/clients/${essms.id}`, headers: cc.bearer })).json() as Detail;
    expect(detail.contacts[0]).toMatchObject({ email: "claire.martin@ehpad-tilleuls.fr", version: 2, isMain: true });

    const stale = await put(contact?.id ?? "", body({ lastName: "Autre" }));
    expect(stale.statusCode).toBe(409);
    const [after] = await contactOf(essms.id);
    expect(after?.lastName).toBe("Martin-Roux");

    for (const url of [`/api/timeline/client/${essms.id}`, `/api/timeline/prospect/${request.id}`]) {
      const timeline = (await ctx.app.inject({ url, headers: cc.bearer })).json() as {
        items: Array<{ title: string }>;
      };
      expect(
        timeline.items.map((i) => i.title),
        url,
      ).toContain(`Contact Claire Martin-Roux modifié (« ${essms.raisonSocial} »)`);
    }
  });

  it("answers each wrong field in French, under its name", async () => {
    const essms = await buildEssms(ctx.handle.db, { contact: {} });
    const [contact] = await contactOf(essms.id);
    const refused = await put(contact?.id ?? "", body({ firstName: "", email: "pas-une-adresse", tel: "12" }));
    expect(refused.statusCode).toBe(400);
    const details = (refused.json() as { error: { details: Array<{ path: string; message: string }> } }).error.details;
    expect(details).toEqual(
      expect.arrayContaining([
        { path: "body.firstName", message: "Le prénom est obligatoire." },
        { path: "body.email", message: "Adresse e-mail invalide." },
        { path: "body.tel", message: "Numéro de téléphone invalide." },
      ]),
    );
  });

  it("moves the main mark to the contact marked main, and edits a legal entity's contact", async () => {
    const entity = await buildLegalEntity(ctx.handle.db);
    const essms = await buildEssms(ctx.handle.db, { legalEntityId: entity.id, contact: {} });
    const added = await ctx.app.inject({
      method: "POST",
      url: `/api/clients/${essms.id}/contacts`,
      headers: cc.bearer,
      payload: { firstName: "Paul", lastName: "Girard", email: "" },
    });
    expect(added.statusCode, added.body).toBe(200);
    const paul = added.json() as { id: string; version: number };
    expect((await put(paul.id, body({ firstName: "Paul", lastName: "Girard", isMain: true }))).statusCode).toBe(200);
    const mains = (await contactOf(essms.id)).filter((c) => c.isMain).map((c) => c.id);
    expect(mains).toEqual([paul.id]);

    const [entityContact] = await ctx.handle.db
      .insert(contacts)
      .values({ legalEntityId: entity.id, firstName: "Hugo", lastName: "Siège" })
      .returning();
    const entitySaved = await put(
      entityContact?.id ?? "",
      body({ firstName: "Hugo", lastName: "Siège", isMain: true }),
    );
    expect(entitySaved.statusCode, entitySaved.body).toBe(200);
    const [reread] = await ctx.handle.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, entityContact?.id ?? ""));
    // Only an establishment has a main contact.
    expect(reread).toMatchObject({ occupation: "Directrice", isMain: false });
  });

  it("is kept to staff who may update clients: 403 without the right, 404 for a client user or an unknown id", async () => {
    const essms = await buildEssms(ctx.handle.db, { contact: {} });
    const [contact] = await contactOf(essms.id);
    const compta = await signIn(ctx, (await buildUser(ctx.handle.db, "COMPTA")).identifier);
    expect((await put(contact?.id ?? "", body(), compta)).statusCode).toBe(403);
    const clientUser = await signIn(
      ctx,
      (await buildUser(ctx.handle.db, "MYQUALIANOR", { clientId: essms.id })).identifier,
    );
    expect([403, 404]).toContain((await put(contact?.id ?? "", body(), clientUser)).statusCode);
    const unknown = await put("00000000-0000-4000-8000-000000000000", body());
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe("Contact introuvable.");
  });
});

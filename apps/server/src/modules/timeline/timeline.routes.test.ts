import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildContract,
  buildEssms,
  buildRequest,
  buildUser,
  completeCompanyIdentity,
} from "../../../test/factories.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { auditLog, clients } from "../../db/schema/index.js";

type Timeline = {
  items: Array<{
    kind: string;
    title: string;
    text: string | null;
    authorLabel: string;
    document: { url: string } | null;
  }>;
  total: number;
  dateRelance: string | null;
};

describe("timeline", () => {
  let ctx: TestContext;
  let cc: Session;
  let clientId: string;
  let requestId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.handle.db;
    await completeCompanyIdentity(db);
    const essms = await buildEssms(db, {
      raisonSocial: "Foyer de vie Les Mimosas",
      prospect: true,
      contact: { email: "direction@mimosas.fr" },
    });
    clientId = essms.id;
    const contact = await db.query.contacts.findFirst({ where: (c, { eq: is }) => is(c.clientId, essms.id) });
    requestId = (await buildRequest(db, { clientIds: [essms.id], contactId: contact?.id })).id;
    cc = await signIn(ctx, (await buildUser(db, "CC", { firstName: "Julien", lastName: "Moreau" })).identifier);
  });
  afterAll(() => ctx.close());

  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object, session = cc) =>
    ctx.app.inject({ method, url, headers: session.bearer, payload });
  const read = async (url: string) => {
    const response = await call("GET", url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Timeline;
  };

  it("gathers comments, status changes, mails and documents of a prospect, newest first", async () => {
    const quote = (
      await call("POST", `/api/requestclients/${requestId}/quotes`, {
        lines: [{ service: "Évaluation", days: 4, unitPrice: 1000, quantity: 1 }],
        vatRate: 0.2,
        travelExpenseMode: 2,
      })
    ).json() as { id: string; version: number };
    await call("POST", `/api/quotes/${quote.id}/send`, { version: quote.version });
    expect(
      (
        await call("POST", `/api/timeline/prospect/${requestId}/comments`, {
          text: "Directrice rappelée : décision en conseil d'administration.",
        })
      ).statusCode,
    ).toBe(200);
    const timeline = await read(`/api/timeline/prospect/${requestId}`);
    expect(timeline.items.map((i) => i.kind)).toEqual(["COMMENT", "STATUS", "MAIL", "DOCUMENT", "CREATION"]);
    expect(timeline.items[0]).toMatchObject({
      title: "Commentaire",
      authorLabel: "Julien Moreau",
      text: "Directrice rappelée : décision en conseil d'administration.",
    });
    expect(timeline.items[2]?.title).toMatch(/^E-mail en attente d'envoi : .*Devis D-\d{4}-0001/);
    expect(timeline.items[3]?.title).toMatch(/^Document ajouté : Devis D-/);
    expect(timeline.items[3]?.document?.url).toContain("/api/documents/view?p=");
    const paged = await read(`/api/timeline/prospect/${requestId}?pageSize=2&page=2`);
    expect(paged.total).toBe(5);
    expect(paged.items.map((i) => i.kind)).toEqual(["MAIL", "DOCUMENT"]);
  });

  it("shows on a client's timeline what happened on its requests, and its own comments", async () => {
    await call("POST", `/api/timeline/client/${clientId}/comments`, { text: "Plan de préparation envoyé." });
    const timeline = await read(`/api/timeline/client/${clientId}`);
    expect(timeline.items[0]).toMatchObject({ kind: "COMMENT", text: "Plan de préparation envoyé." });
    expect(timeline.items.map((i) => i.kind)).toEqual(expect.arrayContaining(["STATUS", "MAIL", "DOCUMENT"]));
    expect(timeline.items.some((i) => i.text === "Directrice rappelée : décision en conseil d'administration.")).toBe(
      true,
    );
  });

  it("reads the journal of the client, its requests, quotes, contracts and contacts, and of nothing else", async () => {
    const db = ctx.handle.db;
    const quote = (
      await call("POST", `/api/requestclients/${requestId}/quotes`, {
        lines: [{ service: "Évaluation", days: 2, unitPrice: 900, quantity: 1 }],
        vatRate: 0.2,
        travelExpenseMode: 2,
      })
    ).json() as { id: string };
    const contract = await buildContract(db, { requestId, clientIds: [clientId] });
    const contact = await db.query.contacts.findFirst({ where: (c, { eq: is }) => is(c.clientId, clientId) });
    const other = await buildEssms(db, { raisonSocial: "Voisin" });
    const entry = (entityType: string, entityId: string) => ({
      actorLabel: "Test",
      action: "update",
      entityType,
      entityId,
      summary: `Journal ${entityType} ${entityId === other.id ? "étranger" : "du client"}`,
      occurredAt: new Date(),
    });
    await db
      .insert(auditLog)
      .values([
        entry("client", clientId),
        entry("request", requestId),
        entry("quote", quote.id),
        entry("contract", contract.id),
        entry("contact", contact?.id ?? ""),
        entry("client", other.id),
      ]);
    const titles = (await read(`/api/timeline/client/${clientId}?pageSize=100`)).items.map((i) => i.title);
    for (const type of ["client", "request", "quote", "contract", "contact"])
      expect(titles).toContain(`Journal ${type} du client`);
    expect(titles).not.toContain("Journal client étranger");
    const prospect = (await read(`/api/timeline/prospect/${requestId}?pageSize=100`)).items.map((i) => i.title);
    for (const type of ["client", "request", "quote", "contract", "contact"])
      expect(prospect).toContain(`Journal ${type} du client`);
  });

  it("sets and clears a follow-up, which the client list shows", async () => {
    const set = await call("PUT", `/api/timeline/client/${clientId}/follow-up`, {
      dateRelance: "2026-01-05",
      comment: "Relancer pour la date de visite",
    });
    expect(set.statusCode, set.body).toBe(200);
    let timeline = await read(`/api/timeline/client/${clientId}`);
    expect(timeline.dateRelance).toBe("2026-01-05");
    expect(timeline.items[0]).toMatchObject({
      kind: "FOLLOW_UP",
      title: "Relance prévue le 05/01/2026",
      text: "Relancer pour la date de visite",
    });
    await ctx.handle.db.update(clients).set({ clientSince: new Date() }).where(eq(clients.id, clientId));
    const list = (await call("POST", "/api/client/getListClient", { search: "mimosas" })).json() as {
      items: Array<{ dateRelance: string | null }>;
    };
    expect(list.items[0]?.dateRelance).toBe("2026-01-05");
    await call("PUT", `/api/timeline/client/${clientId}/follow-up`, { dateRelance: null });
    timeline = await read(`/api/timeline/client/${clientId}`);
    expect(timeline.dateRelance).toBeNull();
    expect(timeline.items[0]).toMatchObject({ kind: "FOLLOW_UP_CLEARED", title: "Relance levée" });
    const bad = await call("PUT", `/api/timeline/prospect/${requestId}/follow-up`, { dateRelance: "05/01/26" });
    expect(errorOf(bad).message).toBe("Date de relance invalide.");
    const empty = await call("POST", `/api/timeline/prospect/${requestId}/comments`, { text: "  " });
    expect(errorOf(empty).message).toBe("Le commentaire est vide.");
  });

  it("is internal to the staff", async () => {
    const user = await signIn(ctx, (await buildUser(ctx.handle.db, "MYQUALIANOR", { clientId })).identifier);
    expect((await call("GET", `/api/timeline/client/${clientId}`, undefined, user)).statusCode).toBe(404);
    const compta = await signIn(ctx, (await buildUser(ctx.handle.db, "COMPTA")).identifier);
    expect((await call("GET", `/api/timeline/prospect/${requestId}`, undefined, compta)).statusCode).toBe(200);
    expect((await call("POST", `/api/timeline/prospect/${requestId}/comments`, { text: "x" }, compta)).statusCode).toBe(
      403,
    );
    expect((await call("GET", "/api/timeline/client/00000000-0000-4000-8000-000000000009")).statusCode).toBe(404);
  });
});

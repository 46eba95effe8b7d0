import { type MissionStatusFacts, missionStatusText } from "@certidesk/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildUser, completeCompanyIdentity } from "../../../test/factories.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { multipartBody, samplePdf } from "../../../test/multipart.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { auditLog, documents, mailAttachments, mailOutbox } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

type Detail = {
  version: number;
  statusFacts: MissionStatusFacts;
  requestedDocuments: Array<{ id: string; label: string; received: boolean }>;
  missionOrders: Array<{ id: string; auditorId: string; status: string }>;
  clientTeamAnswer: { decision: string; reason: string | null; current: boolean } | null;
  reports: { observations: { receivedAt: string | null; text: string | null; document: unknown } };
};
type Space = {
  orders: Array<{ orderId: string; missionId: string; days: Array<{ day: string }>; document: unknown }>;
  visits: Array<{ missionId: string; status: string; team: Array<{ name: string }>; days: unknown[] }>;
  reports: Array<{ missionId: string; report: string; due: string; late: boolean; canUpload: boolean }>;
};
type Portal = {
  items: Array<{
    id: string;
    version: number;
    steps: Array<{ code: string; done: boolean; status: string; statusText: string; date: string | null }>;
    statusTexts: { summary: string; team: string; preliminary: string; final: string };
    team: Array<{ name: string; domains: string[] }>;
    canAnswerTeam: boolean;
    teamAnswer: { decision: string } | null;
    documents: Array<{ name: string; mine: boolean }>;
    requestedDocuments: Array<{ id: string; label: string; received: boolean }>;
    preliminaryReport: { url: string } | null;
    observations: { due: string | null; canSend: boolean; closedReason: string | null };
  }>;
};
type Method = "GET" | "PUT" | "POST";

const clock = fixedClock("2026-03-02T09:00:00Z");

describe("missions: the evaluator space and the client portal", () => {
  let ctx: TestContext;
  let cc: Session;
  let cpi: Session;
  let qse: Session;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    await completeCompanyIdentity(ctx.handle.db);
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    cpi = await signIn(ctx, (await buildUser(ctx.handle.db, "CPI")).identifier);
    qse = await signIn(ctx, (await buildUser(ctx.handle.db, "QSE")).identifier);
  });
  afterAll(() => ctx.close());

  const call = (method: Method, url: string, session: Session | null, payload?: object) =>
    ctx.app.inject({ method, url, headers: session?.bearer ?? {}, payload });
  const ok = async <T = Detail>(method: Method, url: string, session: Session, payload?: object) => {
    const r = await call(method, url, session, payload);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as T;
  };
  const multipart = (url: string, session: Session, fields: Record<string, string>, name = "piece.pdf") => {
    const body = multipartBody(fields, { name, data: samplePdf("Piece"), type: "application/pdf" });
    return ctx.app.inject({
      method: "POST",
      url,
      headers: { ...session.bearer, ...body.headers },
      payload: body.payload,
    });
  };

  async function mission(days: Array<{ day: string; timeSlotId: number }>) {
    const db = ctx.handle.db;
    const lead = await buildAuditor(db, { firstName: "Claire", lastName: "Lead", email: "claire@eval.fr" });
    const second = await buildAuditor(db, { firstName: "Denis", lastName: "Duo", email: "denis@eval.fr" });
    const signed = await signedContract(ctx, cc, {
      days,
      team: [
        { auditorId: lead.id, role: "COORDINATOR" },
        { auditorId: second.id, role: "EVALUATOR" },
      ],
    });
    const leadSession = await signIn(ctx, (await buildUser(db, "AUDITEUR", { auditorId: lead.id })).identifier);
    const secondSession = await signIn(ctx, (await buildUser(db, "AUDITEUR", { auditorId: second.id })).identifier);
    const client = await signIn(
      ctx,
      (await buildUser(db, "MYQUALIANOR", { clientId: signed.clientIds[0] })).identifier,
    );
    return { id: signed.missions[0]?.id ?? "", lead, second, leadSession, secondSession, client };
  }

  it("gives the evaluator their orders to answer, coming visits and reports due; another's space is 404", async () => {
    clock.set("2026-03-02T09:00:00Z");
    const coming = await mission([
      { day: "2026-04-07", timeSlotId: 2 },
      { day: "2026-04-08", timeSlotId: 1 },
    ]);
    let d = await ok("GET", `/api/missions/${coming.id}`, cpi);
    await ok("POST", `/api/missions/${coming.id}/mission-orders/send`, cpi, { version: d.version });
    let space = await ok<Space>("GET", `/api/auditors/${coming.lead.id}/mission-space`, coming.leadSession);
    expect(space.orders).toHaveLength(1);
    expect(space.orders[0]?.days.map((x) => x.day)).toEqual(["2026-04-07", "2026-04-08"]);
    expect(space.orders[0]?.document).not.toBeNull();
    expect(space.visits).toEqual([]);
    await ok("POST", `/api/mission-orders/${space.orders[0]?.orderId}/accept`, coming.leadSession);
    space = await ok<Space>("GET", `/api/auditors/${coming.lead.id}/mission-space`, coming.leadSession);
    expect(space.orders).toEqual([]);
    expect(space.visits.map((v) => v.missionId)).toEqual([coming.id]);
    expect(space.visits[0]?.status).toBe("Visite prévue du 07/04/2026 au 08/04/2026.");
    expect(space.visits[0]?.team.map((t) => t.name).sort()).toEqual(["Claire Lead", "Denis Duo"]);

    // Another evaluator's space, a client's look at it: 404; staff with MISSION read may look.
    for (const s of [coming.secondSession, coming.client])
      expect((await call("GET", `/api/auditors/${coming.lead.id}/mission-space`, s)).statusCode).toBe(404);
    await ok<Space>("GET", `/api/auditors/${coming.lead.id}/mission-space`, cpi);

    // A past visit: the preliminary report is due 30 days after, late the day after; only the coordinator uploads.
    const past = await mission([
      { day: "2026-01-20", timeSlotId: 1 },
      { day: "2026-01-21", timeSlotId: 1 },
    ]);
    d = await ok("GET", `/api/missions/${past.id}`, cpi);
    await ok("POST", `/api/missions/${past.id}/mission-orders/send`, cpi, { version: d.version });
    const lead = await ok<Space>("GET", `/api/auditors/${past.lead.id}/mission-space`, past.leadSession);
    expect(lead.reports).toEqual([
      expect.objectContaining({
        missionId: past.id,
        report: "PRELIMINARY",
        status: "Rapport préliminaire en retard (attendu le 20/02/2026).",
        due: "2026-02-20",
        late: true,
        canUpload: true,
      }),
    ]);
    const second = await ok<Space>("GET", `/api/auditors/${past.second.id}/mission-space`, past.secondSession);
    expect(second.reports[0]).toMatchObject({ canUpload: false, late: true });
  });

  it("lets the ESSMS accept the team or object to it, recorded and shown to the staff, before the visit", async () => {
    clock.set("2026-03-02T09:00:00Z");
    const m = await mission([
      { day: "2026-04-07", timeSlotId: 2 },
      { day: "2026-04-08", timeSlotId: 1 },
    ]);
    let portal = await ok<Portal>("GET", "/api/client-portal/missions", m.client);
    expect(portal.items.map((i) => i.id)).toEqual([m.id]);
    // Not proposed yet: the staff say so, and the portal neither shows the team nor takes an answer.
    expect(portal.items[0]).toMatchObject({ team: [], canAnswerTeam: false });
    expect(portal.items[0]?.statusTexts.team).toBe("L'équipe d'évaluation vous sera proposée prochainement.");
    expect(portal.items[0]?.steps.find((s) => s.code === "TEAM_PROPOSED")).toMatchObject({ status: "current" });
    const staffFacts = (await ok<Detail>("GET", `/api/missions/${m.id}`, cpi)).statusFacts;
    expect(missionStatusText(staffFacts, "staff").team).toBe("Équipe composée, pas encore proposée à l'établissement.");
    const url = `/api/missions/${m.id}/team/client-answer`;
    const unproposed = await call("POST", url, m.client, { decision: "ACCEPT", version: portal.items[0]?.version });
    expect(unproposed.statusCode).toBe(409);
    expect(errorOf(unproposed).message).toBe("L'équipe d'évaluation ne vous a pas encore été proposée.");
    await ok("POST", `/api/missions/${m.id}/proposals/client`, cpi, {
      version: (await ok("GET", `/api/missions/${m.id}`, cpi)).version,
    });
    const proposed = await ok<Detail>("GET", `/api/missions/${m.id}`, cpi);
    // (The outbox dates its rows itself, not with the test's clock.)
    expect(missionStatusText(proposed.statusFacts, "staff").team).toMatch(
      /^Équipe proposée à l'établissement le \d{2}\/\d{2}\/\d{4} : réponse en attente\.$/,
    );
    portal = await ok<Portal>("GET", "/api/client-portal/missions", m.client);
    expect(portal.items[0]?.statusTexts.team).toBe("Merci d'accepter l'équipe proposée ou de formuler une objection.");
    expect(portal.items[0]?.steps.find((s) => s.code === "TEAM_PROPOSED")).toMatchObject({ status: "done" });
    const item = portal.items[0];
    expect(item?.canAnswerTeam).toBe(true);
    expect(item?.team.map((t) => t.name).sort()).toEqual(["Claire Lead", "Denis Duo"]);
    expect(item?.steps.find((s) => s.code === "CONTRACT")).toMatchObject({ done: true, date: "2026-01-10" });
    expect(item?.steps.find((s) => s.code === "DAYS")).toMatchObject({ done: true, date: "2026-04-07" });

    const noReason = await call("POST", url, m.client, { decision: "OBJECT", version: item?.version });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).message).toContain("motif");
    // Only the ESSMS answers: staff 403, an evaluator of the mission 403, another client 404.
    expect((await call("POST", url, cpi, { decision: "ACCEPT", version: item?.version })).statusCode).toBe(403);
    const other = await mission([
      { day: "2026-05-04", timeSlotId: 1 },
      { day: "2026-05-05", timeSlotId: 1 },
    ]);
    expect((await call("POST", url, other.client, { decision: "ACCEPT", version: item?.version })).statusCode).toBe(
      404,
    );
    expect((await call("GET", `/api/missions/${m.id}`, other.client)).statusCode).toBe(404);

    await ok("POST", url, m.client, {
      decision: "OBJECT",
      reason: "M. Duo a travaillé chez notre gestionnaire.",
      version: item?.version,
    });
    let d = await ok("GET", `/api/missions/${m.id}`, cpi);
    expect(d.clientTeamAnswer).toMatchObject({
      decision: "OBJECT",
      reason: "M. Duo a travaillé chez notre gestionnaire.",
      current: true,
    });
    const journal = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.entityId, m.id));
    expect(journal.map((j) => j.summary)).toContainEqual(expect.stringContaining("Objection de l'établissement"));
    const again = await call("POST", url, m.client, { decision: "ACCEPT", version: d.version });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe("Vous avez déjà répondu pour cette équipe.");

    // A new team asks again; the answer then concerns it.
    const third = await buildAuditor(ctx.handle.db, { firstName: "Eva", lastName: "Trois" });
    d = await ok("PUT", `/api/missions/${m.id}/team`, cpi, {
      members: [
        { auditorId: m.lead.id, role: "COORDINATOR" },
        { auditorId: third.id, role: "EVALUATOR" },
      ],
      version: d.version,
    });
    expect(d.clientTeamAnswer).toMatchObject({ current: false });
    portal = await ok<Portal>("GET", "/api/client-portal/missions", m.client);
    expect(portal.items[0]?.canAnswerTeam).toBe(true);
    await ok("POST", url, m.client, { decision: "ACCEPT", version: d.version });
    portal = await ok<Portal>("GET", "/api/client-portal/missions", m.client);
    expect(portal.items[0]?.steps.find((s) => s.code === "TEAM_ACCEPTED")).toMatchObject({ done: true });
    expect(portal.items[0]?.canAnswerTeam).toBe(false);

    // Once the visit has started, the team is no longer discussed from the portal.
    clock.set("2026-04-07T08:00:00Z");
    d = await ok("PUT", `/api/missions/${m.id}/team`, cpi, {
      members: [
        { auditorId: m.lead.id, role: "COORDINATOR" },
        { auditorId: m.second.id, role: "EVALUATOR" },
      ],
      version: (await ok("GET", `/api/missions/${m.id}`, cpi)).version,
    });
    const late = await call("POST", url, m.client, { decision: "ACCEPT", version: d.version });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toContain("La visite a commencé");
  });

  it("takes the documents asked of the ESSMS and its observations before the deadline, refused after it", async () => {
    clock.set("2026-03-02T09:00:00Z");
    const m = await mission([
      { day: "2026-01-20", timeSlotId: 1 },
      { day: "2026-01-21", timeSlotId: 1 },
    ]);
    // The checklist the staff keep in the Préparation tab is what the portal asks for.
    const asked = await ok("GET", `/api/missions/${m.id}`, cpi);
    await ok("PUT", `/api/missions/${m.id}/requested-documents`, cpi, {
      items: [{ label: "Projet d'établissement" }, { label: "Livret d'accueil", received: true }],
      version: asked.version,
    });
    const checklist = await ok<Portal>("GET", "/api/client-portal/missions", m.client);
    expect(checklist.items[0]?.requestedDocuments.map((r) => [r.label, r.received])).toEqual([
      ["Projet d'établissement", false],
      ["Livret d'accueil", true],
    ]);
    const docs = await multipart(`/api/missions/${m.id}/client-documents`, m.client, {
      name: "Projet d'établissement",
    });
    expect(docs.statusCode, docs.body).toBe(200);
    const [stored] = await ctx.handle.db.select().from(documents).where(eq(documents.missionId, m.id));
    expect(stored).toMatchObject({ family: "CLIENT", metaCode: "AUTRES_PREPARATION", name: "Projet d'établissement" });
    expect((await multipart(`/api/missions/${m.id}/client-documents`, m.leadSession, {})).statusCode).toBe(403);
    let portal = await ok<Portal>("GET", "/api/client-portal/missions", m.client);
    expect(portal.items[0]?.documents).toEqual([
      expect.objectContaining({ name: "Projet d'établissement", mine: true }),
    ]);
    // A document sent for an item of the checklist is that item: named after it, ticked received for all.
    const itemId = portal.items[0]?.requestedDocuments[0]?.id ?? "";
    const forItem = await multipart(`/api/missions/${m.id}/client-documents`, m.client, { itemId });
    expect(forItem.statusCode, forItem.body).toBe(200);
    expect(forItem.json()).toMatchObject({ name: "Projet d'établissement" });
    portal = await ok<Portal>("GET", "/api/client-portal/missions", m.client);
    expect(portal.items[0]?.requestedDocuments.map((r) => r.received)).toEqual([true, true]);
    const staffView = await ok("GET", `/api/missions/${m.id}`, cpi);
    expect(staffView.requestedDocuments.filter((r) => r.received)).toHaveLength(2);
    const journal = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.entityId, m.id));
    expect(journal.map((j) => j.summary)).toContainEqual(
      expect.stringContaining("Document demandé reçu de l'établissement"),
    );
    // An item no longer asked for: 422, and no document left behind.
    const before = await ctx.handle.db.select().from(documents).where(eq(documents.missionId, m.id));
    const gone = await multipart(`/api/missions/${m.id}/client-documents`, m.client, { itemId: "disparu" });
    expect(gone.statusCode).toBe(422);
    expect(errorOf(gone).message).toBe("Ce document n'est plus demandé : actualisez la page.");
    expect(await ctx.handle.db.select().from(documents).where(eq(documents.missionId, m.id))).toHaveLength(
      before.length,
    );

    const obsUrl = `/api/missions/${m.id}/client-observations`;
    let d = await ok("GET", `/api/missions/${m.id}`, cpi);
    const early = await call("POST", obsUrl, m.client, { text: "Trop tôt.", version: d.version });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe("Le rapport préliminaire n'a pas encore été envoyé.");
    // The preliminary report: uploaded by the coordinator, reviewed, sent on 2 March.
    const body = multipartBody(
      { version: String(d.version) },
      { name: "rapport.pdf", data: samplePdf("Rapport"), type: "application/pdf" },
    );
    const up = await ctx.app.inject({
      method: "POST",
      url: `/api/missions/${m.id}/reports/preliminary`,
      headers: { ...m.leadSession.bearer, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    d = await ok("POST", `/api/missions/${m.id}/reports/preliminary/review`, qse, {
      version: (up.json() as Detail).version,
    });
    d = await ok("POST", `/api/missions/${m.id}/reports/preliminary/send`, cpi, { version: d.version });
    portal = await ok<Portal>("GET", "/api/client-portal/missions", m.client);
    expect(portal.items[0]?.preliminaryReport?.url).toBeTruthy();
    expect(portal.items[0]?.observations).toMatchObject({ due: "2026-03-17", canSend: true, closedReason: null });

    // After the deadline (the 18th in Paris): refused in French.
    clock.set("2026-03-17T23:30:00Z");
    const tooLate = await call("POST", obsUrl, m.client, { text: "Nos remarques.", version: d.version });
    expect(tooLate.statusCode).toBe(409);
    expect(errorOf(tooLate).message).toBe(
      "Le délai des observations a expiré le 17/03/2026 : contactez votre chargé(e) de mission.",
    );
    // On the last day, with a file: received, shown to the staff with the text.
    clock.set("2026-03-17T20:00:00Z");
    expect((await call("POST", obsUrl, m.leadSession, { text: "Pas moi.", version: d.version })).statusCode).toBe(403);
    const sent = await multipart(obsUrl, m.client, {
      text: "Page 12 : le CVS se réunit 4 fois par an.",
      version: String(d.version),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    d = await ok("GET", `/api/missions/${m.id}`, cpi);
    expect(d.reports.observations).toMatchObject({
      receivedAt: "2026-03-17",
      text: "Page 12 : le CVS se réunit 4 fois par an.",
    });
    expect(d.reports.observations.document).not.toBeNull();
    // The coordinator hears of them by mail, the file attached, as when the staff upload them.
    const told = await ctx.handle.db
      .select({ to: mailOutbox.to, metaCode: documents.metaCode })
      .from(mailOutbox)
      .innerJoin(mailAttachments, eq(mailAttachments.mailId, mailOutbox.id))
      .innerJoin(documents, eq(documents.id, mailAttachments.documentId))
      .where(and(eq(mailOutbox.missionId, m.id), eq(mailOutbox.templateCode, "OBSERVATIONS_RECEIVED")));
    expect(told).toEqual([{ to: ["claire@eval.fr"], metaCode: "RECEPTION_OBSERVATIONS" }]);
    const twice = await call("POST", obsUrl, m.client, { text: "Encore.", version: d.version });
    expect(errorOf(twice).message).toBe("Les observations ont déjà été reçues.");
    // Another client's mission: 404 on every portal write.
    const other = await mission([
      { day: "2026-05-04", timeSlotId: 1 },
      { day: "2026-05-05", timeSlotId: 1 },
    ]);
    expect((await call("POST", obsUrl, other.client, { text: "Intrus.", version: d.version })).statusCode).toBe(404);
    expect((await multipart(`/api/missions/${m.id}/client-documents`, other.client, {})).statusCode).toBe(404);
    expect((await ok<Portal>("GET", "/api/client-portal/missions", other.client)).items.map((i) => i.id)).not.toContain(
      m.id,
    );
  });
});

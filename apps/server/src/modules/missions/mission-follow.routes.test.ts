import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildUser, completeCompanyIdentity } from "../../../test/factories.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { pdfText } from "../../../test/pdf-text.js";
import { type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { auditLog, mailAttachments, mailOutbox, missionOrders } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

type Order = { id: string; auditorId: string; status: string; document: { id: string; url: string } | null };
type Detail = {
  id: string;
  version: number;
  team: Array<{ auditorId: string; role: string }>;
  missionOrders: Order[];
  replacedOrders: Array<Order & { replacedAt: string }>;
  days: Array<{ day: string; timeSlotId: number; programme: unknown[] }>;
};
type Method = "GET" | "PUT" | "POST";

const clock = fixedClock("2026-03-02T09:00:00Z");
let serial = 0;

describe("missions: orders and people follow a change of days or team (issue 39)", () => {
  let ctx: TestContext;
  let cc: Session;
  let cpi: Session;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    await completeCompanyIdentity(ctx.handle.db);
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    cpi = await signIn(ctx, (await buildUser(ctx.handle.db, "CPI")).identifier);
  });
  afterAll(() => ctx.close());

  const call = (method: Method, url: string, session: Session, payload?: object) =>
    ctx.app.inject({ method, url, headers: session.bearer, payload });
  const ok = async <T = Detail>(method: Method, url: string, session: Session, payload?: object) => {
    const r = await call(method, url, session, payload);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as T;
  };
  const pdfOf = async (url: string) =>
    (await pdfText((await ctx.app.inject({ method: "GET", url })).rawPayload)).replace(/\u00a0/g, " ");
  const mailsOf = (missionId: string) =>
    ctx.handle.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.missionId, missionId))
      .orderBy(asc(mailOutbox.createdAt));
  const historyOf = (id: string) =>
    ok<{ items: Array<{ action: string; summary: string; actorLabel: string }> }>(
      "GET",
      `/api/missions/${id}/history`,
      cpi,
    );

  /** A signed mission of two evaluators whose orders went out; the coordinator accepted theirs. */
  async function missionWithOrdersOut() {
    const db = ctx.handle.db;
    serial++;
    const lead = await buildAuditor(db, { firstName: "Anne", lastName: "Coord", email: `anne${serial}@eval.fr` });
    const second = await buildAuditor(db, { firstName: "Bruno", lastName: "Second", email: `bruno${serial}@eval.fr` });
    const signed = await signedContract(ctx, cc, {
      days: [
        { day: "2026-04-07", timeSlotId: 2 },
        { day: "2026-04-08", timeSlotId: 1 },
      ],
      team: [
        { auditorId: lead.id, role: "COORDINATOR" },
        { auditorId: second.id, role: "EVALUATOR" },
      ],
    });
    const id = signed.missions[0]?.id ?? "";
    let d = await ok("GET", `/api/missions/${id}`, cpi);
    d = await ok("POST", `/api/missions/${id}/mission-orders/send`, cpi, { version: d.version });
    const leadSession = await signIn(ctx, (await buildUser(db, "AUDITEUR", { auditorId: lead.id })).identifier);
    const leadOrder = d.missionOrders.find((o) => o.auditorId === lead.id);
    await ok("POST", `/api/mission-orders/${leadOrder?.id}/accept`, leadSession);
    d = await ok("GET", `/api/missions/${id}`, cpi);
    const sentMails = (await mailsOf(id)).length;
    return { id, lead, second, detail: d, sentMails, clientId: signed.clientIds[0] ?? "" };
  }

  it("a days change supersedes the sent and accepted orders: new PDFs with the new dates, mails to the team and the establishment, one history entry", async () => {
    const m = await missionWithOrdersOut();
    const before = m.detail;
    const oldLead = before.missionOrders.find((o) => o.auditorId === m.lead.id);
    expect(oldLead?.status).toBe("ACCEPT");
    const moved = await ok("PUT", `/api/missions/${m.id}/days`, cpi, {
      days: [
        { day: "2026-04-14", timeSlotId: 2 },
        { day: "2026-04-15", timeSlotId: 1 },
      ],
      version: before.version,
    });

    // Both orders replaced by new SENT ones that wait for a new answer; the old rows are untouched.
    expect(moved.missionOrders.map((o) => o.status)).toEqual(["SENT", "SENT"]);
    expect(moved.replacedOrders.map((o) => [o.auditorId, o.status]).sort()).toEqual(
      [
        [m.lead.id, "ACCEPT"],
        [m.second.id, "SENT"],
      ].sort(),
    );
    const [oldRow] = await ctx.handle.db
      .select()
      .from(missionOrders)
      .where(eq(missionOrders.id, oldLead?.id ?? ""));
    expect(oldRow).toMatchObject({ status: "ACCEPT", documentId: oldLead?.document?.id, version: 1 });
    const newLead = moved.missionOrders.find((o) => o.auditorId === m.lead.id);
    expect(newLead?.document?.id).not.toBe(oldLead?.document?.id);
    const newPdf = await pdfOf(newLead?.document?.url ?? "");
    expect(newPdf).toContain("mardi 14 avril 2026");
    expect(newPdf).not.toContain("mardi 7 avril 2026");
    expect(await pdfOf(oldLead?.document?.url ?? "")).toContain("mardi 7 avril 2026");

    // The mails: each evaluator gets the new order (PDF attached, new answer link); the establishment its dates.
    const mails = (await mailsOf(m.id)).slice(m.sentMails);
    expect(mails.map((x) => [x.templateCode, x.to[0]]).sort()).toEqual(
      [
        ["MISSION_ORDER_CHANGED", `anne${serial}@eval.fr`],
        ["MISSION_ORDER_CHANGED", `bruno${serial}@eval.fr`],
        ["MISSION_DATES_CHANGED", "direction0@essms.fr"],
      ].sort(),
    );
    const toLead = mails.find((x) => x.to[0] === `anne${serial}@eval.fr`);
    expect(toLead?.subject).toContain("14/04/2026, 15/04/2026");
    expect(toLead?.body).toContain("précédemment : 07/04/2026, 08/04/2026");
    expect(toLead?.containsSecret).toBe(true);
    const attached = await ctx.handle.db
      .select()
      .from(mailAttachments)
      .where(eq(mailAttachments.mailId, toLead?.id ?? ""));
    expect(attached.map((a) => a.documentId)).toEqual([newLead?.document?.id]);
    const toClient = mails.find((x) => x.templateCode === "MISSION_DATES_CHANGED");
    expect(toClient?.body).toContain("elle aura lieu les 14/04/2026, 15/04/2026 (au lieu des 07/04/2026, 08/04/2026)");

    // The history entry: who, what moved, who was told, with the (empty for now) overridden checks.
    const history = await historyOf(m.id);
    const entry = history.items.find((i) => i.action === "replan");
    expect(entry?.summary).toContain("Visite déplacée : 07/04/2026, 08/04/2026 → 14/04/2026, 15/04/2026.");
    expect(entry?.summary).toContain("Ordres de mission remplacés et renvoyés à Anne Coord, Bruno Second.");
    expect(entry?.summary).toContain("Établissement prévenu des nouvelles dates (direction0@essms.fr).");
    expect(entry?.actorLabel).toBeTruthy();
    const [logged] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, m.id), eq(auditLog.action, "replan")));
    expect(logged?.changes).toMatchObject({ overriddenChecks: [], days: { from: "07/04/2026, 08/04/2026" } });

    // The portal shows the new dates.
    const client = await signIn(
      ctx,
      (await buildUser(ctx.handle.db, "MYQUALIANOR", { clientId: m.clientId })).identifier,
    );
    const portal = await ok<{ items: Array<{ id: string; days: Array<{ day: string }> }> }>(
      "GET",
      "/api/client-portal/missions",
      client,
    );
    expect(portal.items.find((i) => i.id === m.id)?.days.map((x) => x.day)).toEqual(["2026-04-14", "2026-04-15"]);

    // Saving the same days again changes nothing: no new order, no mail, no entry.
    await ok("PUT", `/api/missions/${m.id}/days`, cpi, {
      days: moved.days.map((x) => ({ day: x.day, timeSlotId: x.timeSlotId, programme: x.programme })),
      version: moved.version,
    });
    expect((await mailsOf(m.id)).length).toBe(m.sentMails + 3);
    expect((await historyOf(m.id)).items.filter((i) => i.action === "replan")).toHaveLength(1);
  });

  it("the planning board's move (the same days, shifted as a block) is followed the same way", async () => {
    const m = await missionWithOrdersOut();
    // MoveVisitModal sends the days shifted by the same number of days, slots and programme kept.
    const shifted = m.detail.days.map((x) => ({
      day: x.day.replace("2026-04-0", "2026-04-2"),
      timeSlotId: x.timeSlotId,
      programme: x.programme,
    }));
    const moved = await ok("PUT", `/api/missions/${m.id}/days`, cpi, { days: shifted, version: m.detail.version });
    expect(moved.days.map((x) => x.day)).toEqual(["2026-04-27", "2026-04-28"]);
    expect(moved.replacedOrders).toHaveLength(2);
    const newPdf = await pdfOf(moved.missionOrders[0]?.document?.url ?? "");
    expect(newPdf).toContain("lundi 27 avril 2026");
    const mails = (await mailsOf(m.id)).slice(m.sentMails);
    expect(mails.map((x) => x.templateCode).sort()).toEqual([
      "MISSION_DATES_CHANGED",
      "MISSION_ORDER_CHANGED",
      "MISSION_ORDER_CHANGED",
    ]);
    // The save's own entry and the follow-up's share the transaction's instant: found by action, not order.
    const entry = (await historyOf(m.id)).items.find((i) => i.action === "replan");
    expect(entry?.summary).toMatch(/^Visite déplacée : 07\/04\/2026, 08\/04\/2026 → 27\/04/);
  });

  it("a team change cancels the order of the evaluator removed (told), sends the newcomer's at once, leaves the kept one alone", async () => {
    const m = await missionWithOrdersOut();
    const newcomer = await buildAuditor(ctx.handle.db, {
      firstName: "Léa",
      lastName: "Nouvelle",
      email: `lea${serial}@eval.fr`,
    });
    const changed = await ok("PUT", `/api/missions/${m.id}/team`, cpi, {
      members: [
        { auditorId: m.lead.id, role: "COORDINATOR" },
        { auditorId: newcomer.id, role: "EVALUATOR" },
      ],
      version: m.detail.version,
    });
    expect(changed.team.map((t) => t.auditorId).sort()).toEqual([m.lead.id, newcomer.id].sort());
    const byAuditor = (id: string) => changed.missionOrders.find((o) => o.auditorId === id);
    // Kept with the same dates and role: the accepted order stands.
    expect(byAuditor(m.lead.id)).toMatchObject({
      id: m.detail.missionOrders.find((o) => o.auditorId === m.lead.id)?.id,
    });
    expect(byAuditor(m.lead.id)?.status).toBe("ACCEPT");
    // Removed: the sent order is superseded by a CANCELLED row (same PDF), never edited.
    const oldSecond = m.detail.missionOrders.find((o) => o.auditorId === m.second.id);
    expect(byAuditor(m.second.id)).toMatchObject({ status: "CANCELLED", document: { id: oldSecond?.document?.id } });
    const [oldRow] = await ctx.handle.db
      .select()
      .from(missionOrders)
      .where(eq(missionOrders.id, oldSecond?.id ?? ""));
    expect(oldRow?.status).toBe("SENT");
    // Added: the order went out with the others'.
    expect(byAuditor(newcomer.id)?.status).toBe("SENT");
    expect(await pdfOf(byAuditor(newcomer.id)?.document?.url ?? "")).toContain("Léa Nouvelle");

    const mails = (await mailsOf(m.id)).slice(m.sentMails);
    expect(mails.map((x) => [x.templateCode, x.to[0]]).sort()).toEqual(
      [
        ["MISSION_ORDER", `lea${serial}@eval.fr`],
        ["MISSION_ORDER_CANCELLED", `bruno${serial}@eval.fr`],
      ].sort(),
    );
    expect(mails.find((x) => x.templateCode === "MISSION_ORDER_CANCELLED")?.body).toContain(
      "Vous ne faites plus partie de l'équipe",
    );
    const entry = (await historyOf(m.id)).items.find((i) => i.action === "replan");
    expect(entry?.summary).toBe(
      "Équipe : arrivée de Léa Nouvelle ; départ de Bruno Second. Ordre de mission envoyé à Léa Nouvelle. " +
        "Ordre de mission annulé pour Bruno Second, prévenu(e)s par e-mail.",
    );

    // Bruno comes back: a new order to send, like any newcomer.
    const back = await ok("PUT", `/api/missions/${m.id}/team`, cpi, {
      members: [
        { auditorId: m.lead.id, role: "COORDINATOR" },
        { auditorId: newcomer.id, role: "EVALUATOR" },
        { auditorId: m.second.id, role: "EVALUATOR" },
      ],
      version: changed.version,
    });
    expect(back.missionOrders.filter((o) => o.auditorId === m.second.id).map((o) => o.status)).toContain("SENT");
  });

  it("a refused save sends nothing, files nothing and writes no entry", async () => {
    const m = await missionWithOrdersOut();
    const stale = await call("PUT", `/api/missions/${m.id}/days`, cpi, {
      days: [
        { day: "2026-05-05", timeSlotId: 2 },
        { day: "2026-05-06", timeSlotId: 1 },
      ],
      version: m.detail.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect((await mailsOf(m.id)).length).toBe(m.sentMails);
    const d = await ok("GET", `/api/missions/${m.id}`, cpi);
    expect(d.replacedOrders).toEqual([]);
    expect((await historyOf(m.id)).items.some((i) => i.action === "replan")).toBe(false);
  });

  it("keeps the history and the replaced orders to the staff", async () => {
    const m = await missionWithOrdersOut();
    const lead = await signIn(ctx, (await buildUser(ctx.handle.db, "AUDITEUR", { auditorId: m.lead.id })).identifier);
    expect((await call("GET", `/api/missions/${m.id}/history`, lead)).statusCode).toBe(404);
    expect((await ok("GET", `/api/missions/${m.id}`, lead)).replacedOrders).toEqual([]);
  });
});

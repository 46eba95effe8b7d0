import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildUser, completeCompanyIdentity } from "../../../test/factories.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { multipartBody, samplePdf } from "../../../test/multipart.js";
import { pdfText } from "../../../test/pdf-text.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { clients, documents, mailAttachments, mailOutbox, missionOrders } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

type Detail = {
  id: string;
  clientId: string;
  status: string;
  version: number;
  team: Array<{ auditorId: string; role: string }>;
  missionOrders: Array<{ id: string; auditorId: string; status: string; document: { url: string } | null }>;
  deadlines: { preliminaryReportDue: string | null; observationsDue: string | null; finalReportDue: string | null };
  late: { preliminary: boolean; final: boolean };
  abilities: Record<string, boolean>;
};
type Method = "GET" | "PUT" | "POST";

const clock = fixedClock("2026-03-02T09:00:00Z");

describe("missions: orders, reports, deadlines, scope, calendar", () => {
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
  const ok = async (method: Method, url: string, session: Session, payload?: object) => {
    const r = await call(method, url, session, payload);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Detail;
  };
  const upload = (url: string, session: Session, version: number, name = "rapport.pdf") => {
    const body = multipartBody(
      { version: String(version) },
      { name, data: samplePdf("Rapport"), type: "application/pdf" },
    );
    return ctx.app.inject({
      method: "POST",
      url,
      headers: { ...session.bearer, ...body.headers },
      payload: body.payload,
    });
  };

  /** A signed mission whose two evaluators can sign in (the first coordinates). */
  async function missionWithTeam(
    days = [
      { day: "2026-04-07", timeSlotId: 2 },
      { day: "2026-04-08", timeSlotId: 1 },
    ],
  ) {
    const db = ctx.handle.db;
    const lead = await buildAuditor(db, { firstName: "Anne", lastName: "Coord", email: "anne@eval.fr" });
    const second = await buildAuditor(db, { firstName: "Bruno", lastName: "Second", email: "bruno@eval.fr" });
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
    const id = signed.missions[0]?.id ?? "";
    return { id, lead, second, leadSession, secondSession, client, clientId: signed.clientIds[0] ?? "" };
  }

  it("sends the mission orders (PDF, mail with a signed link); each evaluator answers only their own; a sent order never changes", async () => {
    const m = await missionWithTeam();
    let d = await ok("GET", `/api/missions/${m.id}`, cpi);
    d = await ok("POST", `/api/missions/${m.id}/mission-orders/send`, cpi, { version: d.version });
    expect(d.missionOrders.map((o) => o.status)).toEqual(["SENT", "SENT"]);
    const leadOrder = d.missionOrders.find((o) => o.auditorId === m.lead.id);
    const secondOrder = d.missionOrders.find((o) => o.auditorId === m.second.id);
    const pdf = (
      await pdfText((await ctx.app.inject({ method: "GET", url: leadOrder?.document?.url ?? "" })).rawPayload)
    ).replace(/\u00a0/g, " ");
    for (const text of [
      "Ordre de mission",
      "Anne Coord",
      "Coordinateur(rice)",
      "8h30-12h00 et 13h30-18h00",
      "Déclaration d'impartialité",
    ])
      expect(pdf).toContain(text);
    const [doc] = await ctx.handle.db.select().from(documents).where(eq(documents.missionId, m.id));
    expect(doc).toMatchObject({ metaCode: "MISSION_ORDER_AUDITOR", family: "AUDITOR" });
    const mails = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.missionId, m.id));
    expect(mails.map((x) => x.to[0]).sort()).toEqual(["anne@eval.fr", "bruno@eval.fr"]);
    expect(mails.every((x) => x.templateCode === "MISSION_ORDER")).toBe(true);

    // Another evaluator's order does not exist for you; staff may not answer for the evaluator.
    const foreign = await call("POST", `/api/mission-orders/${leadOrder?.id}/accept`, m.secondSession);
    expect(foreign.statusCode).toBe(404);
    expect((await call("POST", `/api/mission-orders/${leadOrder?.id}/accept`, cpi)).statusCode).toBe(403);
    d = await ok("POST", `/api/mission-orders/${leadOrder?.id}/accept`, m.leadSession);
    expect(d.missionOrders.find((o) => o.auditorId === m.lead.id)?.status).toBe("ACCEPT");
    const twice = await call("POST", `/api/mission-orders/${leadOrder?.id}/accept`, m.leadSession);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe("Cet ordre de mission a déjà reçu une réponse.");
    const [sentRow] = await ctx.handle.db
      .select()
      .from(missionOrders)
      .where(eq(missionOrders.id, leadOrder?.id ?? ""));
    expect(sentRow).toMatchObject({ status: "SENT", answeredAt: null });

    // The second evaluator refuses from the link of the mail, without a session: the place is freed.
    const body = mails.find((x) => x.to[0] === "bruno@eval.fr")?.body ?? "";
    const link = new URL(/https?:\/\/\S+\/ordre-de-mission\?\S+/.exec(body)?.[0] ?? "http://x/");
    const p = link.searchParams.get("p") ?? "";
    const token = link.searchParams.get("token") ?? "";
    const tampered = await call("POST", "/api/mission-orders/by-link/answer", null, {
      p,
      token: `${token}x`,
      answer: "ACCEPT",
    });
    expect(tampered.statusCode).toBe(403);
    const seen = (await call("GET", `/api/mission-orders/by-link?p=${p}&token=${token}`, null)).json() as {
      answerable: boolean;
    };
    expect(seen.answerable).toBe(true);
    const refused = await call("POST", "/api/mission-orders/by-link/answer", null, {
      p,
      token,
      answer: "REFUSE",
      reason: "Déjà en mission cette semaine-là.",
    });
    expect(refused.statusCode, refused.body).toBe(200);
    d = await ok("GET", `/api/missions/${m.id}`, cpi);
    expect(d.team.map((t) => t.auditorId)).toEqual([m.lead.id]);
    expect(d.missionOrders.find((o) => o.auditorId === m.second.id)?.status).toBe("REFUSE");
    expect((await call("GET", `/api/missions/${m.id}`, m.secondSession)).statusCode).toBe(404);
    expect(secondOrder).toBeDefined();

    // Sending again supersedes the accepted order with a new one; the old rows stay as they were.
    d = await ok("POST", `/api/missions/${m.id}/mission-orders/send`, cpi, {
      auditorIds: [m.lead.id],
      version: d.version,
    });
    expect(d.missionOrders.find((o) => o.auditorId === m.lead.id)?.status).toBe("SENT");
    const history = await ctx.handle.db
      .select()
      .from(missionOrders)
      .where(and(eq(missionOrders.missionId, m.id), eq(missionOrders.auditorId, m.lead.id)));
    expect(history.map((o) => o.status).sort()).toEqual(["ACCEPT", "SENT", "SENT", "WAITING"]);
  });

  it("computes the report deadlines from the clock, at their boundaries, through the whole report flow", async () => {
    const m = await missionWithTeam([
      { day: "2026-01-20", timeSlotId: 1 },
      { day: "2026-01-21", timeSlotId: 1 },
    ]);
    const url = `/api/missions/${m.id}`;
    clock.set("2026-02-20T10:00:00Z");
    let d = await ok("GET", url, cpi);
    expect(d.deadlines.preliminaryReportDue).toBe("2026-02-20");
    expect(d).toMatchObject({ status: "VISIT_PAST", late: { preliminary: false } });
    clock.set("2026-02-20T23:30:00Z"); // 00:30 on the 21st in Paris
    d = await ok("GET", url, cpi);
    expect(d).toMatchObject({ status: "REPORT_LATE", late: { preliminary: true } });

    expect((await upload(`${url}/reports/preliminary`, m.secondSession, d.version)).statusCode).toBe(403);
    const uploaded = await upload(`${url}/reports/preliminary`, m.leadSession, d.version);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    d = uploaded.json() as Detail;
    expect(d.status).toBe("VISIT_PAST");
    const early = await call("POST", `${url}/reports/preliminary/send`, cpi, { version: d.version });
    expect(errorOf(early).message).toBe("Le rapport préliminaire doit être relu par la qualité avant son envoi.");
    expect((await call("POST", `${url}/reports/preliminary/review`, cpi, { version: d.version })).statusCode).toBe(403);
    d = await ok("POST", `${url}/reports/preliminary/review`, qse, { comment: "Conforme.", version: d.version });
    clock.set("2026-02-23T09:00:00Z");
    d = await ok("POST", `${url}/reports/preliminary/send`, cpi, { version: d.version });
    expect(d.deadlines).toMatchObject({ observationsDue: "2026-03-10", finalReportDue: "2026-03-25" });
    const [sent] = await ctx.handle.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.missionId, m.id), eq(mailOutbox.templateCode, "REPORT_PRELIMINARY")));
    expect(sent?.to).toEqual(["direction0@essms.fr"]);

    clock.set("2026-03-05T09:00:00Z");
    const observed = await upload(`${url}/reports/observations`, m.client, d.version, "observations.pdf");
    expect(observed.statusCode, observed.body).toBe(200);
    d = observed.json() as Detail;
    expect(d.deadlines.finalReportDue).toBe("2026-03-20");
    clock.set("2026-03-20T12:00:00Z");
    expect((await ok("GET", url, cpi)).status).toBe("VISIT_PAST");
    clock.set("2026-03-21T12:00:00Z");
    d = await ok("GET", url, cpi);
    expect(d).toMatchObject({ status: "REPORT_LATE", late: { final: true } });

    const final = await upload(`${url}/reports/final`, m.leadSession, d.version, "definitif.pdf");
    expect(final.statusCode, final.body).toBe(200);
    d = final.json() as Detail;
    expect(d.status).toBe("FINALISED");
    // The final report leaves for the establishment with its deposit (template REPORT_FINAL, the report attached).
    const [finalMail] = await ctx.handle.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.missionId, m.id), eq(mailOutbox.templateCode, "REPORT_FINAL")));
    expect(finalMail?.to).toEqual(["direction0@essms.fr"]);
    const attached = await ctx.handle.db
      .select({ metaCode: documents.metaCode })
      .from(mailAttachments)
      .innerJoin(documents, eq(documents.id, mailAttachments.documentId))
      .where(eq(mailAttachments.mailId, finalMail?.id ?? ""));
    expect(attached).toEqual([{ metaCode: "FINAL_RAPPORT" }]);
    const [client] = await ctx.handle.db.select().from(clients).where(eq(clients.id, m.clientId));
    expect(client?.evaluationFinishedAt).toBe("2026-03-21");
    const future = await call("PUT", `${url}/reports/has-transmission`, cpi, {
      date: "2026-03-22",
      version: d.version,
    });
    expect(future.statusCode).toBe(400);
    d = await ok("PUT", `${url}/reports/has-transmission`, cpi, { date: "2026-03-21", version: d.version });
    const locked = await call("PUT", `${url}/days`, cpi, { days: [], version: d.version });
    expect(errorOf(locked).message).toBe("Cette mission est finalisée : elle ne se modifie plus.");
    clock.set("2026-03-02T09:00:00Z");
  });

  it("keeps client users and evaluators to their own missions on every mission route (404 elsewhere)", async () => {
    const mine = await missionWithTeam();
    const other = await missionWithTeam();
    const outsider = await signIn(ctx, (await buildUser(ctx.handle.db, "AUDITEUR")).identifier);
    const v = (await ok("GET", `/api/missions/${mine.id}`, cpi)).version;
    const routes: Array<[Method, string, object | undefined]> = [
      ["GET", `/api/missions/${mine.id}`, undefined],
      ["POST", `/api/missions/${mine.id}/reports/preliminary/review`, { version: v }],
      ["GET", `/api/missions/${mine.id}`, undefined],
    ];
    for (const session of [other.client, other.leadSession, outsider]) {
      for (const [method, url, payload] of routes)
        expect((await call(method, url, session, payload)).statusCode).toBe(404);
      const upload404 = await upload(`/api/missions/${mine.id}/reports/preliminary`, session, v);
      expect(upload404.statusCode).toBe(404);
      const obs = await upload(`/api/missions/${mine.id}/reports/observations`, session, v);
      expect(obs.statusCode).toBe(404);
    }
    // Staff-only writes are refused by grant before anything else (client users and evaluators).
    for (const session of [mine.client, mine.leadSession]) {
      expect((await call("PUT", `/api/missions/${mine.id}/team`, session, {})).statusCode).toBe(403);
      expect((await call("PUT", `/api/missions/${mine.id}/days`, session, {})).statusCode).toBe(403);
      expect((await call("POST", `/api/missions/${mine.id}/mission-orders/send`, session, {})).statusCode).toBe(403);
    }
    // Their own: read; lists hold only their missions.
    const asClient = await ok("GET", `/api/missions/${mine.id}`, mine.client);
    expect(asClient.missionOrders).toEqual([]);
    expect(asClient.abilities).toMatchObject({ read: true, updateTeam: false, sendObservations: false });
    const asLead = await ok("GET", `/api/missions/${mine.id}`, mine.leadSession);
    expect(asLead.missionOrders.map((o) => o.auditorId)).toEqual([mine.lead.id]);
    for (const [session, id] of [
      [mine.client, mine.id],
      [mine.leadSession, mine.id],
      [other.client, other.id],
    ] as const) {
      const list = (await call("GET", "/api/missions?pageSize=1000", session)).json() as {
        items: Array<{ id: string }>;
      };
      expect(list.items.map((i) => i.id)).toEqual([id]);
    }
    expect((await call("GET", "/api/missions?pageSize=1000", outsider)).json()).toMatchObject({ items: [], total: 0 });
    expect((await call("GET", "/api/missions/export", mine.client)).statusCode).toBe(403);
  });

  it("serves an evaluator's visit days as a private, revocable .ics feed", async () => {
    const m = await missionWithTeam();
    expect((await call("GET", `/api/auditors/${m.lead.id}/calendar-link`, m.secondSession)).statusCode).toBe(404);
    expect((await call("GET", `/api/auditors/${m.lead.id}/calendar-link`, cpi)).statusCode).toBe(404);
    const { url } = (await call("GET", `/api/auditors/${m.lead.id}/calendar-link`, m.leadSession)).json() as {
      url: string;
    };
    expect((await call("GET", `/api/auditors/${m.lead.id}/calendar-link`, m.leadSession)).json()).toEqual({ url });
    const path = new URL(url).pathname;
    const feed = await ctx.app.inject({ method: "GET", url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toContain("text/calendar");
    const events = parseIcs(feed.body);
    const ours = events.filter((e) => e.SUMMARY?.startsWith("Visite — EHPAD Mission A"));
    expect(ours.map((e) => [e.DTSTART, e.DTEND])).toEqual([
      ["20260407T063000Z", "20260407T160000Z"],
      ["20260408T060000Z", "20260408T160000Z"],
    ]);
    expect(ours[0]?.DESCRIPTION).toContain("Coordinateur(rice)");
    expect(
      (await ctx.app.inject({ method: "GET", url: path.replace(/\.([^./]+)\/visites/, ".AAAA/visites") })).statusCode,
    ).toBe(404);

    const renewed = (await call("POST", `/api/auditors/${m.lead.id}/calendar-link/renew`, m.leadSession)).json() as {
      url: string;
    };
    expect(renewed.url).not.toBe(url);
    expect((await ctx.app.inject({ method: "GET", url: path })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url: new URL(renewed.url).pathname })).statusCode).toBe(200);
  });
});

/** Reads an iCalendar text back: unfolds the lines, unescapes the values, one record per VEVENT. */
function parseIcs(text: string): Array<Record<string, string>> {
  expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
  const lines = text.replace(/\r\n[ \t]/g, "").split("\r\n");
  const events: Array<Record<string, string>> = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT" && current) {
      events.push(current);
      current = null;
    } else if (current) {
      const at = line.indexOf(":");
      current[line.slice(0, at)] = line
        .slice(at + 1)
        .replace(/\\n/g, "\n")
        .replace(/\\([,;\\])/g, "$1");
    }
  }
  return events;
}

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildUser, completeCompanyIdentity } from "../../../test/factories.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { multipartBody, samplePdf } from "../../../test/multipart.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { mailOutbox, missionDeadlineSettings, missionReportReminders, missions } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

type Detail = {
  id: string;
  version: number;
  contractId: string;
  days: Array<{ day: string; programme: Array<{ activity: string; people: string | null }> }>;
  deadlines: { preliminaryReportDue: string | null; observationsDue: string | null; finalReportDue: string | null };
  requestedDocuments: Array<{ id: string; label: string; received: boolean }>;
  preparationDocuments: Array<{ metaCode: string; name: string }>;
  openNonConformities: { major: number; minor: number };
  reports: { preliminary: { document: { id: string } | null } };
};
type Nc = { id: string; version: number; closedAt: string | null; closedBy: string | null; severity: string };
type Method = "GET" | "PUT" | "POST";

const clock = fixedClock("2026-03-02T09:00:00Z");

describe("missions: preparation, non-conformities, deadlines and reminders", () => {
  let ctx: TestContext;
  let cc: Session;
  let cpi: Session;
  let qse: Session;
  let dir: Session;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    await completeCompanyIdentity(ctx.handle.db);
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    cpi = await signIn(ctx, (await buildUser(ctx.handle.db, "CPI")).identifier);
    qse = await signIn(ctx, (await buildUser(ctx.handle.db, "QSE")).identifier);
    dir = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
  });
  afterAll(() => ctx.close());

  const call = (method: Method, url: string, session: Session | null, payload?: object) =>
    ctx.app.inject({ method, url, headers: session?.bearer ?? {}, payload });
  async function ok<T = Detail>(method: Method, url: string, session: Session, payload?: object) {
    const r = await call(method, url, session, payload);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as T;
  }
  const upload = (url: string, session: Session, fields: Record<string, string>) => {
    const body = multipartBody(fields, { name: "piece.pdf", data: samplePdf("Pièce"), type: "application/pdf" });
    return ctx.app.inject({
      method: "POST",
      url,
      headers: { ...session.bearer, ...body.headers },
      payload: body.payload,
    });
  };

  async function mission(
    service: "ESSMS_EVALUATION" | "CERTIFICATION" = "ESSMS_EVALUATION",
    days = [
      { day: "2026-04-07", timeSlotId: 1 },
      { day: "2026-04-08", timeSlotId: 1 },
    ],
  ) {
    const db = ctx.handle.db;
    const lead = await buildAuditor(db, { email: `lead-${Math.random().toString(36).slice(2)}@eval.fr` });
    const second = await buildAuditor(db);
    const signed = await signedContract(ctx, cc, {
      service,
      days,
      team: [
        { auditorId: lead.id, role: "COORDINATOR" },
        { auditorId: second.id, role: "EVALUATOR" },
      ],
    });
    const leadUser = await buildUser(db, "AUDITEUR", { auditorId: lead.id });
    const leadSession = await signIn(ctx, leadUser.identifier);
    const secondSession = await signIn(ctx, (await buildUser(db, "AUDITEUR", { auditorId: second.id })).identifier);
    const client = await signIn(
      ctx,
      (await buildUser(db, "MYQUALIANOR", { clientId: signed.clientIds[0] })).identifier,
    );
    const id = signed.missions[0]?.id ?? "";
    return { id, lead, leadUser, second, leadSession, secondSession, client, contractId: signed.contract.id };
  }

  it("sets the day-by-day programme (coordinator or staff, with the version), the documents asked of the ESSMS and the preparation documents", async () => {
    const m = await mission();
    const url = `/api/missions/${m.id}`;
    let d = await ok("GET", url, cpi);
    const programme = {
      days: [
        {
          day: "2026-04-07",
          programme: [
            { time: "9h00", activity: "ACCOMPAGNE_TRACEUR", people: "Mme A., résidente ; son référent" },
            { time: "14h00", activity: "AUDIT_SYSTEME", people: "Directrice" },
          ],
        },
      ],
    };
    const foreign = await call("PUT", `${url}/programme`, m.secondSession, { ...programme, version: d.version });
    expect(foreign.statusCode).toBe(403);
    const unknownDay = await call("PUT", `${url}/programme`, cpi, {
      days: [{ day: "2026-04-09", programme: [] }],
      version: d.version,
    });
    expect(errorOf(unknownDay).message).toBe("Le 2026-04-09 n'est pas un jour de visite de la mission.");
    d = await ok("PUT", `${url}/programme`, m.leadSession, { ...programme, version: d.version });
    expect(d.days[0]?.programme.map((p) => p.activity)).toEqual(["ACCOMPAGNE_TRACEUR", "AUDIT_SYSTEME"]);
    const stale = await call("PUT", `${url}/programme`, cpi, { ...programme, version: d.version - 1 });
    expect(stale.statusCode).toBe(409);

    // The checklist of documents asked of the ESSMS: staff only, and the client's portal reads it.
    const items = { items: [{ label: "Projet d'établissement" }, { label: "Plan d'action qualité", received: true }] };
    expect(
      (await call("PUT", `${url}/requested-documents`, m.leadSession, { ...items, version: d.version })).statusCode,
    ).toBe(403);
    d = await ok("PUT", `${url}/requested-documents`, cpi, { ...items, version: d.version });
    expect(d.requestedDocuments.map((i) => [i.label, i.received])).toEqual([
      ["Projet d'établissement", false],
      ["Plan d'action qualité", true],
    ]);
    const seenByClient = await ok("GET", url, m.client);
    expect(seenByClient.requestedDocuments).toHaveLength(2);

    // The preparation plan, as a document of the mission with its meta code; the client does not see it.
    const bad = await upload(`${url}/preparation-documents`, m.leadSession, {
      version: String(d.version),
      metaCode: "FEB",
    });
    expect(errorOf(bad).message).toBe("Type de document inconnu.");
    const plan = await upload(`${url}/preparation-documents`, m.leadSession, {
      version: String(d.version),
      metaCode: "PREPARATION_PLAN",
    });
    expect(plan.statusCode, plan.body).toBe(200);
    d = plan.json() as Detail;
    expect(d.preparationDocuments.map((p) => p.metaCode)).toEqual(["PREPARATION_PLAN"]);
    expect((await ok("GET", url, m.client)).preparationDocuments).toEqual([]);
    const refused = await upload(`${url}/preparation-documents`, m.secondSession, {
      version: String(d.version),
      metaCode: "LIST_OF_AT",
    });
    expect(refused.statusCode).toBe(403);
  });

  it("keeps a client's report out of the library until it has been sent to them", async () => {
    const m = await mission("ESSMS_EVALUATION", [
      { day: "2026-02-10", timeSlotId: 1 },
      { day: "2026-02-11", timeSlotId: 1 },
    ]);
    const url = `/api/missions/${m.id}`;
    let d = await ok("GET", url, cpi);
    const uploaded = await upload(`${url}/reports/preliminary`, m.leadSession, { version: String(d.version) });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    d = uploaded.json() as Detail;
    const docId = d.reports.preliminary.document?.id ?? "";
    const listed = async () =>
      (await ok<{ items: Array<{ id: string }> }>("GET", "/api/documents?family=CLIENT", m.client)).items.map(
        (i) => i.id,
      );
    expect(await listed()).not.toContain(docId);
    expect((await call("GET", `/api/documents/${docId}`, m.client)).statusCode).toBe(404);
    expect(
      (await ok<{ items: Array<{ id: string }> }>("GET", `/api/documents?missionId=${m.id}`, cpi)).items.map(
        (i) => i.id,
      ),
    ).toContain(docId);
    d = await ok("POST", `${url}/reports/preliminary/review`, qse, { version: d.version });
    d = await ok("POST", `${url}/reports/preliminary/send`, cpi, { version: d.version });
    expect(await listed()).toContain(docId);
    expect((await call("GET", `/api/documents/${docId}`, m.client)).statusCode).toBe(200);
  });

  it("reads and changes the deadlines in Settings (SETTING right); the due dates follow", async () => {
    const m = await mission();
    const s = await ok<{ preliminaryReportDays: number; version: number }>(
      "GET",
      "/api/settings/mission-deadlines",
      dir,
    );
    expect(s).toMatchObject({
      preliminaryReportDays: 30,
      observationsDays: 15,
      finalReportDays: 15,
      reminderDaysBefore: 5,
    });
    expect((await call("GET", "/api/settings/mission-deadlines", cpi)).statusCode).toBe(403);
    const body = { preliminaryReportDays: 20, observationsDays: 15, finalReportDays: 15, reminderDaysBefore: 3 };
    expect(
      (
        await call("PUT", "/api/settings/mission-deadlines", qse, {
          ...body,
          preliminaryReportDays: 0,
          version: s.version,
        })
      ).statusCode,
    ).toBe(400);
    await ok("PUT", "/api/settings/mission-deadlines", qse, { ...body, version: s.version });
    expect(
      (await call("PUT", "/api/settings/mission-deadlines", qse, { ...body, version: s.version })).statusCode,
    ).toBe(409);
    expect((await ok("GET", `/api/missions/${m.id}`, cpi)).deadlines.preliminaryReportDue).toBe("2026-04-28");
    // The list reads the settings in its page's statement: its rows follow them too.
    const listedDue = async () =>
      (
        await ok<{ items: Array<{ id: string; preliminaryReportDue: string }> }>(
          "GET",
          "/api/missions?pageSize=1000",
          cpi,
        )
      ).items.find((row) => row.id === m.id)?.preliminaryReportDue;
    expect(await listedDue()).toBe("2026-04-28");
    const now = await ok<{ version: number }>("GET", "/api/settings/mission-deadlines", dir);
    await ok("PUT", "/api/settings/mission-deadlines", dir, {
      preliminaryReportDays: 30,
      observationsDays: 15,
      finalReportDays: 15,
      reminderDaysBefore: 5,
      version: now.version,
    });
    expect((await ok("GET", `/api/missions/${m.id}`, cpi)).deadlines.preliminaryReportDue).toBe("2026-05-08");
    expect(await listedDue()).toBe("2026-05-08");
    // Before anyone reads the settings, their row may not exist: the list then counts with the domain's defaults.
    await ctx.handle.db.delete(missionDeadlineSettings);
    expect(await listedDue()).toBe("2026-05-08");
  });

  it("mails the coordinator 5 days before a report is due, once per report and due date", async () => {
    const m = await mission("ESSMS_EVALUATION", [
      { day: "2026-05-04", timeSlotId: 1 },
      { day: "2026-05-05", timeSlotId: 1 },
    ]);
    // Preliminary report due 2026-06-04: the reminder goes from 2026-05-30, not the day before.
    const reminders = async () =>
      ctx.handle.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.missionId, m.id), eq(mailOutbox.templateCode, "REPORT_DUE_REMINDER")));
    clock.set("2026-05-29T10:00:00Z");
    await ctx.app.missionReminders.runOnce();
    expect(await reminders()).toHaveLength(0);
    clock.set("2026-05-29T22:30:00Z"); // 00:30 on the 30th in Paris
    await Promise.all([ctx.app.missionReminders.runOnce(), ctx.app.missionReminders.runOnce()]);
    await ctx.app.missionReminders.runOnce();
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toEqual([m.lead.email]);
    expect(sent[0]?.subject).toContain("rapport préliminaire");
    expect(sent[0]?.subject).toContain("04/06/2026");
    clock.set("2026-06-04T10:00:00Z");
    await ctx.app.missionReminders.runOnce();
    expect(await reminders()).toHaveLength(1);
    const claimed = await ctx.handle.db
      .select()
      .from(missionReportReminders)
      .where(eq(missionReportReminders.missionId, m.id));
    expect(claimed.map((r) => [r.report, r.dueDate])).toEqual([["PRELIMINARY", "2026-06-04"]]);
    // Past the due date, no more reminders (the report is late: the lists say so).
    await ctx.handle.db.delete(missionReportReminders).where(eq(missionReportReminders.missionId, m.id));
    clock.set("2026-06-05T10:00:00Z");
    await ctx.app.missionReminders.runOnce();
    expect(await reminders()).toHaveLength(1);
    clock.set("2026-03-02T09:00:00Z");
  });

  it("records non-conformities of a certification audit; an open major one blocks the contract's decision", async () => {
    const essms = await mission();
    const refused = await call("POST", `/api/missions/${essms.id}/non-conformities`, cpi, {
      criterion: "1.1.1",
      severity: "MAJOR",
      description: "Écart constaté",
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe("Les non-conformités concernent les audits de certification.");

    const m = await mission("CERTIFICATION");
    const base = `/api/missions/${m.id}/non-conformities`;
    expect(
      (await call("POST", base, m.secondSession, { criterion: "1", severity: "MINOR", description: "Écart mineur" }))
        .statusCode,
    ).toBe(403);
    const major = await ok<Nc>("POST", base, m.leadSession, {
      criterion: "2.3.1",
      severity: "MAJOR",
      description: "Le projet personnalisé n'est pas réévalué.",
      dueDate: "2026-06-01",
    });
    await ok<Nc>("POST", base, cpi, { criterion: "3.1.2", severity: "MINOR", description: "Affichage incomplet." });
    expect((await ok<Nc[]>("GET", base, m.client)).map((n) => n.severity)).toEqual(["MAJOR", "MINOR"]);
    expect((await ok("GET", `/api/missions/${m.id}`, cpi)).openNonConformities).toEqual({ major: 1, minor: 1 });

    // The contract's decision waits for the major one.
    const director = await buildUser(ctx.handle.db, "DIR", { firstName: "Claire", lastName: "Durand" });
    const contract = await ok<{ version: number }>("GET", `/api/contracts/${m.contractId}`, dir);
    const decision = {
      decision: "GRANTED",
      decidedAt: "2026-03-02",
      validUntil: "2029-03-01",
      comment: "Certificat accordé.",
      deciderUserId: director.id,
      version: contract.version,
    };
    const blocked = await call("PUT", `/api/contracts/${m.contractId}/decision`, dir, decision);
    expect(blocked.statusCode).toBe(422);
    expect(errorOf(blocked).message).toContain(
      "Une non-conformité majeure est encore ouverte (critère 2.3.1) : la décision attend leur levée.",
    );

    const early = await call("POST", `/api/non-conformities/${major.id}/close`, cpi, { version: major.version });
    expect(errorOf(early).message).toBe(
      "Renseignez l'action corrective de l'établissement avant de lever la non-conformité.",
    );
    const updated = await ok<Nc>("PUT", `/api/non-conformities/${major.id}`, m.leadSession, {
      criterion: "2.3.1",
      severity: "MAJOR",
      description: "Le projet personnalisé n'est pas réévalué.",
      correctiveAction: "Réévaluation de tous les projets personnalisés.",
      evidence: "Tableau de suivi signé.",
      dueDate: "2026-06-01",
      version: major.version,
    });
    expect(
      (await call("PUT", `/api/non-conformities/${major.id}`, cpi, { ...updated, version: major.version })).statusCode,
    ).toBe(409);
    expect(
      (await call("POST", `/api/non-conformities/${major.id}/close`, m.leadSession, { version: updated.version }))
        .statusCode,
    ).toBe(403);
    const closed = await ok<Nc>("POST", `/api/non-conformities/${major.id}/close`, cpi, { version: updated.version });
    expect(closed.closedAt).toBe("2026-03-02");
    expect(closed.closedBy).toBeTruthy();

    // The decision maker who audited the client may not decide.
    const auditorDecider = await buildUser(ctx.handle.db, "QSE", { auditorId: m.second.id });
    const own = await call("PUT", `/api/contracts/${m.contractId}/decision`, dir, {
      ...decision,
      deciderUserId: auditorDecider.id,
    });
    expect(own.statusCode).toBe(409);
    // The audit done and reported (certification-audits.routes.test.ts walks the reports), the decision is taken.
    await ctx.handle.db
      .update(missions)
      .set({ firstDay: "2026-02-10", lastDay: "2026-02-11", finalReportAt: "2026-03-01" })
      .where(eq(missions.id, m.id));
    const saved = await call("PUT", `/api/contracts/${m.contractId}/decision`, dir, decision);
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it("counts an evaluator booked on another mission's visit days (not on a contract programme)", async () => {
    const m = await mission("ESSMS_EVALUATION", [
      { day: "2026-09-14", timeSlotId: 1 },
      { day: "2026-09-15", timeSlotId: 1 },
    ]);
    const other = await mission("ESSMS_EVALUATION", [
      { day: "2026-10-05", timeSlotId: 1 },
      { day: "2026-10-06", timeSlotId: 1 },
    ]);
    const detail = await ok<{ clientId: string }>("GET", `/api/missions/${other.id}`, cpi);
    const eligibility = await ok<{ warnings: Array<{ message: string }> }>(
      "GET",
      `/api/auditors/${m.lead.id}/eligibility?clientId=${detail.clientId}&days=2026-09-15`,
      cpi,
    );
    expect(eligibility.warnings.map((w) => w.message).join(" ")).toMatch(/2026|15\/09/);
    // Moving the mission's days frees the evaluator on the old ones.
    const d = await ok("GET", `/api/missions/${m.id}`, cpi);
    await ok("PUT", `/api/missions/${m.id}/days`, cpi, {
      days: [
        { day: "2026-09-21", timeSlotId: 1 },
        { day: "2026-09-22", timeSlotId: 1 },
      ],
      version: d.version,
    });
    const freed = await ok<{ warnings: Array<{ message: string }> }>(
      "GET",
      `/api/auditors/${m.lead.id}/eligibility?clientId=${detail.clientId}&days=2026-09-15`,
      cpi,
    );
    expect(freed.warnings).toEqual([]);
    // The evaluator file's calendar shows the same booked days: the mission's, moved.
    const calendar = await ok<{ booked: Array<{ day: string }> }>(
      "GET",
      `/api/auditors/${m.lead.id}/availability?from=2026-09-01&to=2026-09-30`,
      cpi,
    );
    expect(calendar.booked.map((b) => b.day)).toEqual(["2026-09-21", "2026-09-22"]);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildUser, completeCompanyIdentity } from "../../../test/factories.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { multipartBody, samplePdf } from "../../../test/multipart.js";
import { pdfText } from "../../../test/pdf-text.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { mailOutbox } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

type Detail = {
  id: string;
  kind: string;
  remote: boolean;
  version: number;
  days: Array<{ day: string; timeSlotId: number }>;
  missionOrders: Array<{ auditorId: string; document: { url: string } | null }>;
};
type Contract = { id: string; version: number; decisionBlockers: string[]; decision: { decision: string } | null };
type Nc = { id: string; version: number };
type Method = "GET" | "PUT" | "POST";

const clock = fixedClock("2026-03-02T09:00:00Z");

describe("certification audits: on site or remote, and when a decision can be taken", () => {
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

  const call = (method: Method, url: string, session: Session, payload?: object) =>
    ctx.app.inject({ method, url, headers: session.bearer, payload });
  async function ok<T = Detail>(method: Method, url: string, session: Session, payload?: object) {
    const r = await call(method, url, session, payload);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as T;
  }
  const upload = (url: string, session: Session, version: number) => {
    const body = multipartBody(
      { version: String(version) },
      { name: "rapport.pdf", data: samplePdf("Rapport"), type: "application/pdf" },
    );
    return ctx.app.inject({
      method: "POST",
      url,
      headers: { ...session.bearer, ...body.headers },
      payload: body.payload,
    });
  };

  async function mission(service: "ESSMS_EVALUATION" | "CERTIFICATION", days: string[]) {
    const db = ctx.handle.db;
    const stamp = Math.random().toString(36).slice(2);
    const lead = await buildAuditor(db, { email: `lead-${stamp}@eval.fr` });
    const second = await buildAuditor(db, { email: `second-${stamp}@eval.fr` });
    const signed = await signedContract(ctx, cc, {
      service,
      days: days.map((day) => ({ day, timeSlotId: 1 })),
      team: [
        { auditorId: lead.id, role: "COORDINATOR" },
        { auditorId: second.id, role: "EVALUATOR" },
      ],
    });
    const leadSession = await signIn(ctx, (await buildUser(db, "AUDITEUR", { auditorId: lead.id })).identifier);
    return { id: signed.missions[0]?.id ?? "", contractId: signed.contract.id, leadSession };
  }

  it("plans a certification audit remotely: the mission, its orders and the mails say so; an ESSMS visit stays on site", async () => {
    const essms = await mission("ESSMS_EVALUATION", ["2026-04-07", "2026-04-08"]);
    let e = await ok("GET", `/api/missions/${essms.id}`, cpi);
    const days = e.days.map((d) => ({ day: d.day, timeSlotId: d.timeSlotId }));
    const refused = await call("PUT", `/api/missions/${essms.id}/days`, cpi, {
      days,
      remote: true,
      version: e.version,
    });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).message).toBe(
      "Une évaluation ESSMS se déroule sur site : seul un audit de certification peut avoir lieu à distance.",
    );
    e = await ok("PUT", `/api/missions/${essms.id}/days`, cpi, { days, remote: false, version: e.version });
    expect(e.remote).toBe(false);

    const cert = await mission("CERTIFICATION", ["2026-04-07"]);
    let d = await ok("GET", `/api/missions/${cert.id}`, cpi);
    expect(d).toMatchObject({ kind: "CERT_INITIAL", remote: false });
    const certDays = d.days.map((x) => ({ day: x.day, timeSlotId: x.timeSlotId }));
    d = await ok("PUT", `/api/missions/${cert.id}/days`, cpi, { days: certDays, remote: true, version: d.version });
    expect(d.remote).toBe(true);
    // Moving the days without saying where keeps the audit remote.
    d = await ok("PUT", `/api/missions/${cert.id}/days`, cpi, {
      days: [{ day: "2026-04-09", timeSlotId: 1 }],
      version: d.version,
    });
    expect(d.remote).toBe(true);

    d = await ok("POST", `/api/missions/${cert.id}/mission-orders/send`, cpi, { version: d.version });
    const url = d.missionOrders[0]?.document?.url ?? "";
    const pdf = (await pdfText((await ctx.app.inject({ method: "GET", url })).rawPayload)).replace(/\s+/g, " ");
    expect(pdf).toContain("à distance");
    expect(pdf).toContain("Audit à distance : aucun déplacement");
    expect(pdf).not.toContain("Déplacements :");
    d = await ok("GET", `/api/missions/${cert.id}`, cpi);
    await ok("POST", `/api/missions/${cert.id}/proposals/client`, cpi, { version: d.version });
    const mails = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.missionId, cert.id));
    const toClient = mails.find((m) => m.templateCode === "MISSION_PROPOSITION_CLIENT");
    expect(toClient?.body).toContain("09/04/2026 (audit à distance, sans déplacement)");
    expect(mails.find((m) => m.templateCode === "MISSION_ORDER")?.body).toContain("audit à distance, sans déplacement");
  });

  it("takes a decision only once the final report is deposited, no observation pending, no major open, dated after the audit", async () => {
    const m = await mission("CERTIFICATION", ["2026-02-10", "2026-02-11"]);
    const major = await ok<Nc>("POST", `/api/missions/${m.id}/non-conformities`, cpi, {
      criterion: "2.3.1",
      severity: "MAJOR",
      description: "Le projet personnalisé n'est pas réévalué.",
    });
    const director = await buildUser(ctx.handle.db, "DIR", { firstName: "Claire", lastName: "Durand" });
    const contractUrl = `/api/contracts/${m.contractId}`;
    let c = await ok<Contract>("GET", contractUrl, dir);
    expect(c.decisionBlockers).toHaveLength(2);
    expect(c.decisionBlockers[0]).toMatch(/^Le rapport définitif de l'audit de « .+ » n'est pas déposé\.$/);
    expect(c.decisionBlockers[1]).toBe(
      "Une non-conformité majeure est encore ouverte (critère 2.3.1) : la décision attend leur levée.",
    );
    const decision = (decidedAt: string, version: number) => ({
      decision: "GRANTED",
      decidedAt,
      validUntil: "2029-03-01",
      comment: null,
      deciderUserId: director.id,
      version,
    });

    // Dated before the audit, without its report, a major one open: every reason, the date's on its field.
    const early = await call("PUT", `${contractUrl}/decision`, dir, decision("2026-02-05", c.version));
    expect(early.statusCode).toBe(422);
    const details =
      (errorOf(early) as { message: string; details?: Array<{ path: string; rule: string; message: string }> })
        .details ?? [];
    expect(details.map((x) => x.rule)).toEqual(["FINAL_REPORT", "BEFORE_AUDIT", "MAJOR_OPEN"]);
    expect(details.find((x) => x.rule === "BEFORE_AUDIT")).toMatchObject({
      path: "decidedAt",
      message: expect.stringContaining("(11/02/2026)"),
    });
    // "En attente" is always recorded.
    c = await ok<Contract>("PUT", `${contractUrl}/decision`, dir, {
      ...decision("2026-03-02", c.version),
      decision: "PENDING",
      validUntil: null,
    });
    expect(c.decision?.decision).toBe("PENDING");

    // The reports: the preliminary one sent today, the final one deposited at once: observations may still come.
    let d = await ok("GET", `/api/missions/${m.id}`, cpi);
    expect((await upload(`/api/missions/${m.id}/reports/preliminary`, m.leadSession, d.version)).statusCode).toBe(200);
    d = await ok("GET", `/api/missions/${m.id}`, cpi);
    d = await ok("POST", `/api/missions/${m.id}/reports/preliminary/review`, qse, { version: d.version });
    d = await ok("POST", `/api/missions/${m.id}/reports/preliminary/send`, cpi, { version: d.version });
    expect((await upload(`/api/missions/${m.id}/reports/final`, m.leadSession, d.version)).statusCode).toBe(200);
    c = await ok<Contract>("GET", contractUrl, dir);
    expect(c.decisionBlockers[0]).toMatch(
      /^L'établissement peut encore envoyer ses observations sur le rapport préliminaire de l'audit de « .+ », jusqu'au \d\d\/03\/2026\.$/,
    );
    const pending = await call("PUT", `${contractUrl}/decision`, dir, decision("2026-03-02", c.version));
    expect(pending.statusCode).toBe(422);

    // Once the observation period is over, only the major one is left; lifted, the decision is taken.
    clock.set("2026-04-01T09:00:00Z");
    try {
      c = await ok<Contract>("GET", contractUrl, dir);
      expect(c.decisionBlockers).toEqual([
        "Une non-conformité majeure est encore ouverte (critère 2.3.1) : la décision attend leur levée.",
      ]);
      const updated = await ok<Nc>("PUT", `/api/non-conformities/${major.id}`, cpi, {
        criterion: "2.3.1",
        severity: "MAJOR",
        description: "Le projet personnalisé n'est pas réévalué.",
        correctiveAction: "Réévaluation de tous les projets personnalisés.",
        version: major.version,
      });
      await ok<Nc>("POST", `/api/non-conformities/${major.id}/close`, cpi, { version: updated.version });
      c = await ok<Contract>("GET", contractUrl, dir);
      expect(c.decisionBlockers).toEqual([]);
      // Still not dated before the final report (deposited on 02/03/2026).
      const beforeReport = await call("PUT", `${contractUrl}/decision`, dir, decision("2026-03-01", c.version));
      expect(beforeReport.statusCode).toBe(422);
      expect(errorOf(beforeReport).message).toContain("(02/03/2026)");
      c = await ok<Contract>("PUT", `${contractUrl}/decision`, dir, decision("2026-04-01", c.version));
      expect(c.decision?.decision).toBe("GRANTED");
    } finally {
      clock.set("2026-03-02T09:00:00Z");
    }
  });
});

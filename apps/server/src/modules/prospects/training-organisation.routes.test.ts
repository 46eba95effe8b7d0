import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildRequest, buildUser, completeCompanyIdentity } from "../../../test/factories.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { requestClients } from "../../db/schema/index.js";

const DATA = {
  trainers: [
    { name: "Julie Martin", speciality: "Bureautique", status: "FREELANCE" },
    { name: "Karim Benali", speciality: "Management", status: "EMPLOYEE" },
  ],
  trainees: { perYear: 1200, hoursPerYear: 16800 },
  hardware: [{ label: "Ordinateurs portables", quantity: 12 }],
  premises: [{ address: "3 quai Perrache, 69002 Lyon", accessible: true }],
};

describe("the training-organisation data of a certification request", () => {
  let ctx: TestContext;
  let cc: Session;

  beforeAll(async () => {
    ctx = await createTestApp();
    await completeCompanyIdentity(ctx.handle.db);
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
  });
  afterAll(() => ctx.close());

  const put = (id: string, payload: object, session = cc) =>
    ctx.app.inject({
      method: "PUT",
      url: `/api/requestclients/${id}/training-organisation`,
      headers: session.bearer,
      payload,
    });
  const detail = async (id: string) =>
    (await ctx.app.inject({ method: "GET", url: `/api/requestclients/${id}`, headers: cc.bearer })).json() as {
      version: number;
      trainingOrganisation: typeof DATA | null;
    };

  it("is validated with French messages, stored, and read back on the request", async () => {
    const request = await buildRequest(ctx.handle.db, { service: "CERTIFICATION", status: "RECEVABILITY" });
    expect((await detail(request.id)).trainingOrganisation).toBeNull();
    const invalid = await put(request.id, {
      trainingOrganisation: {
        trainers: [],
        trainees: { perYear: null, hoursPerYear: -3 },
        hardware: [{ label: " ", quantity: 0 }],
        premises: [{ address: "", accessible: false }],
      },
      version: request.version,
    });
    expect(invalid.statusCode).toBe(400);
    const messages = Object.fromEntries(
      ((errorOf(invalid) as { details?: Array<{ path: string; message: string }> }).details ?? []).map((d) => [
        d.path.replace(/^body\.trainingOrganisation\./, ""),
        d.message,
      ]),
    );
    expect(messages).toMatchObject({
      trainers: "Indiquez au moins un formateur.",
      "trainees.perYear": "Indiquez le nombre de stagiaires par an.",
      "trainees.hoursPerYear": "Un nombre positif ou nul.",
      "hardware.0.label": "Indiquez le matériel.",
      "hardware.0.quantity": "Au moins 1.",
      "premises.0.address": "Indiquez l'adresse du local.",
    });

    const saved = await put(request.id, { trainingOrganisation: DATA, version: request.version });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await detail(request.id);
    expect(read.trainingOrganisation).toEqual(DATA);
    const stale = await put(request.id, { trainingOrganisation: DATA, version: request.version });
    expect(stale.statusCode).toBe(409);

    // Only a certification applicant is a training organisation; a client user never writes a request.
    const essms = await buildRequest(ctx.handle.db, { service: "ESSMS_EVALUATION" });
    const refused = await put(essms.id, { trainingOrganisation: DATA, version: essms.version });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).message).toBe(
      "Ces données concernent les organismes de formation qui demandent une certification.",
    );
    const auditor = await signIn(ctx, (await buildUser(ctx.handle.db, "AUDITEUR")).identifier);
    expect((await put(request.id, { trainingOrganisation: DATA, version: read.version }, auditor)).statusCode).toBe(
      403,
    );
  });

  it("reaches the evaluators of the audit, in their space", async () => {
    const db = ctx.handle.db;
    const lead = await buildAuditor(db, { email: "lead-training@eval.fr" });
    const second = await buildAuditor(db, { email: "second-training@eval.fr" });
    const signed = await signedContract(ctx, cc, {
      service: "CERTIFICATION",
      days: [{ day: "2099-04-07", timeSlotId: 1 }],
      team: [
        { auditorId: lead.id, role: "COORDINATOR" },
        { auditorId: second.id, role: "EVALUATOR" },
      ],
    });
    // Declared before the contract was signed (a signed request no longer changes).
    await db
      .update(requestClients)
      .set({ trainingOrganisation: DATA as never })
      .where(eq(requestClients.id, signed.contract.requestId));
    const cpi = await signIn(ctx, (await buildUser(db, "CPI")).identifier);
    const missionId = signed.missions[0]?.id ?? "";
    const mission = (
      await ctx.app.inject({ method: "GET", url: `/api/missions/${missionId}`, headers: cpi.bearer })
    ).json() as { version: number };
    const sent = await ctx.app.inject({
      method: "POST",
      url: `/api/missions/${missionId}/mission-orders/send`,
      headers: cpi.bearer,
      payload: { version: mission.version },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const session = await signIn(ctx, (await buildUser(db, "AUDITEUR", { auditorId: lead.id })).identifier);
    const space = (
      await ctx.app.inject({ method: "GET", url: `/api/auditors/${lead.id}/mission-space`, headers: session.bearer })
    ).json() as { orders: Array<{ missionId: string; trainingOrganisation: typeof DATA | null }> };
    expect(space.orders.find((o) => o.missionId === missionId)?.trainingOrganisation).toEqual(DATA);
  });
});

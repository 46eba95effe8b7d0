import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildContract, buildEssms, buildRequest, buildUser } from "../../../test/factories.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { auditorAssignmentRefusals, contractEvaluators, missions } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

const clock = fixedClock("2026-04-01T09:00:00Z");

/**
 * A refused assignment changes nothing, so the engine's refusals are kept on their own for the
 * accreditation audit: from the mission's team and from the contract programme.
 */
describe("assignments refused by the impartiality engine", () => {
  let ctx: TestContext;
  let cc: Session;
  let cpi: Session;
  let dir: Session;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const db = ctx.handle.db;
    cc = await signIn(ctx, (await buildUser(db, "CC")).identifier);
    cpi = await signIn(ctx, (await buildUser(db, "CPI")).identifier);
    dir = await signIn(ctx, (await buildUser(db, "DIR")).identifier);
  });
  afterAll(() => ctx.close());

  const decisions = async (auditorId: string) => {
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/statistics/link-interest?from=2026-01-01&to=2026-06-30&auditorId=${auditorId}`,
      headers: dir.bearer,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().decisions as Array<{ decision: string; reasons: string[]; clientName: string; by: string }>;
  };

  it("keeps the refusal of a mission's team, the team unchanged", async () => {
    const db = ctx.handle.db;
    const signed = await signedContract(ctx, cc, { days: [{ day: "2026-05-12", timeSlotId: 1 }] });
    const mission = signed.missions[0];
    if (!mission) throw new Error("no mission");
    const blocked = await buildAuditor(db, { firstName: "Paul", lastName: "Sansdossier", withDocuments: false });
    const [row] = await db.select().from(missions).where(eq(missions.id, mission.id));
    const refused = await ctx.app.inject({
      method: "PUT",
      url: `/api/missions/${mission.id}/team`,
      headers: cpi.bearer,
      payload: {
        members: [
          { auditorId: signed.team[0]?.auditorId, role: "COORDINATOR" },
          { auditorId: blocked.id, role: "EVALUATOR" },
        ],
        version: row?.version,
      },
    });
    expect(refused.statusCode).toBe(422);
    const stored = await db
      .select()
      .from(auditorAssignmentRefusals)
      .where(eq(auditorAssignmentRefusals.auditorId, blocked.id));
    expect(stored).toMatchObject([
      { missionId: mission.id, contractId: signed.contract.id, clientId: mission.clientId },
    ]);
    const [decision] = await decisions(blocked.id);
    expect(decision?.decision).toBe("REFUSED");
    expect(decision?.reasons.join(" ")).toMatch(/Document manquant/);
  });

  it("keeps the refusal of a contract programme after its save rolled back", async () => {
    const db = ctx.handle.db;
    const essms = await buildEssms(db, { raisonSocial: "MAS Les Tilleuls" });
    const request = await buildRequest(db, { clientIds: [essms.id] });
    const contract = await buildContract(db, { requestId: request.id, clientIds: [essms.id] });
    const coordinator = await buildAuditor(db);
    const blocked = await buildAuditor(db, { firstName: "Léa", lastName: "Sanspièce", withDocuments: false });
    const refused = await ctx.app.inject({
      method: "PUT",
      url: `/api/contracts/${contract.id}/programme`,
      headers: cc.bearer,
      payload: {
        establishments: [{ clientId: essms.id, regroupingStatus: null, atc: "" }],
        days: [
          { day: "2026-06-08", timeSlotId: 1, clientId: null },
          { day: "2026-06-09", timeSlotId: 1, clientId: null },
        ],
        evaluators: [
          { auditorId: coordinator.id, role: "COORDINATOR" },
          { auditorId: blocked.id, role: "EVALUATOR" },
        ],
        version: contract.version,
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(await db.select().from(contractEvaluators).where(eq(contractEvaluators.contractId, contract.id))).toEqual(
      [],
    );
    const [decision] = await decisions(blocked.id);
    expect(decision).toMatchObject({ decision: "REFUSED", clientName: "MAS Les Tilleuls" });
    expect(decision?.by).toMatch(/Nom/);
  });
});

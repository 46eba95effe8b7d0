import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildContract, buildEssms, buildRequest, buildUser } from "../../../test/factories.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { auditLog, auditorAssignmentJustifications, contractEvaluators } from "../../db/schema/index.js";

/** The contract programme's team goes through the impartiality engine. */
describe("contract programme and impartiality", () => {
  let ctx: TestContext;
  let cc: Session;
  let rh: Session;
  beforeAll(async () => {
    ctx = await createTestApp();
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    rh = await signIn(ctx, (await buildUser(ctx.handle.db, "RH")).identifier);
  });
  afterAll(() => ctx.close());

  async function setup() {
    const db = ctx.handle.db;
    const essms = await buildEssms(db, { raisonSocial: "MAS Les Oliviers", sectorDomains: ["PH"] });
    const request = await buildRequest(db, { clientIds: [essms.id] });
    const contract = await buildContract(db, { requestId: request.id, clientIds: [essms.id] });
    const coordinator = await buildAuditor(db, { firstName: "Anne", lastName: "Lemaire" });
    const second = await buildAuditor(db, { firstName: "Paul", lastName: "Garnier" });
    return { essms, contract, coordinator, second };
  }
  const save = (
    s: Awaited<ReturnType<typeof setup>>,
    version: number,
    second: { auditorId: string; justification?: string },
  ) =>
    ctx.app.inject({
      method: "PUT",
      url: `/api/contracts/${s.contract.id}/programme`,
      headers: cc.bearer,
      payload: {
        establishments: [{ clientId: s.essms.id, regroupingStatus: null, atc: "" }],
        days: [
          { day: "2027-06-14", timeSlotId: 1, clientId: null },
          { day: "2027-06-15", timeSlotId: 1, clientId: null },
        ],
        evaluators: [
          { auditorId: s.coordinator.id, role: "COORDINATOR" },
          { role: "EVALUATOR", ...second },
        ],
        version,
      },
    });

  it("refuses a blocked evaluator with the French reason (422) and changes nothing", async () => {
    const s = await setup();
    const link = await ctx.app.inject({
      method: "POST",
      url: `/api/auditors/${s.second.id}/links`,
      headers: rh.bearer,
      payload: {
        organisationType: "ESSMS",
        organisationId: s.essms.id,
        nature: "EMPLOYMENT",
        startDate: "2018-09-01",
        endDate: "2023-08-31",
      },
    });
    expect(link.statusCode, link.body).toBe(200);
    const refused = await save(s, 1, { auditorId: s.second.id });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).message).toBe(
      "Paul Garnier ne peut pas évaluer « MAS Les Oliviers » : A travaillé pour « MAS Les Oliviers » jusqu'au 31/08/2023 : moins de 5 ans avant le premier jour de visite (14/06/2027).",
    );
    const team = await ctx.handle.db
      .select()
      .from(contractEvaluators)
      .where(eq(contractEvaluators.contractId, s.contract.id));
    expect(team).toEqual([]);
  });

  it("asks a justification for a warning, keeps it in the journal, and does not ask again for the same warnings", async () => {
    const s = await setup();
    const unqualified = await buildAuditor(ctx.handle.db, {
      firstName: "Lucie",
      lastName: "Morel",
      sectorDomains: ["PA"],
    });
    const asked = await save(s, 1, { auditorId: unqualified.id });
    expect(asked.statusCode).toBe(422);
    expect(errorOf(asked).message).toBe(
      "Justification requise pour affecter Lucie Morel à « MAS Les Oliviers » : Non qualifié(e) pour le domaine PH de « MAS Les Oliviers » (compétences : PA).",
    );
    const justified = await save(s, 1, {
      auditorId: unqualified.id,
      justification: "Binôme avec une coordinatrice PH expérimentée.",
    });
    expect(justified.statusCode, justified.body).toBe(200);
    const kept = await ctx.handle.db
      .select()
      .from(auditorAssignmentJustifications)
      .where(
        and(
          eq(auditorAssignmentJustifications.contractId, s.contract.id),
          eq(auditorAssignmentJustifications.auditorId, unqualified.id),
        ),
      );
    expect(kept).toHaveLength(1);
    expect(kept[0]?.warnings[0]?.rule).toBe("SECTOR_DOMAIN");
    const journal = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.entityId, unqualified.id));
    expect(journal.map((j) => j.summary)).toContain(
      "Affectation de Lucie Morel à « MAS Les Oliviers » justifiée : Binôme avec une coordinatrice PH expérimentée.",
    );
    const resaved = await save(s, 2, { auditorId: unqualified.id });
    expect(resaved.statusCode, resaved.body).toBe(200);
  });
});

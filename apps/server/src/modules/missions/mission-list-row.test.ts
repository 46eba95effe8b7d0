import { missionRowSchema } from "@certidesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMission } from "../../../test/alert-rule-fixtures.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { auditors, clients, contracts, missions, missionTeamMembers } from "../../db/schema/index.js";

/**
 * The mission list's row is kept on the mission (migration 0054_mission_list_row), its state and report deadlines
 * aside (they depend on the day and the settings, added at each read): every write it shows must rewrite it, in
 * the same transaction, whether the mission, its establishment, its contract's number or its team changed.
 */
describe("a mission's kept list row", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  // Exactly the keys the list sends, but for those added at read.
  const keptRowSchema = missionRowSchema
    .omit({ status: true, preliminaryReportDue: true, finalReportDue: true })
    .strict();
  const rowOf = async (id: string) => {
    const [found] = await ctx.handle.db.select({ row: missions.listRow }).from(missions).where(eq(missions.id, id));
    const text = found?.row ?? "";
    // Kept in ASCII (the server sends it as it receives it), read back to the same characters.
    expect(text).toMatch(/^[\x20-\x7e]*$/);
    return keptRowSchema.parse(JSON.parse(text));
  };
  const stale = async () =>
    ctx.handle.queryRaw<{ id: string }>(
      "select id from missions m where list_row is distinct from mission_list_row(m)",
    );

  it("follows the mission, its establishment, its contract's number and its team", async () => {
    const { db } = ctx.handle;
    const { mission, contract, essms, team } = await buildMission(db, {}, { team: 2 });
    const [coordinator, evaluator] = team;
    if (!coordinator || !evaluator) throw new Error("team not built");
    expect(await rowOf(mission.id)).toEqual({
      id: mission.id,
      clientId: essms.id,
      raisonSocial: essms.raisonSocial,
      postalCode: essms.postalCode,
      city: essms.city,
      contractId: contract.id,
      contractNumber: contract.number,
      kind: "ESSMS_EVALUATION",
      remote: false,
      grouped: false,
      firstDay: null,
      lastDay: null,
      team: `${coordinator.firstName} ${coordinator.lastName}, ${evaluator.firstName} ${evaluator.lastName}`,
    });

    // Each change checked on its own: any rewrite computes the whole row, and would hide a missing one.
    await db
      .update(missions)
      .set({ firstDay: "2099-03-02", lastDay: "2099-03-04", remote: true, groupId: mission.id })
      .where(eq(missions.id, mission.id));
    expect(await rowOf(mission.id)).toMatchObject({
      firstDay: "2099-03-02",
      lastDay: "2099-03-04",
      remote: true,
      grouped: true,
    });
    await db.update(clients).set({ raisonSocial: "Œuvre Hélène — Les Tilleuls" }).where(eq(clients.id, essms.id));
    expect((await rowOf(mission.id)).raisonSocial).toBe("Œuvre Hélène — Les Tilleuls");
    await db.update(clients).set({ city: "Évreux", postalCode: "27000" }).where(eq(clients.id, essms.id));
    expect(await rowOf(mission.id)).toMatchObject({ city: "Évreux", postalCode: "27000" });
    await db.update(contracts).set({ number: "CT-2099-0042" }).where(eq(contracts.id, contract.id));
    expect((await rowOf(mission.id)).contractNumber).toBe("CT-2099-0042");
    await db.update(auditors).set({ lastName: "Zoé-Ärnü" }).where(eq(auditors.id, evaluator.id));
    expect((await rowOf(mission.id)).team).toBe(
      `${coordinator.firstName} ${coordinator.lastName}, ${evaluator.firstName} Zoé-Ärnü`,
    );
    await db.delete(missionTeamMembers).where(eq(missionTeamMembers.auditorId, coordinator.id));
    expect((await rowOf(mission.id)).team).toBe(`${evaluator.firstName} Zoé-Ärnü`);
    expect(await stale()).toEqual([]);
  });
});

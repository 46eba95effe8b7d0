import type { MissionState } from "@certidesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMission } from "../../../test/alert-rule-fixtures.js";
import { buildAuditor } from "../../../test/factories.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { clients, missions, missionTeamMembers } from "../../db/schema/index.js";
import type { IsoDate } from "../../lib/clock.js";
import { countMissionsByState, listMissions } from "./mission-list.repository.js";
import { loadDeadlineSettings } from "./missions.repository.js";

/**
 * A searched mission list's total and its counts by state are remembered per missions version
 * (lib/versioned-totals.ts) and per day: whatever changes what a search sees, the next answer is a real count.
 */
describe("mission list: the totals of a search", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const searched = async (search: string, today: IsoDate, status?: MissionState) => {
    const { db } = ctx.handle;
    const settings = () => loadDeadlineSettings(db);
    const q = { search, status, page: 1, pageSize: 10, sort: "firstDay", direction: "asc" } as const;
    const page = await listMissions(db, q, { kind: "all" }, settings, today);
    const counts = await countMissionsByState(db, { ...q, status: undefined }, { kind: "all" }, settings, today);
    return { total: page.total, counts: Object.fromEntries([...counts].filter(([, n]) => n > 0)) };
  };

  it("follows the missions' days, their establishment's name, their team and the day", async () => {
    const { db } = ctx.handle;
    const { mission, essms } = await buildMission(db, {}, { team: 0 });
    await db.update(clients).set({ raisonSocial: "Résidence Zéphyrine" }).where(eq(clients.id, essms.id));
    expect(await searched("zephyrine", "2099-03-01")).toEqual({ total: 1, counts: { TO_PLAN: 1 } });
    expect(await searched("ZÉPHYRINE", "2099-03-01")).toEqual({ total: 1, counts: { TO_PLAN: 1 } });
    await db.update(missions).set({ firstDay: "2099-03-10", lastDay: "2099-03-11" }).where(eq(missions.id, mission.id));
    expect(await searched("zephyrine", "2099-03-01")).toEqual({ total: 1, counts: { PLANNED: 1 } });
    expect((await searched("zephyrine", "2099-03-01", "PLANNED")).total).toBe(1);
    // Nothing written, another day: the visit is past.
    expect(await searched("zephyrine", "2099-03-20")).toEqual({ total: 1, counts: { VISIT_PAST: 1 } });
    expect((await searched("zephyrine", "2099-03-20", "PLANNED")).total).toBe(0);
    await db.update(clients).set({ raisonSocial: "Résidence Borée" }).where(eq(clients.id, essms.id));
    expect(await searched("zephyrine", "2099-03-20")).toEqual({ total: 0, counts: {} });
    const auditor = await buildAuditor(db, { firstName: "Zéphyrin", lastName: "Aubert" });
    await db.insert(missionTeamMembers).values({ missionId: mission.id, auditorId: auditor.id, role: "COORDINATOR" });
    expect(await searched("zephyrin", "2099-03-20")).toEqual({ total: 1, counts: { VISIT_PAST: 1 } });
    await db.delete(missionTeamMembers).where(eq(missionTeamMembers.missionId, mission.id));
    expect(await searched("zephyrin", "2099-03-20")).toEqual({ total: 0, counts: {} });
  });
});

/**
 * A word counted frequent on the whole list (its total remembered, the list's size known) walks the sort's index
 * in a statement prepared per shape (lib/search-text.ts, walksTheSortIndex): the same pages either way.
 */
describe("mission list: a frequent word", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("gives the same pages, in the same order, read either way", async () => {
    const { db } = ctx.handle;
    const settings = () => loadDeadlineSettings(db);
    const days = [
      ["2099-03-10", "2099-03-11"],
      [null, null],
      ["2099-01-05", "2099-01-06"],
      ["2099-02-01", "2099-02-01"],
    ];
    for (const [i, name] of ["Foyer Les Hêtres", "MAS Les Hêtres", "EHPAD Les Hêtres", "IME Le Chêne"].entries()) {
      const [firstDay, lastDay] = days[i] ?? [];
      const { essms } = await buildMission(db, { firstDay, lastDay }, { team: 0 });
      await db.update(clients).set({ raisonSocial: name }).where(eq(clients.id, essms.id));
    }
    const pages = async (search: string) => {
      const read = [];
      for (const [sort, direction, page] of [
        ["firstDay", "asc", 1],
        ["raisonSocial", "desc", 1],
        ["status", "asc", 1],
        ["status", "desc", 2],
      ] as const) {
        const q = { search, page, pageSize: 2, sort, direction };
        const listed = await listMissions(db, q, { kind: "all" }, settings, "2099-02-15");
        read.push({
          names: (JSON.parse(listed.items) as Array<{ raisonSocial: string }>).map((r) => r.raisonSocial),
          total: listed.total,
        });
      }
      return read;
    };
    // The first page of a search is read with its total unknown: planned for its words. Then the total is
    // remembered (3 of 4 missions: 3 × 3 ≥ 2 × 4) and the first pages walk.
    const first = await pages("HÊTRES");
    expect(first).toEqual([
      { names: ["EHPAD Les Hêtres", "Foyer Les Hêtres"], total: 3 },
      { names: ["MAS Les Hêtres", "Foyer Les Hêtres"], total: 3 },
      { names: ["MAS Les Hêtres", "Foyer Les Hêtres"], total: 3 },
      { names: ["MAS Les Hêtres"], total: 3 },
    ]);
    expect(await pages("hetres")).toEqual(first);
    expect(await pages("HÊTRES")).toEqual(first);
  });
});

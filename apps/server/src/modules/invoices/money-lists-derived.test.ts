import { count, eq, sql, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildInvoice, buildMission } from "../../../test/alert-rule-fixtures.js";
import { backupText, fromText } from "../../../test/backup-helpers.js";
import { buildEssms } from "../../../test/factories.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { restoreDatabase } from "../../db/backup/restore-database.js";
import type { Database } from "../../db/client.js";
import {
  auditors,
  clients,
  contracts,
  invoices,
  listTotals,
  missions,
  missionTeamMembers,
} from "../../db/schema/index.js";
import { foldText } from "../../lib/search-text.js";

/**
 * The invoice and mission lists read the establishment's name copied on each row, a search text built
 * from the rows they join, and the counts per status from list_totals, all kept by the database
 * (migration 0024_money_lists): every write must move them in the same statement, whatever code path
 * wrote, and a restored backup must not count twice.
 */
describe("invoice and mission lists: derived name and kept counts", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  /** The kept counts and what counting the tables says, side by side (statuses with no row left out). */
  async function keptAndCounted(db: Database) {
    const kept = await db.select().from(listTotals);
    const inv = await db
      .select({ status: invoices.status, n: count(), ttc: sum(invoices.totalTtcCents) })
      .from(invoices)
      .groupBy(invoices.status);
    const mis = await db.select({ status: missions.status, n: count() }).from(missions).groupBy(missions.status);
    const key = (list: string, status: string, n: number, ttc: number) => `${list} ${status} ${n} ${ttc}`;
    return {
      kept: kept
        .filter((t) => t.count !== 0)
        .map((t) => key(t.list, t.status, Number(t.count), Number(t.ttcCents)))
        .sort(),
      counted: [
        ...inv.map((t) => key("invoices", t.status, t.n, Number(t.ttc ?? 0))),
        ...mis.map((t) => key("missions", t.status, t.n, 0)),
      ].sort(),
    };
  }

  const nameOf = async (table: typeof invoices | typeof missions, id: string) =>
    (await ctx.handle.db.select({ name: table.clientName }).from(table).where(eq(table.id, id)))[0]?.name;

  it("copies the establishment's name on insert, on a rename and when the row changes establishment", async () => {
    const { db } = ctx.handle;
    const { mission, contract, essms } = await buildMission(db, {}, { team: 0 });
    const invoice = await buildInvoice(db, { contractId: contract.id, clientId: essms.id, missionId: mission.id });
    expect(await nameOf(missions, mission.id)).toBe(essms.raisonSocial);
    expect(await nameOf(invoices, invoice.id)).toBe(essms.raisonSocial);

    await db.update(clients).set({ raisonSocial: "EHPAD Les Érables" }).where(eq(clients.id, essms.id));
    expect(await nameOf(missions, mission.id)).toBe("EHPAD Les Érables");
    expect(await nameOf(invoices, invoice.id)).toBe("EHPAD Les Érables");

    const other = await buildEssms(db, { raisonSocial: "Foyer Bellevue" });
    await db.update(invoices).set({ clientId: other.id }).where(eq(invoices.id, invoice.id));
    expect(await nameOf(invoices, invoice.id)).toBe("Foyer Bellevue");
    // Written by hand, the copy is set back to the establishment's name.
    await db.update(missions).set({ clientName: "autre chose" }).where(eq(missions.id, mission.id));
    expect(await nameOf(missions, mission.id)).toBe("EHPAD Les Érables");
  });

  /** Rows whose copied name or search text differ from what their sources give now (none, ever). */
  async function stale(db: Database) {
    const result = await db.execute(sql`
      select
        (select count(*)::int from ${invoices} i join ${clients} c on c.id = i.client_id
           join ${contracts} k on k.id = i.contract_id
         where i.client_name <> c.raison_social
            or i.search_text <> invoice_search_text(i.number, i.buyer->>'name', c.raison_social, k.number)) as invoices,
        (select count(*)::int from ${missions} m join ${clients} c on c.id = m.client_id
         where m.client_name <> c.raison_social
            or m.search_text <> mission_search_text(m.id, m.client_id, m.contract_id)
            or m.team_names <> mission_team_names(m.id)) as missions`);
    return (result as unknown as { rows: Array<{ invoices: number; missions: number }> }).rows[0];
  }

  it("keeps the searched text and the team's names through renames, moves, team changes and issues", async () => {
    const { db } = ctx.handle;
    const { mission, contract, essms, team } = await buildMission(db, {}, { team: 2 });
    const invoice = await buildInvoice(db, { contractId: contract.id, clientId: essms.id, missionId: mission.id });
    const [first, second] = team;
    if (!first || !second) throw new Error("team not built");
    const searchOf = async () =>
      (await db.select({ text: missions.searchText }).from(missions).where(eq(missions.id, mission.id)))[0]?.text;
    expect(await searchOf()).toContain(foldText(`${first.firstName} ${first.lastName}`));
    expect(await stale(db)).toEqual({ invoices: 0, missions: 0 });

    await db.update(clients).set({ city: "Besançon", finess: "259999999" }).where(eq(clients.id, essms.id));
    expect(await searchOf()).toContain("Besancon");
    await db.update(auditors).set({ lastName: "Lefèvre" }).where(eq(auditors.id, second.id));
    expect(await searchOf()).toContain("Lefevre");
    await db.update(missionTeamMembers).set({ role: "COORDINATOR" }).where(eq(missionTeamMembers.auditorId, second.id));
    await db.delete(missionTeamMembers).where(eq(missionTeamMembers.auditorId, first.id));
    expect(await searchOf()).not.toContain(foldText(first.lastName));
    const [kept] = await db.select({ team: missions.teamNames }).from(missions).where(eq(missions.id, mission.id));
    expect(kept?.team).toBe(`${second.firstName} Lefèvre`);
    await db.update(contracts).set({ number: "C-2099-0001" }).where(eq(contracts.id, contract.id));
    await db
      .update(invoices)
      .set({
        status: "INVOICE_SEND",
        number: `F-2099-${invoice.id.slice(0, 6)}`,
        buyer: { ...invoice.buyer, name: "Æsculape" },
      })
      .where(eq(invoices.id, invoice.id));
    expect(await stale(db)).toEqual({ invoices: 0, missions: 0 });
    const [row] = await db.select({ text: invoices.searchText }).from(invoices).where(eq(invoices.id, invoice.id));
    expect(row?.text.split("\n")).toEqual([
      `F-2099-${invoice.id.slice(0, 6)}`,
      "AEsculape",
      essms.raisonSocial,
      "C-2099-0001",
    ]);
  });

  it("keeps the counts per status through inserts, status and amount changes, deletes and a restore", async () => {
    const { db } = ctx.handle;
    const { mission, contract, essms } = await buildMission(db, {}, { team: 0 });
    const draft = await buildInvoice(db, { contractId: contract.id, clientId: essms.id });
    const sent = await buildInvoice(db, {
      contractId: contract.id,
      clientId: essms.id,
      status: "INVOICE_SEND",
      number: `F-TEST-${draft.id.slice(0, 8)}`,
      totalTtcCents: 55_555,
      totalHtCents: 46_296,
      totalVatCents: 9_259,
    });
    let state = await keptAndCounted(db);
    expect(state.kept).toEqual(state.counted);

    await db.update(invoices).set({ totalTtcCents: 130_000 }).where(eq(invoices.id, draft.id));
    await db.update(invoices).set({ status: "INVOICE_PAID", paidCents: 55_555 }).where(eq(invoices.id, sent.id));
    await db.update(missions).set({ status: "FINALISED" }).where(eq(missions.id, mission.id));
    // A statement that moves neither a status nor an amount leaves the counts alone.
    await db.update(invoices).set({ notes: "relu" }).where(eq(invoices.id, draft.id));
    state = await keptAndCounted(db);
    expect(state.kept).toEqual(state.counted);

    await db.delete(invoices).where(eq(invoices.id, draft.id));
    state = await keptAndCounted(db);
    expect(state.kept).toEqual(state.counted);

    // The derived table comes back as saved (the triggers are off while the rows return): counted once.
    const dump = await backupText(ctx.handle);
    expect(dump).toContain("INSERT INTO list_totals");
    const target = await createTestApp();
    try {
      await buildMission(target.handle.db, {}, { team: 0 });
      await restoreDatabase(target.handle, fromText(dump));
      const restored = await keptAndCounted(target.handle.db);
      expect(restored.kept).toEqual(state.counted);
      expect(restored.counted).toEqual(state.counted);
    } finally {
      await target.close();
    }

    await db.execute(sql`truncate ${invoices} cascade`);
    state = await keptAndCounted(db);
    expect(state.kept).toEqual(state.counted);
    expect(state.kept.some((k) => k.startsWith("invoices"))).toBe(false);
  });
});

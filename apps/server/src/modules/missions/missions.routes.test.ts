import { MISSION_STATES, type MissionState } from "@certidesk/shared";
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildUser } from "../../../test/factories.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import {
  auditLog,
  auditorAssignmentJustifications,
  auditors,
  clients,
  documents,
  missionDays,
  missionOrders,
  missionTeamMembers,
} from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

type Detail = {
  id: string;
  clientId: string;
  status: string;
  version: number;
  groupId: string | null;
  team: Array<{ auditorId: string; role: string }>;
  missionOrders: Array<{ id: string; auditorId: string; status: string }>;
  days: Array<{ day: string; timeSlotId: number; timeSlot: string }>;
  deadlines: { preliminaryReportDue: string | null; observationsDue: string | null; finalReportDue: string | null };
  abilities: Record<string, boolean>;
};
type Page = { items: Array<{ id: string; status: string; raisonSocial: string }>; total: number };

// Monday 2 March 2026, 10:00 in Paris.
const clock = fixedClock("2026-03-02T09:00:00Z");

describe("missions: creation, team, days, list", () => {
  let ctx: TestContext;
  let cc: Session;
  let cpi: Session;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    cpi = await signIn(ctx, (await buildUser(ctx.handle.db, "CPI")).identifier);
  });
  afterAll(() => ctx.close());

  const call = (method: "GET" | "PUT" | "POST", url: string, session: Session, payload?: object) =>
    ctx.app.inject({ method, url, headers: session.bearer, payload });
  const get = async (id: string, session = cpi) => {
    const r = await call("GET", `/api/missions/${id}`, session);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Detail;
  };

  it("creates one mission per establishment when the contract is signed, with the programme's days and team", async () => {
    const { missions, team, clientIds } = await signedContract(ctx, cc, {
      days: [
        { day: "2026-04-07", timeSlotId: 2 },
        { day: "2026-04-08", timeSlotId: 1 },
      ],
    });
    expect(missions).toHaveLength(1);
    const m = await get(missions[0]?.id ?? "");
    expect(m).toMatchObject({ clientId: clientIds[0], status: "PLANNED", groupId: null });
    expect(m.days.map((d) => [d.day, d.timeSlot])).toEqual([
      ["2026-04-07", "8h30-12h00 et 13h30-18h00"],
      ["2026-04-08", "8h00-12h00 et 14h00-18h00"],
    ]);
    expect(m.team.map(({ auditorId, role }) => ({ auditorId, role }))).toEqual(team);
    expect(m.missionOrders.map((o) => o.status)).toEqual(["WAITING", "WAITING"]);
    expect(m.deadlines).toEqual({ preliminaryReportDue: "2026-05-08", observationsDue: null, finalReportDue: null });
  });

  it("groups establishments evaluated together: same group, shared days, one change for all", async () => {
    const { missions, clientIds } = await signedContract(ctx, cc, {
      establishments: 2,
      grouped: true,
      days: [
        { day: "2026-05-11", timeSlotId: 1 },
        { day: "2026-05-12", timeSlotId: 1, clientIndex: 1 },
      ],
    });
    expect(missions).toHaveLength(2);
    const [a, b] = missions;
    expect(a?.groupId).toBeTruthy();
    expect(a?.groupId).toBe(b?.groupId);
    expect((await get(a?.id ?? "")).days.map((d) => d.day)).toEqual(["2026-05-11", "2026-05-12"]);

    const before = await get(a?.id ?? "");
    const moved = await call("PUT", `/api/missions/${a?.id}/days`, cpi, {
      days: [
        { day: "2026-06-02", timeSlotId: 1 },
        { day: "2026-06-03", timeSlotId: 3, programme: [{ activity: "AUDIT_SYSTEME", people: "Direction" }] },
      ],
      version: before.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const other = await get(b?.id ?? "");
    expect(other.days.map((d) => d.day)).toEqual(["2026-06-02", "2026-06-03"]);
    const rows = await ctx.handle.db
      .select()
      .from(clients)
      .where(eq(clients.id, clientIds[1] ?? ""));
    expect(rows[0]?.evaluationDate).toBe("2026-06-02");
  });

  it("keeps at least two visit days for an ESSMS evaluation from July 2025 and answers 409 on a stale version", async () => {
    const { missions, clientIds } = await signedContract(ctx, cc);
    const m = await get(missions[0]?.id ?? "");
    expect(m.status).toBe("TO_PLAN");
    const short = await call("PUT", `/api/missions/${m.id}/days`, cpi, {
      days: [
        { day: "2026-04-20", timeSlotId: 1 },
        { day: "2026-04-21", timeSlotId: 5 },
      ],
      version: m.version,
    });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).message).toContain("au moins 2 jours (programmé : 1,5 j)");
    const saved = await call("PUT", `/api/missions/${m.id}/days`, cpi, {
      days: [
        { day: "2026-04-21", timeSlotId: 1 },
        { day: "2026-04-20", timeSlotId: 4 },
      ],
      version: m.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [client] = await ctx.handle.db
      .select()
      .from(clients)
      .where(eq(clients.id, clientIds[0] ?? ""));
    expect(client?.evaluationDate).toBe("2026-04-20");
    const stale = await call("PUT", `/api/missions/${m.id}/days`, cpi, { days: [], version: m.version });
    expect(stale.statusCode).toBe(409);
    expect(await ctx.handle.db.select().from(missionDays).where(eq(missionDays.missionId, m.id))).toHaveLength(2);
  });

  it("checks the team: two evaluators and one coordinator, a blocked evaluator refused with its reason, a warning justified", async () => {
    const { missions } = await signedContract(ctx, cc, {
      days: [
        { day: "2026-04-14", timeSlotId: 1 },
        { day: "2026-04-15", timeSlotId: 1 },
      ],
    });
    let m = await get(missions[0]?.id ?? "");
    const [coordinator, evaluator] = m.team.map((t) => t.auditorId);
    const put = (members: Array<{ auditorId: string; role: string }>, extra: object = {}) =>
      call("PUT", `/api/missions/${m.id}/team`, cpi, { members, version: m.version, ...extra });

    const alone = await put([{ auditorId: coordinator ?? "", role: "COORDINATOR" }]);
    expect(alone.statusCode).toBe(400);
    expect(errorOf(alone).message).toBe("L'équipe d'évaluation compte au moins deux évaluateurs.");
    const noLead = await put([
      { auditorId: coordinator ?? "", role: "EVALUATOR" },
      { auditorId: evaluator ?? "", role: "EVALUATOR" },
    ]);
    expect(errorOf(noLead).message).toBe("L'équipe a un coordinateur, et un seul.");

    const blocked = await buildAuditor(ctx.handle.db, {
      firstName: "Paul",
      lastName: "Sansdossier",
      withDocuments: false,
    });
    const refused = await put([
      { auditorId: coordinator ?? "", role: "COORDINATOR" },
      { auditorId: blocked.id, role: "EVALUATOR" },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).message).toMatch(/^Paul Sansdossier ne peut pas évaluer « .+ » : Document manquant/);

    const other = await buildAuditor(ctx.handle.db, { firstName: "Inès", lastName: "Handicap", sectorDomains: ["PH"] });
    const members = [
      { auditorId: coordinator ?? "", role: "COORDINATOR" },
      { auditorId: other.id, role: "EVALUATOR" },
    ];
    const unjustified = await put(members);
    expect(unjustified.statusCode).toBe(422);
    expect(errorOf(unjustified).message).toContain("Justification requise pour affecter Inès Handicap");
    expect(
      await ctx.handle.db.select().from(missionTeamMembers).where(eq(missionTeamMembers.missionId, m.id)),
    ).toHaveLength(2);

    const justified = await put(members, { justification: "Seule évaluatrice disponible, binôme expérimenté PA." });
    expect(justified.statusCode, justified.body).toBe(200);
    m = justified.json() as Detail;
    expect(m.team.map((t) => t.auditorId).sort()).toEqual([coordinator, other.id].sort());
    // The evaluator who left loses their waiting order; the newcomer gets one.
    expect(m.missionOrders.map((o) => [o.auditorId, o.status]).sort()).toEqual(
      [
        [coordinator, "WAITING"],
        [other.id, "WAITING"],
      ].sort(),
    );
    const [kept] = await ctx.handle.db
      .select()
      .from(auditorAssignmentJustifications)
      .where(
        and(
          eq(auditorAssignmentJustifications.missionId, m.id),
          eq(auditorAssignmentJustifications.auditorId, other.id),
        ),
      );
    expect(kept?.justification).toBe("Seule évaluatrice disponible, binôme expérimenté PA.");
    const journal = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, m.id), eq(auditLog.action, "justify")));
    expect(journal[0]?.summary).toContain("Affectation de Inès Handicap justifiée");
    // The same warnings, already justified for this mission, need no new justification.
    const again = await call("PUT", `/api/missions/${m.id}/team`, cpi, { members, version: m.version });
    expect(again.statusCode, again.body).toBe(200);
    expect(await ctx.handle.db.select().from(missionOrders).where(eq(missionOrders.missionId, m.id))).toHaveLength(2);
  });

  it("does not check again a member whose order was sent: the rest of the team can still change", async () => {
    const { missions } = await signedContract(ctx, cc, {
      days: [
        { day: "2026-04-20", timeSlotId: 1 },
        { day: "2026-04-21", timeSlotId: 1 },
      ],
    });
    const m = await get(missions[0]?.id ?? "");
    const [coordinator, evaluator] = m.team.map((t) => t.auditorId);
    // The coordinator's order went out; since then their documents lapsed (a blocked evaluator now).
    await ctx.handle.db
      .update(missionOrders)
      .set({ status: "SENT" })
      .where(and(eq(missionOrders.missionId, m.id), eq(missionOrders.auditorId, coordinator ?? "")));
    await ctx.handle.db.delete(documents).where(eq(documents.auditorId, coordinator ?? ""));
    const newcomer = await buildAuditor(ctx.handle.db, { firstName: "Léa", lastName: "Remplaçante" });
    const saved = await call("PUT", `/api/missions/${m.id}/team`, cpi, {
      members: [
        { auditorId: coordinator ?? "", role: "COORDINATOR" },
        { auditorId: newcomer.id, role: "EVALUATOR" },
      ],
      version: m.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as Detail).team.map((t) => t.auditorId)).not.toContain(evaluator);
    // A newcomer in the same state is still refused.
    const lapsed = await buildAuditor(ctx.handle.db, {
      firstName: "Noé",
      lastName: "Sanspièces",
      withDocuments: false,
    });
    const refused = await call("PUT", `/api/missions/${m.id}/team`, cpi, {
      members: [
        { auditorId: coordinator ?? "", role: "COORDINATOR" },
        { auditorId: lapsed.id, role: "EVALUATOR" },
      ],
      version: (saved.json() as Detail).version,
    });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).message).toMatch(/^Noé Sanspièces ne peut pas évaluer/);
  });

  it("lists missions filtered by state on the clock's date, searched without accents, sorted and paged in SQL; exports XLSX", async () => {
    const past = await signedContract(ctx, cc, {
      days: [
        { day: "2026-01-20", timeSlotId: 1 },
        { day: "2026-01-21", timeSlotId: 1 },
      ],
    });
    // Last day 21 January: the preliminary report is due on 20 February, late since the 21st.
    const late = await get(past.missions[0]?.id ?? "");
    expect(late.status).toBe("REPORT_LATE");
    // Last day 24 February: its visit is past, its report not due before 26 March.
    const recent = await signedContract(ctx, cc, { days: [{ day: "2026-02-24", timeSlotId: 1 }] });
    expect((await get(recent.missions[0]?.id ?? "")).status).toBe("VISIT_PAST");
    const leader = past.team[0]?.auditorId ?? "";
    const byState = (await call("GET", "/api/missions?status=REPORT_LATE&pageSize=100", cpi)).json() as Page;
    expect(byState.items.map((i) => i.id)).toContain(late.id);
    expect(byState.items.every((i) => i.status === "REPORT_LATE")).toBe(true);
    const planned = (await call("GET", "/api/missions?status=PLANNED&pageSize=100", cpi)).json() as Page;
    expect(planned.items.map((i) => i.id)).not.toContain(late.id);
    // Each state's filter keeps exactly the missions in that state: together, the whole list.
    const everything = (await call("GET", "/api/missions?pageSize=100", cpi)).json() as Page;
    const byEachState = [];
    for (const state of MISSION_STATES) {
      const page = (await call("GET", `/api/missions?status=${state}&pageSize=100`, cpi)).json() as Page;
      expect(page.items.every((i) => i.status === state)).toBe(true);
      byEachState.push(...page.items.map((i) => i.id));
    }
    expect(byEachState.sort()).toEqual(everything.items.map((i) => i.id).sort());
    expect(new Set(everything.items.map((i) => i.status)).size).toBeGreaterThanOrEqual(3);
    const mine = (await call("GET", `/api/missions?auditorId=${leader}`, cpi)).json() as Page;
    expect(mine.items.map((i) => i.id)).toEqual([late.id]);
    // The row names its team, each evaluator by first and last name.
    const [leaderRow] = await ctx.handle.db.select().from(auditors).where(eq(auditors.id, leader));
    expect((mine.items[0] as { team?: string }).team).toContain(`${leaderRow?.firstName} ${leaderRow?.lastName}`);
    // The row, built by the database (lib/sql-json.ts), says what the detail says: days, deadlines, state.
    expect(mine.items[0]).toMatchObject({
      id: late.id,
      clientId: late.clientId,
      status: "REPORT_LATE",
      firstDay: "2026-01-20",
      lastDay: "2026-01-21",
      grouped: false,
      preliminaryReportDue: late.deadlines.preliminaryReportDue,
      finalReportDue: late.deadlines.finalReportDue,
    });
    const period = (await call("GET", "/api/missions?from=2026-01-01&to=2026-01-31&pageSize=100", cpi)).json() as Page;
    expect(period.items.map((i) => i.id)).toEqual([late.id]);
    const name =
      late.id && (await ctx.handle.db.select().from(clients).where(eq(clients.id, late.clientId)))[0]?.raisonSocial;
    const accentless = (name ?? "").replace("EHPAD", "ehpad");
    const searched = (await call("GET", `/api/missions?search=${encodeURIComponent(accentless)}`, cpi)).json() as Page;
    expect(searched.items.map((i) => i.id)).toEqual([late.id]);
    const paged = (await call("GET", "/api/missions?pageSize=2&page=2&sort=firstDay", cpi)).json() as Page & {
      page: number;
      pageSize: number;
    };
    expect(paged).toMatchObject({ page: 2, pageSize: 2 });
    expect(paged.items.length).toBeLessThanOrEqual(2);
    expect(paged.total).toBeGreaterThanOrEqual(5);
    // Pages of two, in each direction of the state sort (live and finalised missions merged), make the whole list.
    for (const direction of ["asc", "desc"]) {
      const sorted = `sort=status&direction=${direction}`;
      const all = (await call("GET", `/api/missions?${sorted}&pageSize=100`, cpi)).json() as Page;
      const pages: string[] = [];
      for (let p = 1; p <= Math.ceil(all.total / 2); p++)
        pages.push(
          ...((await call("GET", `/api/missions?${sorted}&pageSize=2&page=${p}`, cpi)).json() as Page).items.map(
            (i) => i.id,
          ),
        );
      expect(pages).toEqual(all.items.map((i) => i.id));
      // In the states' order, each state's missions by name (the list's rows carry their state).
      const positions = all.items.map((i) => MISSION_STATES.indexOf(i.status as MissionState));
      const inOrder = [...positions].sort((a, b) => (direction === "asc" ? a - b : b - a));
      expect(positions).toEqual(inOrder);
      const beyond = (await call("GET", `/api/missions?${sorted}&pageSize=2&page=${all.total + 1}`, cpi)).json();
      expect({ items: beyond.items, total: beyond.total }).toEqual({ items: [], total: all.total });
    }

    const xlsx = await call("GET", "/api/missions/export?status=REPORT_LATE", cpi);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Missions");
    expect(sheet?.getRow(1).getCell(1).value).toBe("Établissement");
    const names = [];
    for (let r = 2; r <= (sheet?.rowCount ?? 1); r++) names.push(sheet?.getRow(r).getCell(1).value);
    expect(names).toContain(name);
    expect(sheet?.getRow(2).getCell(8).value).toBe("Rapport en retard");
  });
});

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildUser } from "../../../test/factories.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { auditorUnavailability, clients, mailOutbox } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

type Planning = {
  evaluators: Array<{ id: string; name: string }>;
  bookings: Array<{ auditorId: string; missionId: string; label: string; days: string[] }>;
  unavailability: Array<{ auditorId: string; from: string; to: string }>;
  conflicts: Array<{ auditorId: string; day: string; kind: string; missionIds: string[]; labels: string[] }>;
  unstaffed: Array<{ missionId: string; days: string[] }>;
};

// Monday 2 November 2026, 10:00 in Paris.
const clock = fixedClock("2026-11-02T09:00:00Z");

describe("missions: planning board, counts, proposals", () => {
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
  const planning = async (month: string, session = cpi) => {
    const r = await call("GET", `/api/missions/planning?month=${month}`, session);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Planning;
  };
  const email = (n: string) => ({ email: `${n}-${Math.random().toString(36).slice(2, 8)}@eval.fr` });

  it("lays out the month: bookings per evaluator, unavailability clipped, double bookings and unavailable days marked", async () => {
    const db = ctx.handle.db;
    const busy = await buildAuditor(db, { lastName: "Aaplanning", ...email("busy") });
    const other = await buildAuditor(db, email("other"));
    const third = await buildAuditor(db, email("third"));
    const a = await signedContract(ctx, cc, {
      days: [
        { day: "2027-01-12", timeSlotId: 1 },
        { day: "2027-01-13", timeSlotId: 1 },
      ],
      team: [
        { auditorId: busy.id, role: "COORDINATOR" },
        { auditorId: other.id, role: "EVALUATOR" },
      ],
    });
    const b = await signedContract(ctx, cc, {
      days: [
        { day: "2027-01-13", timeSlotId: 1 },
        { day: "2027-01-14", timeSlotId: 1 },
      ],
      team: [
        { auditorId: busy.id, role: "EVALUATOR" },
        { auditorId: third.id, role: "COORDINATOR" },
      ],
    });
    // Two ESSMS evaluated together share their days: one booking, never a double booking.
    const grouped = await signedContract(ctx, cc, {
      establishments: 2,
      grouped: true,
      days: [
        { day: "2027-01-20", timeSlotId: 1 },
        { day: "2027-01-21", timeSlotId: 1 },
      ],
      team: [
        { auditorId: other.id, role: "COORDINATOR" },
        { auditorId: third.id, role: "EVALUATOR" },
      ],
    });
    const unstaffed = await signedContract(ctx, cc, {
      days: [
        { day: "2027-01-26", timeSlotId: 1 },
        { day: "2027-01-27", timeSlotId: 1 },
      ],
      team: [],
    });
    await db.insert(auditorUnavailability).values([
      { auditorId: other.id, startDate: "2026-12-28", endDate: "2027-01-12", reason: "Congés" },
      { auditorId: third.id, startDate: "2027-02-01", endDate: "2027-02-10", reason: null },
    ]);

    const p = await planning("2027-01");
    expect(p.evaluators.map((e) => e.id)).toEqual(expect.arrayContaining([busy.id, other.id, third.id]));
    const mine = p.bookings.filter((x) => x.auditorId === busy.id);
    expect(mine.map((x) => [x.missionId, x.days])).toEqual([
      [a.missions[0]?.id, ["2027-01-12", "2027-01-13"]],
      [b.missions[0]?.id, ["2027-01-13", "2027-01-14"]],
    ]);
    const groupBookings = p.bookings.filter(
      (x) => x.auditorId === other.id && grouped.missions.some((m) => m.id === x.missionId),
    );
    expect(groupBookings).toHaveLength(1);
    expect(groupBookings[0]?.label).toContain(" + ");
    expect(p.unavailability.filter((u) => u.auditorId === other.id)).toEqual([
      expect.objectContaining({ from: "2027-01-01", to: "2027-01-12" }),
    ]);
    expect(p.unavailability.some((u) => u.auditorId === third.id)).toBe(false);
    const conflicts = p.conflicts.filter((c) => [busy.id, other.id, third.id].includes(c.auditorId));
    expect(conflicts.map(({ auditorId, day, kind }) => ({ auditorId, day, kind }))).toEqual(
      expect.arrayContaining([
        { auditorId: busy.id, day: "2027-01-13", kind: "DOUBLE_BOOKING" },
        { auditorId: other.id, day: "2027-01-12", kind: "UNAVAILABLE" },
      ]),
    );
    expect(conflicts).toHaveLength(2);
    expect(conflicts.find((c) => c.kind === "DOUBLE_BOOKING")?.missionIds.sort()).toEqual(
      [a.missions[0]?.id, b.missions[0]?.id].sort(),
    );
    expect(conflicts.find((c) => c.kind === "DOUBLE_BOOKING")?.labels).toHaveLength(2);
    expect(p.unstaffed.map((u) => u.missionId)).toContain(unstaffed.missions[0]?.id);
    // Another month shows none of it.
    const december = await planning("2026-12");
    expect(december.bookings.some((x) => x.auditorId === busy.id)).toBe(false);
  });

  it("moving the days from the board updates the client's evaluation date and the board", async () => {
    const { missions, clientIds } = await signedContract(ctx, cc, {
      days: [
        { day: "2027-03-02", timeSlotId: 1 },
        { day: "2027-03-03", timeSlotId: 1 },
      ],
    });
    const id = missions[0]?.id ?? "";
    const detail = (await call("GET", `/api/missions/${id}`, cpi)).json() as { version: number };
    const moved = await call("PUT", `/api/missions/${id}/days`, cpi, {
      days: [
        { day: "2027-03-09", timeSlotId: 1 },
        { day: "2027-03-10", timeSlotId: 1 },
      ],
      version: detail.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [client] = await ctx.handle.db
      .select()
      .from(clients)
      .where(eq(clients.id, clientIds[0] ?? ""));
    expect(client?.evaluationDate).toBe("2027-03-09");
    const p = await planning("2027-03");
    expect(p.bookings.filter((x) => x.missionId === id).map((x) => x.days)).toEqual([
      ["2027-03-09", "2027-03-10"],
      ["2027-03-09", "2027-03-10"],
    ]);
  });

  it("refuses a malformed month, and the board to evaluators and client users", async () => {
    expect((await call("GET", "/api/missions/planning?month=2027-13", cpi)).statusCode).toBe(400);
    expect((await call("GET", "/api/missions/planning", cpi)).statusCode).toBe(400);
    const auditor = await signIn(ctx, (await buildUser(ctx.handle.db, "AUDITEUR")).identifier);
    expect((await call("GET", "/api/missions/planning?month=2027-01", auditor)).statusCode).toBe(404);
    const client = await signIn(ctx, (await buildUser(ctx.handle.db, "MYQUALIANOR")).identifier);
    expect((await call("GET", "/api/missions/planning?month=2027-01", client)).statusCode).toBe(403);
  });

  it("counts the missions per state with the list's other filters", async () => {
    const { team } = await signedContract(ctx, cc, {
      days: [
        { day: "2026-12-07", timeSlotId: 1 },
        { day: "2026-12-08", timeSlotId: 1 },
      ],
    });
    await signedContract(ctx, cc, { team: [{ auditorId: team[0]?.auditorId ?? "", role: "COORDINATOR" }] });
    const r = await call("GET", `/api/missions/counts?auditorId=${team[0]?.auditorId}`, cpi);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ TO_PLAN: 1, PLANNED: 1, VISIT_PAST: 0, REPORT_LATE: 0, FINALISED: 0 });
    const list = await call("GET", `/api/missions?auditorId=${team[0]?.auditorId}&status=TO_PLAN`, cpi);
    expect(list.json().total).toBe(1);
    // The same prepared statement with another evaluator's id: that evaluator's missions alone.
    const other = await buildAuditor(ctx.handle.db, { firstName: "Nina", lastName: "Seule" });
    const none = await call("GET", `/api/missions/counts?auditorId=${other.id}`, cpi);
    expect(none.json()).toEqual({ TO_PLAN: 0, PLANNED: 0, VISIT_PAST: 0, REPORT_LATE: 0, FINALISED: 0 });
  });

  it("proposes the team to the establishment and to the evaluators through the outbox, and shows when", async () => {
    const db = ctx.handle.db;
    const coordinator = await buildAuditor(db, { firstName: "Anne", lastName: "Coord", ...email("anne") });
    const evaluator = await buildAuditor(db, { firstName: "Paul", lastName: "Eval", ...email("paul") });
    const { missions } = await signedContract(ctx, cc, {
      days: [
        { day: "2027-02-02", timeSlotId: 1 },
        { day: "2027-02-03", timeSlotId: 1 },
      ],
      team: [
        { auditorId: coordinator.id, role: "COORDINATOR" },
        { auditorId: evaluator.id, role: "EVALUATOR" },
      ],
    });
    const id = missions[0]?.id ?? "";
    const version = async () => ((await call("GET", `/api/missions/${id}`, cpi)).json() as { version: number }).version;
    const stale = await version();
    const toClient = await call("POST", `/api/missions/${id}/proposals/client`, cpi, { version: stale });
    expect(toClient.statusCode, toClient.body).toBe(200);
    expect((await call("POST", `/api/missions/${id}/proposals/client`, cpi, { version: stale })).statusCode).toBe(409);
    const toAuditors = await call("POST", `/api/missions/${id}/proposals/auditors`, cpi, { version: await version() });
    expect(toAuditors.statusCode, toAuditors.body).toBe(200);

    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.missionId, id));
    const clientMail = mails.find((m) => m.templateCode === "MISSION_PROPOSITION_CLIENT");
    expect(clientMail?.to).toEqual(["direction0@essms.fr"]);
    expect(clientMail?.body).toContain("Anne Coord (coordinateur(rice)");
    expect(clientMail?.body).toContain("02/02/2027, 03/02/2027");
    const auditorMails = mails.filter((m) => m.templateCode === "MISSION_PROPOSITION_AUDITOR");
    expect(auditorMails.map((m) => m.to[0]).sort()).toEqual([coordinator.email, evaluator.email].sort());

    const listed = await call("GET", `/api/missions/${id}/proposals`, cpi);
    expect(listed.statusCode, listed.body).toBe(200);
    const items = (listed.json() as { items: Array<{ kind: string; auditorId: string | null; by: string | null }> })
      .items;
    expect(items.map((i) => i.kind).sort()).toEqual(["AUDITOR", "AUDITOR", "CLIENT"]);
    expect(items.filter((i) => i.kind === "AUDITOR").map((i) => i.auditorId)).toEqual(
      expect.arrayContaining([coordinator.id, evaluator.id]),
    );

    // An evaluator, even on the team, does not see the staff's correspondence; nor propose.
    const own = await signIn(ctx, (await buildUser(db, "AUDITEUR", { auditorId: coordinator.id })).identifier);
    expect((await call("GET", `/api/missions/${id}/proposals`, own)).statusCode).toBe(404);
    const cc2 = await call("POST", `/api/missions/${id}/proposals/client`, cc, { version: await version() });
    expect(cc2.statusCode).toBe(403);
  });

  it("refuses to propose an incomplete team", async () => {
    const { missions } = await signedContract(ctx, cc, { team: [] });
    const id = missions[0]?.id ?? "";
    const { version } = (await call("GET", `/api/missions/${id}`, cpi)).json() as { version: number };
    const r = await call("POST", `/api/missions/${id}/proposals/auditors`, cpi, { version });
    expect(r.statusCode).toBe(409);
    const mails = await ctx.handle.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.missionId, id)));
    expect(mails).toHaveLength(0);
  });
});

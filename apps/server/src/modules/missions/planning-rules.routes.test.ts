import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildUser } from "../../../test/factories.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import {
  auditLog,
  auditorAssignmentJustifications,
  auditorAssignmentRefusals,
  auditorLinks,
  auditorUnavailability,
  documents,
  missionOrders,
  missionTeamMembers,
} from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

type Detail = {
  id: string;
  clientId: string;
  version: number;
  team: Array<{ auditorId: string; role: string; justification: { text: string; warnings: string[] } | null }>;
  days: Array<{ day: string; timeSlotId: number }>;
  missionOrders: Array<{ id: string; auditorId: string }>;
};
type PlanCheck = {
  items: Array<{ auditorId: string; blocking: Array<{ rule: string }>; warnings: Array<{ rule: string }> }>;
};

// Monday 2 March 2026, 10:00 in Paris.
const clock = fixedClock("2026-03-02T09:00:00Z");
const D1 = ["2026-04-14", "2026-04-15"];
const D2 = ["2026-04-21", "2026-04-22"];
/** Warnings whose message does not change with the days: justified once for the mission. */
const SAME_ON_ANY_DAY = ["SECTOR_DOMAIN", "ZONE", "MONTHLY_MAXIMUM"];
/** What an evaluator answers for when accepting their order. */
const OWN_SITUATION = ["ACTIVE", "DOCUMENTS", "AVAILABILITY", "DOUBLE_BOOKING"];
const visit = (days: string[]) => days.map((day) => ({ day, timeSlotId: 1 }));

/**
 * The planning rules on every path: the team screen (PUT team), the days form and the planning
 * board (PUT days), the board's preview (GET plan-check) and the evaluator accepting their order.
 * Each rule is met by one evaluator, built to break it on both the current and the new days.
 */
describe("planning rules: one rule set on every path", () => {
  let ctx: TestContext;
  let cpi: Session;
  let cc: Session;
  let dir: Session;
  const db = () => ctx.handle.db;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    cpi = await signIn(ctx, (await buildUser(ctx.handle.db, "CPI")).identifier);
    dir = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
  });
  afterAll(() => ctx.close());

  const call = (method: "GET" | "PUT" | "POST", url: string, session: Session, payload?: object) =>
    ctx.app.inject({ method, url, headers: session.bearer, payload });
  const get = async (id: string) => (await call("GET", `/api/missions/${id}`, cpi)).json() as Detail;

  /** Breaks one rule: the evaluator and the role they take on the mission. */
  const RULES: Record<string, { severity: "BLOCKING" | "WARNING"; build: (clientId: string) => Promise<string> }> = {
    ACTIVE: { severity: "BLOCKING", build: async () => (await buildAuditor(db(), { active: false })).id },
    DOCUMENTS: {
      severity: "BLOCKING",
      build: async () => {
        const a = await buildAuditor(db());
        await db()
          .update(documents)
          .set({ validUntil: "2026-04-01" })
          .where(and(eq(documents.auditorId, a.id), eq(documents.auditorDocumentKind, "RC_PRO_INSURANCE")));
        return a.id;
      },
    },
    COORDINATOR_ROLE: {
      severity: "BLOCKING",
      build: async () => (await buildAuditor(db(), { roles: ["EVALUATOR"] })).id,
    },
    CURRENT_INTEREST: {
      severity: "BLOCKING",
      build: async (clientId) => {
        const a = await buildAuditor(db());
        await db().insert(auditorLinks).values({
          auditorId: a.id,
          organisationType: "ESSMS",
          organisationId: clientId,
          organisationName: "L'établissement",
          nature: "INTEREST",
          startDate: "2025-01-01",
          recordedByLabel: "Test",
        });
        return a.id;
      },
    },
    SECTOR_DOMAIN: { severity: "WARNING", build: async () => (await buildAuditor(db(), { sectorDomains: ["PH"] })).id },
    ZONE: {
      severity: "WARNING",
      build: async () => (await buildAuditor(db(), { zones: ["84", "42", "21", "44"] })).id,
    },
    AVAILABILITY: {
      severity: "WARNING",
      build: async () => {
        const a = await buildAuditor(db());
        await db()
          .insert(auditorUnavailability)
          .values({ auditorId: a.id, startDate: "2026-04-13", endDate: "2026-04-24", reason: "Congés" });
        return a.id;
      },
    },
    DOUBLE_BOOKING: {
      severity: "WARNING",
      build: async () => {
        const a = await buildAuditor(db());
        await signedContract(ctx, cc, {
          days: visit([...D1, ...D2]),
          team: [
            { auditorId: a.id, role: "COORDINATOR" },
            { auditorId: (await buildAuditor(db())).id, role: "EVALUATOR" },
          ],
        });
        return a.id;
      },
    },
    MONTHLY_MAXIMUM: {
      severity: "WARNING",
      build: async () => (await buildAuditor(db(), { maxMissionsPerMonth: 0 })).id,
    },
  };

  /** A mission on D1 with a clean team, and the rule-breaking evaluator (coordinator for the role rule). */
  async function setUp(rule: string) {
    const { missions } = await signedContract(ctx, cc, { days: visit(D1) });
    const m = await get(missions[0]?.id ?? "");
    const x = await (RULES[rule]?.build(m.clientId) ?? Promise.resolve(""));
    const [lead, other] = m.team.map((t) => t.auditorId) as [string, string];
    const members =
      rule === "COORDINATOR_ROLE"
        ? [
            { auditorId: x, role: "COORDINATOR" },
            { auditorId: other, role: "EVALUATOR" },
          ]
        : [
            { auditorId: lead, role: "COORDINATOR" },
            { auditorId: x, role: "EVALUATOR" },
          ];
    return { m, x, members };
  }

  /** Puts the evaluator on the team as it stood before the rules (the state the days and orders paths find). */
  async function onTeamAlready(
    rule: string,
    m: Detail,
    x: string,
    members: Array<{ auditorId: string; role: string }>,
  ) {
    await db().delete(missionOrders).where(eq(missionOrders.missionId, m.id));
    // Day-bound warnings are justified again on the move (the clock is fixed: keep one answer to show).
    if (!SAME_ON_ANY_DAY.includes(rule))
      await db().delete(auditorAssignmentJustifications).where(eq(auditorAssignmentJustifications.missionId, m.id));
    await db().delete(missionTeamMembers).where(eq(missionTeamMembers.missionId, m.id));
    await db()
      .insert(missionTeamMembers)
      .values(members.map((t) => ({ missionId: m.id, ...t })));
    const role = members.find((t) => t.auditorId === x)?.role ?? "EVALUATOR";
    const [order] = await db()
      .insert(missionOrders)
      .values({ missionId: m.id, auditorId: x, role, status: "SENT", sentAt: clock.now(), createdAt: clock.now() })
      .returning();
    return order?.id ?? "";
  }

  for (const [rule, { severity }] of Object.entries(RULES)) {
    it(`${rule} (${severity === "BLOCKING" ? "bloquante" : "avertissement"}) on the team, the days, the preview and the acceptance`, async () => {
      const { m, x, members } = await setUp(rule);
      const putTeam = (extra: object = {}) =>
        call("PUT", `/api/missions/${m.id}/team`, cpi, { members, version: m.version, ...extra });

      // The team screen.
      const team = await putTeam();
      expect(team.statusCode, team.body).toBe(422);
      const teamError = errorOf(team) as { message: string; details?: { blocking?: Array<{ rule: string }> } };
      if (severity === "BLOCKING") {
        expect(teamError.message).toMatch(/ne peut pas évaluer/);
        expect(teamError.details?.blocking?.map((b) => b.rule)).toContain(rule);
        expect((await putTeam({ justification: "On passe outre." })).statusCode).toBe(422);
        const refusals = await db()
          .select()
          .from(auditorAssignmentRefusals)
          .where(eq(auditorAssignmentRefusals.auditorId, x));
        expect(refusals.length).toBeGreaterThan(0);
      } else {
        expect(teamError.message).toMatch(/^Justification requise/);
        const saved = await putTeam({ justification: `Justifié pour ${rule}.` });
        expect(saved.statusCode, saved.body).toBe(200);
        const member = (saved.json() as Detail).team.find((t) => t.auditorId === x);
        expect(member?.justification?.text).toBe(`Justifié pour ${rule}.`);
      }

      // The board's preview, then the days form / "Déplacer la visite".
      const fresh = await get(m.id);
      const orderId = await onTeamAlready(rule, fresh, x, members);
      const preview = await call("GET", `/api/missions/${m.id}/plan-check?days=${D2.join(",")}`, cpi);
      expect(preview.statusCode, preview.body).toBe(200);
      const item = (preview.json() as PlanCheck).items.find((i) => i.auditorId === x);
      const listed = severity === "BLOCKING" ? item?.blocking : item?.warnings;
      expect(listed?.map((r) => r.rule)).toContain(rule);

      const move = (extra: object = {}) =>
        call("PUT", `/api/missions/${m.id}/days`, cpi, { days: visit(D2), version: fresh.version, ...extra });
      const moved = await move();
      if (severity === "BLOCKING") {
        expect(moved.statusCode, moved.body).toBe(422);
        expect(errorOf(moved).message).toMatch(/ne peut pas évaluer/);
        expect((await get(m.id)).days.map((d) => d.day)).toEqual(D1);
      } else if (SAME_ON_ANY_DAY.includes(rule)) {
        // Warnings that do not depend on the days, already justified for this mission: nothing to add.
        expect(moved.statusCode, moved.body).toBe(200);
      } else {
        expect(moved.statusCode, moved.body).toBe(422);
        expect(errorOf(moved).message).toMatch(/^Justification requise/);
        const justified = await move({ justification: "Visite maintenue, remplaçant prévu." });
        expect(justified.statusCode, justified.body).toBe(200);
        const after = justified.json() as Detail;
        expect(after.days.map((d) => d.day)).toEqual(D2);
        expect(after.team.find((t) => t.auditorId === x)?.justification?.text).toBe(
          "Visite maintenue, remplaçant prévu.",
        );
        const journal = await db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entityId, m.id), eq(auditLog.action, "justify")));
        expect(journal.map((j) => j.summary).join(" ")).toContain("Visite maintenue, remplaçant prévu.");
      }

      // The evaluator accepting their order: the same rules, on their own assignment. A move that went through
      // replaced the order sent before it (mission-follow.ts): the one to answer is the current one.
      const current = (await get(m.id)).missionOrders.find((o) => o.auditorId === x)?.id ?? orderId;
      const evaluator = await signIn(ctx, (await buildUser(db(), "AUDITEUR", { auditorId: x })).identifier);
      const accept = (payload?: object) => call("POST", `/api/mission-orders/${current}/accept`, evaluator, payload);
      if (severity === "BLOCKING" && OWN_SITUATION.includes(rule)) {
        const refused = await accept();
        expect(refused.statusCode, refused.body).toBe(422);
        expect((await accept({ justification: "Je viendrai." })).statusCode).toBe(422);
      } else {
        // The planner's choices (interest, role, zone…) are not the evaluator's to answer; the days'
        // warnings were justified by the planner: the same ones need no new reason.
        const accepted = await accept();
        expect(accepted.statusCode, accepted.body).toBe(200);
      }
    });
  }

  it("an evaluator on leave accepts only with a written reason when the planner has not justified it", async () => {
    const { m, x, members } = await setUp("AVAILABILITY");
    const orderId = await onTeamAlready("AVAILABILITY", m, x, members);
    const evaluator = await signIn(ctx, (await buildUser(db(), "AUDITEUR", { auditorId: x })).identifier);
    const refused = await call("POST", `/api/mission-orders/${orderId}/accept`, evaluator);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).message).toContain("Indisponible le 14/04/2026");
    const accepted = await call("POST", `/api/mission-orders/${orderId}/accept`, evaluator, {
      justification: "Congés déplacés.",
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await get(m.id)).team.find((t) => t.auditorId === x)?.justification?.text).toBe("Congés déplacés.");
  });

  it("the severities are a setting: a warning made blocking refuses, a HAS rule cannot be made a warning", async () => {
    const read = await call("GET", "/api/settings/impartiality", dir);
    expect(read.statusCode, read.body).toBe(200);
    const { ruleSeverities: _r, ...rest } = read.json() as Record<string, unknown> & { version: number };
    const has = await call("PUT", "/api/settings/impartiality", dir, {
      ...rest,
      ruleSeverities: { CURRENT_INTEREST: "WARNING" },
    });
    expect(has.statusCode).toBe(400);
    const saved = await call("PUT", "/api/settings/impartiality", dir, {
      ...rest,
      ruleSeverities: { ZONE: "BLOCKING" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const { m, members } = await setUp("ZONE");
      const refused = await call("PUT", `/api/missions/${m.id}/team`, cpi, {
        members,
        version: m.version,
        justification: "Proche de la limite.",
      });
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused).message).toContain("n'est pas dans ses zones (84, 42, 21, 44)");
    } finally {
      const now = (await call("GET", "/api/settings/impartiality", dir)).json() as { version: number };
      await call("PUT", "/api/settings/impartiality", dir, { ...rest, ruleSeverities: {}, version: now.version });
    }
  });
});

import { randomUUID } from "node:crypto";
import { addCalendarDays, DEFAULT_DEADLINE_SETTINGS } from "@certidesk/shared";
import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { auditors, clients, mailOutbox, missionOrders, missions, missionTeamMembers } from "../db/schema/index.js";
import { parisDate } from "../lib/clock.js";
import { PROPOSAL_TO_CLIENT } from "../modules/missions/mission-proposals.repository.js";

type Mission = typeof missions.$inferSelect;
type Want = "SENT" | "ACCEPT";

/**
 * What the evaluator space of the demo evaluator (auditeur@demo.fr, Marc Dubois) shows, whatever the
 * random programmes gave him: two mission orders to answer, a coming visit he accepted, a
 * preliminary report due and one late on missions he coordinates. He takes the place of a member of
 * ungrouped missions (his order chain rebuilt as the application appends it).
 */
export async function seedEvaluatorSpaceDemo(tx: Executor, input: { marcId: string; tilleulsId: string; now: Date }) {
  const today = parisDate(input.now);
  const marc = input.marcId;
  await seedClientPortalDemo(tx, { ...input, today });
  const open = await tx
    .select()
    .from(missions)
    .where(and(isNull(missions.groupId), ne(missions.status, "FINALISED"), ne(missions.clientId, input.tilleulsId)))
    .orderBy(asc(missions.firstDay), asc(missions.id));
  const team = await tx
    .select()
    .from(missionTeamMembers)
    .where(
      inArray(
        missionTeamMembers.missionId,
        open.map((m) => m.id),
      ),
    );
  const teamOf = (id: string) => team.filter((t) => t.missionId === id);
  const used = new Set<string>();
  const pick = (test: (m: Mission) => boolean) => {
    const found = open.find((m) => !used.has(m.id) && teamOf(m.id).length >= 2 && test(m));
    if (found) used.add(found.id);
    return found;
  };

  /** Marc on the team with this role, his order chain ending in `want`. */
  async function place(m: Mission, role: "COORDINATOR" | "EVALUATOR", want: Want) {
    const members = teamOf(m.id);
    const replaced = members.find((t) => t.auditorId === marc) ?? members.find((t) => t.role === role) ?? members[0];
    if (!replaced) return;
    if (replaced.auditorId !== marc) {
      await tx
        .delete(missionTeamMembers)
        .where(and(eq(missionTeamMembers.missionId, m.id), eq(missionTeamMembers.auditorId, marc)));
      await tx
        .update(missionTeamMembers)
        .set({ auditorId: marc })
        .where(and(eq(missionTeamMembers.missionId, m.id), eq(missionTeamMembers.auditorId, replaced.auditorId)));
    }
    if (role === "COORDINATOR")
      await tx
        .update(missionTeamMembers)
        .set({ role: "EVALUATOR" })
        .where(and(eq(missionTeamMembers.missionId, m.id), eq(missionTeamMembers.role, "COORDINATOR")));
    await tx
      .update(missionTeamMembers)
      .set({ role })
      .where(and(eq(missionTeamMembers.missionId, m.id), eq(missionTeamMembers.auditorId, marc)));
    await tx
      .delete(missionOrders)
      .where(
        and(
          eq(missionOrders.missionId, m.id),
          inArray(missionOrders.auditorId, [...new Set([marc, replaced.auditorId])]),
        ),
      );
    const sentDay =
      m.firstDay && addCalendarDays(m.firstDay, -30) < today
        ? addCalendarDays(m.firstDay, -30)
        : addCalendarDays(today, -3);
    const at = (day: string) => new Date(`${day}T09:00:00Z`);
    const base = { missionId: m.id, auditorId: marc, role };
    const waiting = { ...base, id: randomUUID(), status: "WAITING", createdAt: at(addCalendarDays(sentDay, -5)) };
    const sent = {
      ...base,
      id: randomUUID(),
      status: "SENT",
      sentAt: at(sentDay),
      supersedes: waiting.id,
      createdAt: at(sentDay),
    };
    const chain: Array<typeof missionOrders.$inferInsert> = [waiting, sent];
    if (want === "ACCEPT")
      chain.push({
        ...base,
        id: randomUUID(),
        status: "ACCEPT",
        sentAt: at(sentDay),
        answeredAt: at(addCalendarDays(sentDay, 1)),
        answeredVia: "SESSION",
        supersedes: sent.id,
        createdAt: at(addCalendarDays(sentDay, 1)),
      });
    await tx.insert(missionOrders).values(chain);
  }

  const future = (m: Mission) => !!m.firstDay && m.firstDay > addCalendarDays(today, 7);
  for (let i = 0; i < 2; i++) {
    const m = pick(future);
    if (m) await place(m, "EVALUATOR", "SENT");
  }
  const soon = pick((m) => !!m.firstDay && m.firstDay > today && m.firstDay <= addCalendarDays(today, 45));
  if (soon) await place(soon, "COORDINATOR", "ACCEPT");

  // Past visits he coordinated: one preliminary report due in a few days, one late.
  const delay = DEFAULT_DEADLINE_SETTINGS.preliminaryReportDays;
  const due = pick(
    (m) => !!m.lastDay && m.lastDay < addCalendarDays(today, -3) && m.lastDay >= addCalendarDays(today, -delay + 4),
  );
  const late = pick((m) => !!m.lastDay && m.lastDay < addCalendarDays(today, -delay - 5));
  for (const m of [due, late]) {
    if (!m) continue;
    await place(m, "COORDINATOR", "ACCEPT");
    await tx
      .update(missions)
      .set({
        preliminaryDocumentId: null,
        preliminaryUploadedAt: null,
        preliminaryReviewedAt: null,
        preliminaryReviewedBy: null,
        preliminarySentAt: null,
        observationsDocumentId: null,
        observationsReceivedAt: null,
      })
      .where(eq(missions.id, m.id));
  }
}

/**
 * The client portal of client@demo.fr (EHPAD Les Tilleuls): its coming evaluation with a full team
 * of two, proposed to the establishment for it to accept or object to.
 */
async function seedClientPortalDemo(tx: Executor, input: { marcId: string; tilleulsId: string; today: string }) {
  const [mission] = await tx.select().from(missions).where(eq(missions.clientId, input.tilleulsId));
  if (!mission) return;
  await completeTeam(tx, mission, input);
  await proposeTeam(tx, mission, input.today);
}

/**
 * The team proposed to the establishment two days ago, as the staff's "Proposer à l'établissement"
 * records it (its outbox row): the portal shows a team only once it was proposed.
 */
async function proposeTeam(tx: Executor, mission: Mission, today: string) {
  const [client] = await tx.select().from(clients).where(eq(clients.id, mission.clientId));
  const at = new Date(`${addCalendarDays(today, -2)}T08:30:00Z`);
  await tx.insert(mailOutbox).values({
    templateCode: "MISSION_PROPOSITION_CLIENT",
    to: [client?.email ?? "contact@ehpad-les-tilleuls.fr"],
    subject: "Proposition de l'équipe d'évaluation",
    body: "Nous vous proposons l'équipe d'évaluation de votre établissement : répondez depuis votre espace client.",
    status: "SENT",
    attempts: 1,
    sentAt: at,
    createdAt: at,
    clientId: mission.clientId,
    missionId: mission.id,
    relatedType: PROPOSAL_TO_CLIENT,
    relatedId: mission.id,
  });
}

/** A full team of two (a place refused by an evaluator filled again, the new order accepted). */
async function completeTeam(tx: Executor, mission: Mission, input: { marcId: string; today: string }) {
  const members = await tx.select().from(missionTeamMembers).where(eq(missionTeamMembers.missionId, mission.id));
  if (members.length >= 2) return;
  const taken = new Set([input.marcId, ...members.map((m) => m.auditorId)]);
  const candidates = await tx.select({ id: auditors.id }).from(auditors).where(eq(auditors.active, true));
  const added = candidates.find((c) => !taken.has(c.id));
  if (!added) return;
  const role = members.some((m) => m.role === "COORDINATOR") ? "EVALUATOR" : "COORDINATOR";
  await tx.insert(missionTeamMembers).values({ missionId: mission.id, auditorId: added.id, role });
  const day = addCalendarDays(input.today, -4);
  const at = (d: string) => new Date(`${d}T10:00:00Z`);
  const base = { missionId: mission.id, auditorId: added.id, role };
  const waiting = { ...base, id: randomUUID(), status: "WAITING", createdAt: at(addCalendarDays(day, -1)) };
  const sent = {
    ...base,
    id: randomUUID(),
    status: "SENT",
    sentAt: at(day),
    supersedes: waiting.id,
    createdAt: at(day),
  };
  await tx.insert(missionOrders).values([
    waiting,
    sent,
    {
      ...base,
      status: "ACCEPT",
      sentAt: at(day),
      answeredAt: at(addCalendarDays(day, 1)),
      answeredVia: "LINK",
      supersedes: sent.id,
      createdAt: at(addCalendarDays(day, 1)),
    },
  ]);
}

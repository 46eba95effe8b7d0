import { randomUUID } from "node:crypto";
import { addCalendarDays } from "@certidesk/shared";
import { and, asc, eq, gte, inArray, isNotNull } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import {
  clients,
  contracts,
  missionDays,
  missionNonConformities,
  missionOrders,
  missions,
  missionTeamMembers,
} from "../db/schema/index.js";
import type { AuditActor } from "../lib/actor.js";
import { parisDate } from "../lib/clock.js";
import { createForSignedContract } from "../modules/missions/index.js";

/**
 * Visits of the last 90 days have their preliminary report uploaded and waiting to be sent (every third
 * mission): not only those of the report's 30-day deadline, a window that a day's shift of the weekdays
 * could leave empty, and the demo then lacked its "rapport préliminaire non envoyé" alert (27 November 2026).
 */
const PRELIMINARY_WAITING_WINDOW_DAYS = 90;

const REFUSAL_REASONS = [
  "Indisponible sur ces dates (autre mission déjà acceptée).",
  "Lien d'intérêts découvert avec l'organisme gestionnaire.",
];

/**
 * The missions of the demo: one per establishment of every signed contract (through the same command
 * as a real signature), then brought to every state: à programmer, programmées with orders waiting,
 * sent, accepted and refused, visits past with the preliminary report sent or late, observations
 * received, finalised with the final report and the HAS transmission. Bulk writes: it stays fast.
 */
export async function seedMissionDemo(tx: Executor, input: { actor: AuditActor; now: Date }) {
  const today = parisDate(input.now);
  const signed = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.status, "SIGNED"))
    .orderBy(asc(contracts.number));
  for (const c of signed) await createForSignedContract(tx, { contractId: c.id, actor: input.actor, now: input.now });
  const rows = await tx
    .select({ mission: missions, finishedAt: clients.evaluationFinishedAt })
    .from(missions)
    .innerJoin(clients, eq(clients.id, missions.clientId))
    .orderBy(asc(missions.firstDay), asc(missions.id));
  if (rows.length === 0) return { missions: 0 };
  const waiting = await tx
    .select()
    .from(missionOrders)
    .where(
      and(
        inArray(
          missionOrders.missionId,
          rows.map((r) => r.mission.id),
        ),
        eq(missionOrders.status, "WAITING"),
      ),
    );
  const ordersOf = (missionId: string) => waiting.filter((o) => o.missionId === missionId);
  const at = (day: string) => new Date(`${day}T09:00:00Z`);
  const answers: Array<typeof missionOrders.$inferInsert> = [];
  const refusedMembers: Array<{ missionId: string; auditorId: string }> = [];
  /** Sends the orders (and answers them) by appending, as the application does. */
  /** The waiting orders drafted the day before they were sent (by day), not at the demo's loading time. */
  const draftedOn = new Map<string, string[]>();
  function send(missionId: string, sentDay: string, answer: "NONE" | "ACCEPT" | "REFUSE_ONE") {
    const draftDay = addCalendarDays(sentDay, -1);
    draftedOn.set(draftDay, [...(draftedOn.get(draftDay) ?? []), ...ordersOf(missionId).map((o) => o.id)]);
    for (const [i, o] of ordersOf(missionId).entries()) {
      const sent = {
        ...o,
        id: randomUUID(),
        status: "SENT",
        sentAt: at(sentDay),
        supersedes: o.id,
        createdAt: at(sentDay),
      };
      answers.push(sent);
      if (answer === "NONE") continue;
      const refuse = answer === "REFUSE_ONE" && i === ordersOf(missionId).length - 1;
      // Two days after sending, but never today or later: an answer stamped 09:00 today would lie in
      // the future before nine, and a newcomer put on the team now would seem to precede it.
      const yesterday = addCalendarDays(today, -1);
      const answeredDay = earlier(addCalendarDays(sentDay, 2), yesterday);
      answers.push({
        ...o,
        id: randomUUID(),
        status: refuse ? "REFUSE" : "ACCEPT",
        sentAt: at(sentDay),
        answeredAt: at(answeredDay),
        answeredVia: i % 2 ? "LINK" : "SESSION",
        refusalReason: refuse ? (REFUSAL_REASONS[i % REFUSAL_REASONS.length] ?? null) : null,
        supersedes: sent.id,
        createdAt: at(answeredDay),
      });
      if (refuse) refusedMembers.push({ missionId, auditorId: o.auditorId });
    }
  }

  for (const [n, { mission: m, finishedAt }] of rows.entries()) {
    if (!m.firstDay || !m.lastDay) continue; // à programmer: orders waiting
    const orderDay =
      addCalendarDays(m.firstDay, -30) < today ? addCalendarDays(m.firstDay, -30) : addCalendarDays(today, -2);
    if (m.firstDay > today) {
      // Programmées: orders waiting, sent, accepted, or one refused (the place to fill again).
      const step = n % 4;
      if (step === 1) send(m.id, orderDay, "NONE");
      if (step === 2) send(m.id, orderDay, "ACCEPT");
      if (step === 3) send(m.id, orderDay, "REFUSE_ONE");
      continue;
    }
    send(m.id, orderDay, "ACCEPT");
    const uploaded = addCalendarDays(m.lastDay, 18);
    const values: Partial<typeof missions.$inferInsert> = {};
    if (finishedAt) {
      const sent = addCalendarDays(m.lastDay, 24);
      const observed = addCalendarDays(sent, 12);
      Object.assign(values, {
        preliminaryUploadedAt: uploaded,
        preliminaryReviewedAt: addCalendarDays(uploaded, 2),
        preliminaryReviewedBy: "Qualité (démo)",
        preliminarySentAt: sent,
        observationsReceivedAt: observed,
        finalReportAt: finishedAt,
        hasTransmittedAt: addCalendarDays(finishedAt, 4) <= today ? addCalendarDays(finishedAt, 4) : finishedAt,
        status: "FINALISED",
      });
    } else if (n % 3 === 0 && uploaded < today) {
      // Visite passée, the preliminary report out and its observation period running or over.
      // Sent 26 days after the visit; for every sixth mission of long ago, 20 days ago instead: its observation
      // period is over and its final report not yet late, whatever the day the demo loads (the window of
      // 26 days after the visit alone could be empty: it was on 27 November 2026).
      const sent =
        n % 6 === 3 && addCalendarDays(m.lastDay, 56) < today
          ? addCalendarDays(today, -20)
          : earlier(addCalendarDays(m.lastDay, 26), today);
      Object.assign(values, {
        preliminaryUploadedAt: uploaded,
        preliminaryReviewedAt: addCalendarDays(uploaded, 1),
        preliminaryReviewedBy: "Qualité (démo)",
        preliminarySentAt: sent,
        observationsReceivedAt: n % 2 === 0 && addCalendarDays(sent, 10) < today ? addCalendarDays(sent, 10) : null,
      });
    } else if (
      n % 3 === 1 &&
      addCalendarDays(m.lastDay, PRELIMINARY_WAITING_WINDOW_DAYS) >= today &&
      uploaded < today
    ) {
      // Uploaded, not yet sent: the ones uploaded over 7 days ago are the "rapport préliminaire non envoyé" alert.
      Object.assign(values, { preliminaryUploadedAt: uploaded });
    }
    // Otherwise: nothing uploaded, late once 30 days have passed (rapport en retard).
    if (Object.keys(values).length) await tx.update(missions).set(values).where(eq(missions.id, m.id));
  }
  await seedPreparation(tx);
  await seedNonConformities(tx, today, input.actor);
  for (let i = 0; i < answers.length; i += 500) await tx.insert(missionOrders).values(answers.slice(i, i + 500));
  // Else a refusal (answered days ago) would look older than its own team's first orders, which the
  // refused-order alert reads as a newcomer already put in the place.
  for (const [day, ids] of draftedOn)
    await tx
      .update(missionOrders)
      .set({ createdAt: at(day) })
      .where(inArray(missionOrders.id, ids));
  for (const r of refusedMembers)
    await tx
      .delete(missionTeamMembers)
      .where(and(eq(missionTeamMembers.missionId, r.missionId), eq(missionTeamMembers.auditorId, r.auditorId)));
  return { missions: rows.length };
}

const REQUESTED = [
  "Projet d'établissement ou de service",
  "Plan d'action qualité et dernier rapport d'évaluation",
  "Rapport d'activité de l'année précédente",
  "Livret d'accueil et règlement de fonctionnement",
  "Organigramme et tableau des effectifs",
];

/**
 * The Préparation tab of the programmed missions: the documents asked of the ESSMS (the first ones
 * received once the visit is close) and a day-by-day programme on the days from 16/12/2022.
 */
async function seedPreparation(tx: Executor) {
  const planned = await tx.select().from(missions).where(isNotNull(missions.firstDay));
  for (const [n, m] of planned.entries()) {
    const received = m.preliminaryUploadedAt ? REQUESTED.length : n % (REQUESTED.length + 1);
    await tx
      .update(missions)
      .set({
        requestedDocuments: REQUESTED.map((label, i) => ({ id: `demo-${i + 1}`, label, received: i < received })),
      })
      .where(eq(missions.id, m.id));
  }
  const from = "2022-12-16";
  await tx
    .update(missionDays)
    .set({
      programme: [
        { time: "9h00", activity: "AUDIT_SYSTEME", people: "Direction, responsable qualité" },
        { time: "10h30", activity: "ACCOMPAGNE_TRACEUR", people: "Une personne accompagnée, son référent, un proche" },
        { time: "14h00", activity: "TRACEUR_CIBLE", people: "Équipe soignante : circuit du médicament" },
      ],
    })
    .where(and(eq(missionDays.position, 0), gte(missionDays.day, from)));
  await tx
    .update(missionDays)
    .set({
      programme: [
        { time: "9h00", activity: "ACCOMPAGNE_TRACEUR", people: "Une deuxième personne accompagnée et son référent" },
        { time: "11h00", activity: "TRACEUR_CIBLE", people: "Professionnels : prévention des risques de maltraitance" },
        { time: "15h00", activity: "AUDIT_SYSTEME", people: "Conseil de la vie sociale ; restitution à la direction" },
      ],
    })
    .where(and(gte(missionDays.position, 1), gte(missionDays.day, from)));
}

/** The certification audits whose visit is past: a major non-conformity open, a minor one closed. */
async function seedNonConformities(tx: Executor, today: string, actor: AuditActor) {
  const audits = (await tx.select().from(missions).where(isNotNull(missions.lastDay))).filter(
    (m) => m.kind !== "ESSMS_EVALUATION" && (m.lastDay ?? today) < today,
  );
  const rows = audits.flatMap((m) => {
    const last = m.lastDay ?? today;
    return [
      {
        missionId: m.id,
        criterion: "2.3.1",
        severity: "MAJOR",
        description: "Les projets personnalisés ne sont pas réévalués au moins une fois par an.",
        correctiveAction: "Calendrier de réévaluation de tous les projets personnalisés d'ici trois mois.",
        evidence: null,
        dueDate: addCalendarDays(last, 90),
        createdById: actor.userId,
      },
      {
        missionId: m.id,
        criterion: "3.6.2",
        severity: "MINOR",
        description: "Le plan de formation ne mentionne pas la bientraitance.",
        correctiveAction: "Module bientraitance inscrit au plan de formation.",
        evidence: "Plan de formation mis à jour.",
        dueDate: addCalendarDays(last, 60),
        closedAt: earlier(addCalendarDays(last, 20), today),
        closedBy: actor.label,
        closedById: actor.userId,
        createdById: actor.userId,
      },
    ];
  });
  if (rows.length) await tx.insert(missionNonConformities).values(rows);
}

/** The earlier of two ISO dates (yyyy-mm-dd compare as text). */
function earlier(a: string, b: string) {
  return a < b ? a : b;
}

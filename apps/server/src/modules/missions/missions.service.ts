import {
  canBeRemote,
  type Eligibility,
  lateReports,
  MIN_VISIT_DAYS,
  MIN_VISIT_DAYS_FROM,
  type MissionDetail,
  type MissionKind,
  type MissionListQuery,
  type MissionOrder,
  type MissionRole,
  type MissionRow,
  type missionDaysBodySchema,
  missionDeadlines,
  missionState,
  type missionTeamBodySchema,
  modalityLabel,
  type PreparationDocumentCode,
  type ProgrammeActivity,
  timeSlotById,
} from "@certidesk/shared";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, forbidden, notFound } from "../../lib/errors.js";
import { abilities, authorize, granted, isStaff, recordScope } from "../../lib/policy.js";
import { pageJsonText } from "../../lib/sql-json.js";
import { setEvaluationDates } from "../clients/index.js";
import type { DocumentLinks } from "../documents/index.js";
import { streamMissionWorkbook } from "./mission-export.js";
import type { MissionFollow, OverriddenCheck } from "./mission-follow.js";
import { replacedOrdersOf } from "./mission-follow.repository.js";
import { listMissions, missionListBatches } from "./mission-list.repository.js";
import { latestAnswers } from "./mission-portal.repository.js";
import { teamAnswerOf } from "./mission-portal.service.js";
import { lastClientProposals } from "./mission-proposals.repository.js";
import { missionStatusFacts } from "./mission-status-facts.js";
import { type MissionChange, missionWriter, touchMission } from "./mission-write.js";
import { missionResource } from "./missions.policy.js";
import * as repo from "./missions.repository.js";

/** The impartiality engine of the evaluators module, as the missions use it (wired in app.ts). */
export interface EligibilityChecker {
  eligibility(
    actor: Actor,
    auditorId: string,
    q: { clientId: string; days: string[]; contractId?: string | undefined },
  ): Promise<Eligibility>;
  /** Keeps a refused assignment (accreditation evidence); the refused save itself changes nothing. */
  recordRefusal(
    actor: Actor,
    refusal: {
      auditorId: string;
      clientId: string;
      contractId?: string;
      missionId?: string;
      reasons: Array<{ rule: string; message: string }>;
    },
    requestId?: string,
  ): Promise<void>;
}

export interface MissionsDeps {
  db: Database;
  clock: Clock;
  links: DocumentLinks;
  impartiality: EligibilityChecker;
  /** What follows a saved change of days or team: orders, mails, history (mission-follow.ts). */
  follow: MissionFollow;
}

type TeamInput = z.output<typeof missionTeamBodySchema>;
type DaysInput = z.output<typeof missionDaysBodySchema>;

const fullName = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`;
const sameWarnings = (a: Array<{ message: string }>, b: Array<{ message: string }>) =>
  JSON.stringify(a.map((w) => w.message).sort()) === JSON.stringify(b.map((w) => w.message).sort());

export function createMissionsService(deps: MissionsDeps) {
  const { db, clock, links, impartiality, follow } = deps;
  const writeMission = missionWriter({ db, clock });

  /** An order row as the mission detail shows it. */
  const orderView = (
    o: Awaited<ReturnType<typeof repo.currentOrders>>[number]["order"],
    a: { firstName: string; lastName: string; documentName: string | null },
  ): MissionOrder => ({
    id: o.id,
    auditorId: o.auditorId,
    auditorName: fullName(a),
    role: o.role as MissionRole,
    status: o.status as MissionOrder["status"],
    sentAt: o.sentAt?.toISOString() ?? null,
    answeredAt: o.answeredAt?.toISOString() ?? null,
    refusalReason: o.refusalReason,
    document: o.documentId
      ? { id: o.documentId, name: a.documentName ?? "Ordre de mission", url: links.url(o.documentId, "view") }
      : null,
    version: o.version,
  });

  /** Staff without the MISSION read grant see no list (evaluators and client users see their own). */
  function checkListAccess(actor: Actor) {
    if (isStaff(actor) && !granted(actor, "MISSION", "read")) throw forbidden();
  }

  async function detail(actor: Actor, id: string): Promise<MissionDetail> {
    const loaded = await repo.findMission(db, id);
    if (!loaded) throw notFound(missionResource.notFound);
    authorize(actor, "read", missionResource, loaded.record);
    const { row, team, record } = loaded;
    const [settings, context, days, orders, group, preparation, openNonConformities] = await Promise.all([
      repo.loadDeadlineSettings(db),
      repo.contextOf(db, row),
      repo.daysOf(db, id),
      repo.currentOrders(db, { missionId: id }),
      repo.groupOf(db, row),
      repo.preparationDocuments(db, id),
      repo.openNonConformityCounts(db, id),
    ]);
    const replaced = isStaff(actor) ? await replacedOrdersOf(db, id) : [];
    const clientAnswers = (await latestAnswers(db, [id])).get(id);
    const proposedAt = (await lastClientProposals(db, [id])).get(id) ?? null;
    const teamAnswer = teamAnswerOf(clientAnswers?.team, team);
    const groupNames = await repo.clientNamesOf(
      db,
      group.map((g) => g.clientId),
    );
    // An evaluator sees their own orders, a client user none; the staff see them all.
    const visibleOrders = orders.filter((o) =>
      isStaff(actor) ? true : actor.profileType === "AUDITEUR" && o.order.auditorId === actor.auditorId,
    );
    const clientUser = actor.profileType === "MYQUALIANOR";
    const names = await repo.documentNames(db, [
      row.preliminaryDocumentId,
      row.observationsDocumentId,
      row.finalDocumentId,
    ]);
    const docLink = (docId: string | null, visible = true) =>
      docId && visible ? { id: docId, name: names.get(docId) ?? "Document", url: links.url(docId, "view") } : null;
    const today = clock.today();
    const deadlines = missionDeadlines(row, settings);
    return {
      id: row.id,
      clientId: row.clientId,
      client: {
        raisonSocial: context.client.raisonSocial,
        postalCode: context.client.postalCode,
        city: context.client.city,
        finess: context.client.finess,
      },
      contractId: row.contractId,
      contractNumber: context.contract.number,
      kind: row.kind as MissionKind,
      remote: row.remote,
      groupId: row.groupId,
      groupedWith: group
        .filter((g) => g.id !== row.id)
        .map((g) => ({ id: g.id, clientId: g.clientId, raisonSocial: groupNames.get(g.clientId) ?? "" })),
      status: missionState(row, settings, today),
      team: team.map((t) => ({ auditorId: t.auditorId, name: fullName(t), role: t.role as MissionRole })),
      missionOrders: visibleOrders.map(({ order: o, ...a }) => orderView(o, a)),
      replacedOrders: replaced.map(({ order: o, replacedAt, ...a }) => ({
        ...orderView(o, a),
        replacedAt: replacedAt.toISOString(),
      })),
      days: days.map((d) => ({
        day: d.day,
        timeSlotId: d.timeSlotId,
        timeSlot: timeSlotById(d.timeSlotId)?.value ?? "",
        dayFraction: d.dayFraction,
        programme: d.programme.map((p) => ({
          time: p.time,
          activity: p.activity as ProgrammeActivity,
          people: p.people,
        })),
      })),
      deadlines,
      late: lateReports(row, deadlines, today),
      reports: {
        preliminary: {
          // The client user reads the preliminary report once it has been sent to them.
          document: docLink(row.preliminaryDocumentId, !clientUser || !!row.preliminarySentAt),
          uploadedAt: row.preliminaryUploadedAt,
          reviewedAt: row.preliminaryReviewedAt,
          reviewedBy: row.preliminaryReviewedBy,
          reviewComment: clientUser ? null : row.preliminaryReviewComment,
          sentAt: row.preliminarySentAt,
        },
        observations: {
          document: docLink(row.observationsDocumentId),
          receivedAt: row.observationsReceivedAt,
          text: clientAnswers?.observations?.text ?? null,
        },
        final: { document: docLink(row.finalDocumentId), at: row.finalReportAt },
        hasTransmittedAt: row.hasTransmittedAt,
      },
      requestedDocuments: row.requestedDocuments,
      // The plans are the evaluators' working documents: the staff and the team see them.
      preparationDocuments: clientUser
        ? []
        : preparation.map((d) => ({
            id: d.id,
            name: d.name,
            metaCode: d.metaCode as PreparationDocumentCode,
            url: links.url(d.id, "view"),
            updatedAt: d.updatedAt.toISOString(),
          })),
      openNonConformities,
      clientTeamAnswer: teamAnswer,
      statusFacts: missionStatusFacts(
        row,
        context.contract.signatureDate,
        { teamSize: team.length, proposedAt, answer: teamAnswer },
        settings,
        today,
      ),
      abilities: abilities(actor, missionResource, record),
      version: row.version,
    };
  }

  /**
   * Every member checked with the impartiality engine for every establishment of the group: a
   * blocked one is refused (422) with its French reason; warnings need a written justification,
   * unless the same warnings were already justified for this mission.
   * A member whose order was already sent or accepted is not checked again: they were checked when
   * assigned, they only leave by refusing their order, and a document that expired since (followed on
   * the Evaluateurs alerts) must not stop the planning team from changing the rest of the team.
   */
  async function checkTeam(actor: Actor, group: repo.MissionRow[], input: TeamInput, requestId?: string) {
    const people = await repo.auditorsByIds(
      db,
      input.members.map((m) => m.auditorId),
    );
    const ordered = new Set(
      (await repo.currentOrders(db, { missionIds: group.map((m) => m.id) }))
        .filter(({ order }) => order.status === "SENT" || order.status === "ACCEPT")
        .map(({ order }) => `${order.missionId}:${order.auditorId}`),
    );
    const warned: Array<{
      missionId: string;
      clientId: string;
      auditorId: string;
      warnings: Array<{ rule: string; message: string }>;
    }> = [];
    for (const mission of group) {
      const days = (await repo.daysOf(db, mission.id)).map((d) => d.day);
      const { client } = await repo.contextOf(db, mission);
      for (const member of input.members) {
        const person = people.find((p) => p.id === member.auditorId);
        if (!person)
          throw new AppError(422, "UNPROCESSABLE", "Évaluateur introuvable.", { auditorId: member.auditorId });
        if (ordered.has(`${mission.id}:${person.id}`)) continue;
        const verdict = await impartiality.eligibility(actor, member.auditorId, {
          clientId: mission.clientId,
          days,
          contractId: mission.contractId,
        });
        const who = `${fullName(person)} ne peut pas évaluer « ${client.raisonSocial} »`;
        if (!verdict.eligible) {
          await impartiality.recordRefusal(
            actor,
            {
              auditorId: person.id,
              clientId: mission.clientId,
              contractId: mission.contractId,
              missionId: mission.id,
              reasons: verdict.blocking.map((b) => ({ rule: b.rule, message: b.message })),
            },
            requestId,
          );
          throw new AppError(422, "UNPROCESSABLE", `${who} : ${verdict.blocking.map((b) => b.message).join(" ")}`, {
            auditorId: person.id,
            clientId: mission.clientId,
            ...verdict,
          });
        }
        if (verdict.warnings.length === 0) continue;
        const warnings = verdict.warnings.map((w) => ({ rule: w.rule, message: w.message }));
        if (!input.justification) {
          const previous = await repo.justificationsOf(db, mission.id, person.id);
          if (previous.some((j) => sameWarnings(j.warnings, warnings))) continue;
          throw new AppError(
            422,
            "UNPROCESSABLE",
            `Justification requise pour affecter ${fullName(person)} à « ${client.raisonSocial} » : ${warnings.map((w) => w.message).join(" ")}`,
            { auditorId: person.id, clientId: mission.clientId, warnings, justificationRequired: true },
          );
        }
        warned.push({ missionId: mission.id, clientId: mission.clientId, auditorId: person.id, warnings });
      }
    }
    return { people, warned };
  }

  /**
   * Replaces the team of one mission: orders of those leaving never sent go, newcomers get one WAITING. An
   * order already sent or accepted stays: the change's follow-up cancels it and tells the evaluator.
   */
  async function replaceTeam(tx: Executor, actor: Actor, missionId: string, members: TeamInput["members"]) {
    const before = await repo.teamOf(tx, [missionId]);
    const leaving = before.filter((b) => !members.some((m) => m.auditorId === b.auditorId));
    const orders = await repo.currentOrders(tx, { missionId });
    for (const person of leaving) {
      const order = orders.find((o) => o.order.auditorId === person.auditorId);
      if (order?.order.status === "WAITING") await repo.deleteOrder(tx, order.order.id);
    }
    await repo.replaceTeamMembers(tx, missionId, members);
    const withOrder = new Set(
      orders.filter((o) => !["REFUSE", "CANCELLED", "WAITING"].includes(o.order.status)).map((o) => o.order.auditorId),
    );
    const waiting = new Set(orders.filter((o) => o.order.status === "WAITING").map((o) => o.order.auditorId));
    const newcomers = members.filter((m) => !withOrder.has(m.auditorId) && !waiting.has(m.auditorId));
    await repo.insertOrders(
      tx,
      newcomers.map((m) => ({
        missionId,
        auditorId: m.auditorId,
        role: m.role,
        status: "WAITING",
        createdBy: actor.userId,
        createdAt: clock.now(),
      })),
    );
  }

  /**
   * Writes one change on the mission and the same on the others of its group (shared days and team), then
   * what follows it on each (orders, mails, history: mission-follow.ts), all in one transaction. `overrides`:
   * the checks the planner overrode, with their justifications, for the history.
   */
  async function writeGroup(
    actor: Actor,
    id: string,
    action: "updateTeam" | "updateDays",
    version: number,
    each: (tx: Executor, mission: repo.MissionRow) => Promise<void>,
    change: (loaded: { row: repo.MissionRow }) => MissionChange,
    requestId: string | undefined,
    overrides: OverriddenCheck[],
  ) {
    return follow.saving(actor, (filing) =>
      writeMission(
        actor,
        id,
        action,
        version,
        async (tx, loaded) => {
          const group = await repo.groupOf(tx, loaded.row);
          for (const mission of group) {
            const before = await follow.snapshot(tx, mission.id);
            await each(tx, mission);
            if (mission.id !== id) await touchMission(tx, mission.id, clock.now());
            await follow.followMissionChange(tx, { actor, before, filing, overrides, requestId });
          }
          return change(loaded);
        },
        requestId,
      ),
    );
  }

  return {
    detail,

    async list(actor: Actor, q: MissionListQuery) {
      checkListAccess(actor);
      const settings = () => repo.loadDeadlineSettingsOfLists(db);
      const { items, total } = await listMissions(db, q, recordScope(actor), settings, clock.today());
      return pageJsonText<MissionRow>(items, total, q);
    },

    async exportXlsx(actor: Actor, q: Omit<MissionListQuery, "page" | "pageSize">) {
      checkListAccess(actor);
      const settings = await repo.loadDeadlineSettings(db);
      const batches = missionListBatches(db, q, recordScope(actor), settings, clock.today());
      const stream = await streamMissionWorkbook(batches, clock.now());
      return { filename: `missions-${clock.today()}.xlsx`, stream };
    },

    async updateTeam(actor: Actor, id: string, input: TeamInput, requestId?: string) {
      const loaded = await repo.findMission(db, id);
      if (!loaded) throw notFound(missionResource.notFound);
      authorize(actor, "updateTeam", missionResource, loaded.record);
      const group = await repo.groupOf(db, loaded.row);
      const { people, warned } = await checkTeam(actor, group, input, requestId);
      const names = input.members
        .map((m) => {
          const p = people.find((x) => x.id === m.auditorId);
          return p ? `${fullName(p)}${m.role === "COORDINATOR" ? " (coordination)" : ""}` : "";
        })
        .join(", ");
      await writeGroup(
        actor,
        id,
        "updateTeam",
        input.version,
        async (tx, mission) => {
          await replaceTeam(tx, actor, mission.id, input.members);
          for (const w of warned.filter((x) => x.missionId === mission.id)) {
            const person = people.find((p) => p.id === w.auditorId);
            await repo.insertJustification(tx, {
              auditorId: w.auditorId,
              contractId: mission.contractId,
              missionId: mission.id,
              clientId: w.clientId,
              warnings: w.warnings,
              justification: input.justification ?? "",
              createdById: actor.userId,
              createdByLabel: actor.label,
              createdAt: clock.now(),
            });
            await writeAudit(
              tx,
              actor,
              {
                action: "justify",
                entityType: "mission",
                entityId: mission.id,
                summary: `Affectation de ${person ? fullName(person) : ""} justifiée : ${input.justification ?? ""}`,
                changes: { auditorId: w.auditorId, warnings: w.warnings.map((x) => x.message) },
              },
              requestId,
            );
          }
        },
        () => ({ summary: `Équipe d'évaluation : ${names}`, changes: { members: input.members } }),
        requestId,
        [],
      );
      return detail(actor, id);
    },

    async updateDays(actor: Actor, id: string, input: DaysInput, requestId?: string) {
      const days = [...input.days].sort((a, b) => a.day.localeCompare(b.day));
      const loaded = await repo.findMission(db, id);
      if (!loaded) throw notFound(missionResource.notFound);
      authorize(actor, "updateDays", missionResource, loaded.record);
      const total = days.reduce((s, d) => s + (timeSlotById(d.timeSlotId)?.dayFraction ?? 0), 0);
      const first = days[0]?.day ?? null;
      const last = days.at(-1)?.day ?? null;
      if (loaded.row.kind === "ESSMS_EVALUATION" && first && first >= MIN_VISIT_DAYS_FROM && total < MIN_VISIT_DAYS)
        throw new AppError(
          400,
          "BAD_REQUEST",
          `Depuis juillet 2025, la visite d'une évaluation ESSMS dure au moins ${MIN_VISIT_DAYS} jours (programmé : ${String(total).replace(".", ",")} j).`,
          [{ path: "days", message: "Au moins deux jours de visite." }],
        );
      const { remote } = input;
      // Only a certification audit may be held remotely; an ESSMS evaluation is a visit on site.
      if (remote && !canBeRemote(loaded.row.kind as MissionKind))
        throw new AppError(
          422,
          "UNPROCESSABLE",
          "Une évaluation ESSMS se déroule sur site : seul un audit de certification peut avoir lieu à distance.",
          [{ path: "remote", message: "Une évaluation ESSMS se déroule sur site." }],
        );
      const modality = remote === undefined ? "" : ` (${modalityLabel(remote).toLowerCase()})`;
      const label = `${days.length ? `${days.length} jour(s) du ${first} au ${last}` : "à programmer"}${modality}`;
      await writeGroup(
        actor,
        id,
        "updateDays",
        input.version,
        async (tx, mission) => {
          await repo.replaceDays(
            tx,
            mission.id,
            days.map((d, position) => ({
              missionId: mission.id,
              day: d.day,
              timeSlotId: d.timeSlotId,
              dayFraction: timeSlotById(d.timeSlotId)?.dayFraction ?? 1,
              position,
              programme: d.programme,
            })),
          );
          if (mission.id !== id) await repo.setVisitSpan(tx, mission.id, first, last, remote);
          // The client list's evaluation date follows the visit's first day.
          await setEvaluationDates(tx, [{ clientId: mission.clientId, evaluationDate: first }], { now: clock.now() });
        },
        () => ({
          values: { firstDay: first, lastDay: last, ...(remote === undefined ? {} : { remote }) },
          summary: `Jours de visite : ${label}`,
          changes: { days, ...(remote === undefined ? {} : { remote }) },
        }),
        requestId,
        [],
      );
      return detail(actor, id);
    },
  };
}

export type MissionsService = ReturnType<typeof createMissionsService>;

import {
  canBeRemote,
  formatDate,
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
import type { Actor, AuditActor } from "../../lib/actor.js";
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
import {
  createMissionRules,
  type EligibilityChecker,
  type PlanningChecks,
  type PlanningOverride,
} from "./mission-rules.js";
import { missionStatusFacts } from "./mission-status-facts.js";
import { type MissionChange, missionWriter, touchMission } from "./mission-write.js";
import { missionResource } from "./missions.policy.js";
import * as repo from "./missions.repository.js";

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
/** What an evaluator answers for when accepting: their own leave, other visits, documents, file. */
const ACCEPTANCE_RULES = ["ACTIVE", "DOCUMENTS", "AVAILABILITY", "DOUBLE_BOOKING"] as const;
/**
 * The saved mission, and which warnings were overridden with which justification: the route answers
 * the detail (its schema keeps only that), what follows a save (orders, mails) may read the checks.
 */
const withChecks = (detail: MissionDetail, planningChecks: PlanningChecks) => ({ ...detail, planningChecks });

export function createMissionsService(deps: MissionsDeps) {
  const { db, clock, links, impartiality, follow } = deps;
  const writeMission = missionWriter({ db, clock });
  const rules = createMissionRules({ db, clock, impartiality });

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
    const [settings, context, days, orders, group, preparation, openNonConformities, justifications] =
      await Promise.all([
        repo.loadDeadlineSettings(db),
        repo.contextOf(db, row),
        repo.daysOf(db, id),
        repo.currentOrders(db, { missionId: id }),
        repo.groupOf(db, row),
        repo.preparationDocuments(db, id),
        repo.openNonConformityCounts(db, id),
        isStaff(actor) ? repo.justificationsOfMission(db, id) : Promise.resolve([]),
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
      team: team.map((t) => {
        // The member's last justification (newest first), shown where the warning was: the staff only.
        const j = justifications.find((x) => x.auditorId === t.auditorId);
        return {
          auditorId: t.auditorId,
          name: fullName(t),
          role: t.role as MissionRole,
          justification: j
            ? {
                text: j.justification,
                by: j.createdByLabel,
                at: j.createdAt.toISOString(),
                warnings: j.warnings.map((w) => w.message),
              }
            : null,
        };
      }),
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
   * what follows it on each (orders, mails, history: mission-follow.ts), all in one transaction. `overridden`:
   * the warnings the planner overrode, with their justifications: each mission's history names its own.
   */
  async function writeGroup(
    actor: Actor,
    id: string,
    action: "updateTeam" | "updateDays",
    version: number,
    each: (tx: Executor, mission: repo.MissionRow) => Promise<void>,
    change: (loaded: { row: repo.MissionRow }) => MissionChange,
    requestId: string | undefined,
    overridden: PlanningOverride[],
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
            const overrides: OverriddenCheck[] = overridden
              .filter((o) => o.missionId === mission.id)
              .flatMap((o) =>
                o.warnings.map((w) => ({
                  check: w.rule,
                  message: `${o.auditorName} : ${w.message}`,
                  justification: o.justification,
                })),
              );
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
      const checks = await rules.enforce(
        actor,
        group,
        { members: input.members, days: null, justification: input.justification, skipOrdered: true },
        requestId,
      );
      const people = await repo.auditorsByIds(
        db,
        input.members.map((m) => m.auditorId),
      );
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
          await rules.record(
            tx,
            actor,
            checks.overridden.filter((o) => o.missionId === mission.id),
            requestId,
          );
        },
        () => ({ summary: `Équipe d'évaluation : ${names}`, changes: { members: input.members } }),
        requestId,
        checks.overridden,
      );
      return withChecks(await detail(actor, id), checks);
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
      const label = `${days.length ? `${days.length} jour(s) du ${formatDate(first)} au ${formatDate(last)}` : "à programmer"}${modality}`;
      // The whole team against the new days: leave, double booking, documents on those days…
      const checks = await rules.enforce(
        actor,
        await repo.groupOf(db, loaded.row),
        {
          members: loaded.team.map((t) => ({ auditorId: t.auditorId, role: t.role as MissionRole })),
          days: days.map((d) => d.day),
          justification: input.justification,
          skipOrdered: false,
        },
        requestId,
      );
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
          await rules.record(
            tx,
            actor,
            checks.overridden.filter((o) => o.missionId === mission.id),
            requestId,
          );
        },
        () => ({
          values: { firstDay: first, lastDay: last, ...(remote === undefined ? {} : { remote }) },
          summary: `Jours de visite : ${label}`,
          changes: { days, ...(remote === undefined ? {} : { remote }) },
        }),
        requestId,
        checks.overridden,
      );
      return withChecks(await detail(actor, id), checks);
    },

    /** An evaluator accepting their order: their own checks on the mission's days (leave, bookings, documents…). */
    async checkAcceptance(
      actor: AuditActor,
      order: { missionId: string; auditorId: string; role: string },
      justification: string | undefined,
      requestId?: string,
    ): Promise<PlanningChecks> {
      const loaded = await repo.findMission(db, order.missionId);
      if (!loaded) throw notFound(missionResource.notFound);
      const members = [{ auditorId: order.auditorId, role: order.role as MissionRole }];
      return rules.enforce(
        actor,
        [loaded.row],
        { members, days: null, justification, skipOrdered: false, only: ACCEPTANCE_RULES },
        requestId,
      );
    },
    /** Inside a save's transaction: the overridden warnings kept with their justification. */
    recordChecks: rules.record,

    /** The planning board's preview: what saving these days (the mission's own when absent) would raise. */
    async planCheck(actor: Actor, id: string, days: string[] | undefined) {
      const loaded = await repo.findMission(db, id);
      if (!loaded) throw notFound(missionResource.notFound);
      authorize(actor, "read", missionResource, loaded.record);
      return rules.preview(await repo.groupOf(db, loaded.row), {
        members: loaded.team.map((t) => ({ auditorId: t.auditorId, role: t.role as MissionRole })),
        days: days ? [...days].sort() : null,
        skipOrdered: false,
      });
    },
  };
}

export type MissionsService = ReturnType<typeof createMissionsService>;

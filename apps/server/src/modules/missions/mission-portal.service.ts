import {
  type ClientTeamAnswer,
  type ClientTeamDecision,
  type EvaluatorMissionSpace,
  formatDate,
  lateReports,
  type MissionKind,
  type MissionOrderStatus,
  type MissionRole,
  type MissionStatusAudience,
  type MissionStatusText,
  type MissionStepText,
  missionDeadlines,
  missionState,
  missionStatusText,
  type PortalMission,
  PUBLIC_KEY_TYPE_LABELS,
  SECTOR_DOMAIN_LABELS,
  timeSlotById,
} from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import type { Clock } from "../../lib/clock.js";
import { badRequest, conflict, forbidden, notFound, staleVersion, unprocessable } from "../../lib/errors.js";
import { authorize, can, granted, isStaff } from "../../lib/policy.js";
import type { DocumentLinks, PendingDocument } from "../documents/index.js";
import { mailObservationsToCoordinator } from "./mission-mails.js";
import type { EnqueueMail } from "./mission-orders.service.js";
import * as portalRepo from "./mission-portal.repository.js";
import { lastClientProposals } from "./mission-proposals.repository.js";
import type { WithUpload } from "./mission-reports.service.js";
import { missionStatusFacts } from "./mission-status-facts.js";
import { missionWriter } from "./mission-write.js";
import { missionResource } from "./missions.policy.js";
import * as repo from "./missions.repository.js";

export interface MissionPortalDeps {
  db: Database;
  clock: Clock;
  links: DocumentLinks;
  withUpload: WithUpload;
  /** The coordinator's mail when observations come from the portal (the staff path sends the same). */
  enqueueMail: EnqueueMail;
  onMailQueued?: () => void;
}

type File = { fileName: string; data: Buffer };
type DayRow = { day: string; timeSlotId: number };

const fullName = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`;
const visitDays = (days: DayRow[] = []) =>
  days.map((d) => ({ day: d.day, timeSlot: timeSlotById(d.timeSlotId)?.value ?? "" }));
const sameTeam = (a: string[], b: string[]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

/** The portal's details of a step: the contract's number, the names of a team the establishment was shown. */
function stepDetail(s: MissionStepText, teamNames: string | null, contractNumber: string) {
  if (s.code === "CONTRACT" && s.status === "done") return contractNumber;
  if (s.code === "TEAM_PROPOSED" && teamNames) return teamNames;
  return s.detail;
}

/** The client's latest team answer, and whether it still concerns the current team. */
export function teamAnswerOf(
  answer: portalRepo.ClientAnswerRow | undefined,
  team: ReadonlyArray<{ auditorId: string }>,
): ClientTeamAnswer | null {
  if (!answer?.decision) return null;
  return {
    decision: answer.decision as ClientTeamDecision,
    reason: answer.text,
    answeredAt: answer.createdAt.toISOString(),
    answeredBy: answer.answeredByLabel,
    current: sameTeam(
      answer.team ?? [],
      team.map((t) => t.auditorId),
    ),
  };
}

/**
 * The evaluator space's and the client portal's side of the missions: what an evaluator has to do
 * (orders to answer, coming visits, reports due), and what an ESSMS sees and answers (where its
 * evaluation stands, the team to accept or object to, the documents to provide, the observations
 * before their deadline). Each write goes through the mission's policy and one transaction.
 */
export function createMissionPortalService(deps: MissionPortalDeps) {
  const { db, clock, links } = deps;
  const writeMission = missionWriter({ db, clock });
  const docLink = (id: string | null, names: Map<string, string>, fallback: string) =>
    id ? { id, name: names.get(id) ?? fallback, url: links.url(id, "view") } : null;

  /** An evaluator reaches only their own space; staff with MISSION read see any; others 404. */
  async function checkSpace(actor: Actor, auditorId: string) {
    if (actor.profileType === "AUDITEUR" && actor.auditorId === auditorId) return;
    if (!isStaff(actor) || !(await portalRepo.auditorExists(db, auditorId))) throw notFound("Évaluateur introuvable.");
    if (!granted(actor, "MISSION", "read")) throw forbidden();
  }

  async function loadForClient(
    actor: Actor,
    id: string,
    action: "answerTeam" | "sendObservations" | "provideDocuments",
  ) {
    const loaded = await repo.findMission(db, id);
    if (!loaded) throw notFound(missionResource.notFound);
    authorize(actor, action, missionResource, loaded.record);
    return loaded;
  }

  /** Observations close the day after their due date (the ESSMS has until the end of it). */
  function observationsClosed(row: repo.MissionRow, due: string | null, today: string): string | null {
    if (!row.preliminarySentAt) return "Le rapport préliminaire ne vous a pas encore été envoyé.";
    if (row.observationsReceivedAt) return "Vos observations ont été reçues.";
    if (due && today > due)
      return `Le délai des observations a expiré le ${formatDate(due)} : contactez votre chargé(e) de mission.`;
    return null;
  }

  return {
    async evaluatorSpace(actor: Actor, auditorId: string): Promise<EvaluatorMissionSpace> {
      await checkSpace(actor, auditorId);
      const today = clock.today();
      const [orders, open, settings] = await Promise.all([
        portalRepo.ordersOfAuditor(db, auditorId),
        portalRepo.openMissionsOfAuditor(db, auditorId),
        repo.loadDeadlineSettings(db),
      ]);
      const toAnswer = orders.filter((o) => o.order.status === "SENT");
      const accepted = new Set(orders.filter((o) => o.order.status === "ACCEPT").map((o) => o.order.missionId));
      const coming = open.filter((o) => accepted.has(o.mission.id) && portalRepo.isComing(o.mission, today));
      const past = open.filter((o) => o.mission.lastDay && o.mission.lastDay < today);
      const missionIds = [...new Set([...toAnswer.map((o) => o.order.missionId), ...coming.map((o) => o.mission.id)])];
      const [days, team, training] = await Promise.all([
        portalRepo.daysOfMissions(db, missionIds),
        portalRepo.teamProfiles(
          db,
          coming.map((c) => c.mission.id),
        ),
        portalRepo.trainingDataOfMissions(db, missionIds),
      ]);
      const statusOf = await this.statusTexts(
        [...coming, ...past].map((o) => ({ row: o.mission, contractSignedAt: o.signatureDate })),
        "evaluator",
      );
      const reports: EvaluatorMissionSpace["reports"] = [];
      for (const o of past) {
        const m = o.mission;
        const deadlines = missionDeadlines(m, settings);
        const late = lateReports(m, deadlines, today);
        const status = statusOf(m.id);
        const coordinator = o.role === "COORDINATOR";
        const record = repo.toRecord(m, [{ auditorId, role: o.role }]);
        if (!m.preliminaryUploadedAt)
          reports.push({
            missionId: m.id,
            essms: o.essms,
            report: "PRELIMINARY",
            status: status.preliminary,
            due: deadlines.preliminaryReportDue,
            late: late.preliminary,
            coordinator,
            canUpload: can(actor, "uploadPreliminary", missionResource, record),
            version: m.version,
          });
        else if (m.preliminarySentAt && !m.finalReportAt)
          reports.push({
            missionId: m.id,
            essms: o.essms,
            report: "FINAL",
            status: status.final,
            due: deadlines.finalReportDue,
            late: late.final,
            coordinator,
            canUpload: can(actor, "uploadFinal", missionResource, record),
            version: m.version,
          });
      }
      reports.sort((a, b) => (a.due ?? "9999").localeCompare(b.due ?? "9999"));
      return {
        orders: toAnswer.map((o) => ({
          orderId: o.order.id,
          missionId: o.order.missionId,
          essms: o.essms,
          kind: o.mission.kind as MissionKind,
          role: o.order.role as MissionRole,
          sentAt: o.order.sentAt?.toISOString() ?? null,
          days: visitDays(days.get(o.order.missionId)),
          document: o.order.documentId
            ? {
                id: o.order.documentId,
                name: o.documentName ?? "Ordre de mission",
                url: links.url(o.order.documentId, "view"),
              }
            : null,
          trainingOrganisation: training.get(o.order.missionId) ?? null,
        })),
        visits: coming.map((c) => ({
          missionId: c.mission.id,
          essms: c.essms,
          kind: c.mission.kind as MissionKind,
          remote: c.mission.remote,
          role: c.role as MissionRole,
          status: statusOf(c.mission.id).summary,
          days: visitDays(days.get(c.mission.id)),
          team: team
            .filter((t) => t.missionId === c.mission.id)
            .map((t) => ({ name: fullName(t), role: t.role as MissionRole, phone: t.mobilePhone ?? t.phone })),
          trainingOrganisation: training.get(c.mission.id) ?? null,
        })),
        reports,
      };
    },

    /** The status texts of several missions for one audience, from their team, proposal and answer. */
    async statusTexts(
      missions: Array<{ row: repo.MissionRow; contractSignedAt: string | null }>,
      audience: MissionStatusAudience,
    ) {
      const ids = missions.map((m) => m.row.id);
      const [settings, teams, answers, proposals] = await Promise.all([
        repo.loadDeadlineSettings(db),
        repo.teamOf(db, ids),
        portalRepo.latestAnswers(db, ids),
        lastClientProposals(db, ids),
      ]);
      const today = clock.today();
      const texts = new Map<string, MissionStatusText>();
      for (const { row, contractSignedAt } of missions) {
        const members = teams.filter((t) => t.missionId === row.id);
        const team = {
          teamSize: members.length,
          proposedAt: proposals.get(row.id) ?? null,
          answer: teamAnswerOf(answers.get(row.id)?.team, members),
        };
        texts.set(
          row.id,
          missionStatusText(missionStatusFacts(row, contractSignedAt, team, settings, today), audience),
        );
      }
      return (id: string) => {
        const text = texts.get(id);
        if (!text) throw new Error(`no status text for mission ${id}`);
        return text;
      };
    },

    /** The client user's missions (their establishment only; nothing for anyone else). */
    async clientMissions(actor: Actor): Promise<{ items: PortalMission[] }> {
      if (actor.profileType !== "MYQUALIANOR" || !actor.clientId) return { items: [] };
      const today = clock.today();
      const rows = await portalRepo.missionsOfClient(db, actor.clientId);
      const ids = rows.map((r) => r.mission.id);
      const [settings, days, team, answers, provided, statusOf] = await Promise.all([
        repo.loadDeadlineSettings(db),
        portalRepo.daysOfMissions(db, ids),
        portalRepo.teamProfiles(db, ids),
        portalRepo.latestAnswers(db, ids),
        portalRepo.providedDocuments(db, ids),
        this.statusTexts(
          rows.map((r) => ({ row: r.mission, contractSignedAt: r.contract.signatureDate })),
          "portal",
        ),
      ]);
      const orderStatus = new Map<string, MissionOrderStatus>();
      // The current orders of every mission of the establishment, in one query.
      for (const o of await repo.currentOrders(db, { missionIds: ids }))
        orderStatus.set(`${o.order.missionId}:${o.order.auditorId}`, o.order.status as MissionOrderStatus);
      const names = await repo.documentNames(
        db,
        rows.flatMap((r) => [
          r.mission.preliminaryDocumentId,
          r.mission.observationsDocumentId,
          r.mission.finalDocumentId,
          answers.get(r.mission.id)?.observations?.documentId ?? null,
        ]),
      );
      const items = rows.map(({ mission: m, essms, contract }): PortalMission => {
        const members = team.filter((t) => t.missionId === m.id);
        const record = repo.toRecord(m, members);
        const deadlines = missionDeadlines(m, settings);
        const teamAnswer = teamAnswerOf(answers.get(m.id)?.team, members);
        const observations = answers.get(m.id)?.observations;
        const closed = observationsClosed(m, deadlines.observationsDue, today);
        const status = statusOf(m.id);
        const visitStarted = !!m.firstDay && m.firstDay <= today;
        return {
          id: m.id,
          essms,
          kind: m.kind as MissionKind,
          remote: m.remote,
          status: missionState(m, settings, today),
          contractNumber: contract.number,
          steps: status.steps.map((s) => ({
            ...s,
            done: s.status === "done",
            detail: stepDetail(s, status.teamShown ? members.map(fullName).join(", ") : null, contract.number),
          })),
          statusTexts: {
            summary: status.summary,
            team: status.team,
            preliminary: status.preliminary,
            final: status.final,
          },
          days: visitDays(days.get(m.id)),
          // The team is the establishment's to see once it was proposed to it (the staff's proposal).
          team: (status.teamShown ? members : []).map((t) => ({
            name: fullName(t),
            role: t.role as MissionRole,
            domains: t.sectorDomains.map((d) => SECTOR_DOMAIN_LABELS[d as keyof typeof SECTOR_DOMAIN_LABELS] ?? d),
            publics: t.publicTypes.map((p) => PUBLIC_KEY_TYPE_LABELS[p as keyof typeof PUBLIC_KEY_TYPE_LABELS] ?? p),
            trainedOnReferential: !!t.referentielTrainingDate,
            orderStatus: orderStatus.get(`${m.id}:${t.auditorId}`) ?? null,
          })),
          teamAnswer,
          canAnswerTeam:
            can(actor, "answerTeam", missionResource, record) &&
            status.teamShown &&
            !visitStarted &&
            !(teamAnswer?.current ?? false),
          documents: provided
            .filter((d) => d.missionId === m.id)
            .map((d) => ({
              id: d.id,
              name: d.name,
              url: links.url(d.id, "view"),
              createdAt: d.createdAt.toISOString(),
              mine: d.createdBy === actor.userId,
            })),
          requestedDocuments: m.requestedDocuments,
          canProvideDocuments: can(actor, "provideDocuments", missionResource, record),
          preliminaryReport: m.preliminarySentAt
            ? docLink(m.preliminaryDocumentId, names, "Rapport préliminaire")
            : null,
          observations: {
            due: deadlines.observationsDue,
            receivedAt: m.observationsReceivedAt,
            text: observations?.text ?? null,
            document: docLink(m.observationsDocumentId, names, "Observations"),
            canSend: can(actor, "sendObservations", missionResource, record) && closed === null,
            closedReason: m.preliminarySentAt ? closed : null,
          },
          finalReport: docLink(m.finalDocumentId, names, "Rapport définitif"),
          version: m.version,
        };
      });
      return { items };
    },

    /** The ESSMS accepts the proposed team or objects to it (reason), before the visit starts. */
    async answerTeam(
      actor: Actor,
      id: string,
      input: { decision: ClientTeamDecision; reason?: string | undefined; version: number },
      requestId?: string,
    ) {
      await loadForClient(actor, id, "answerTeam");
      await writeMission(
        actor,
        id,
        "answerTeam",
        input.version,
        async (tx, { row, team }) => {
          if (row.firstDay && row.firstDay <= clock.today())
            throw conflict("La visite a commencé : l'équipe ne se discute plus depuis le portail.");
          const previous = (await portalRepo.latestAnswers(tx, [id])).get(id)?.team;
          if (teamAnswerOf(previous, team)?.current) throw conflict("Vous avez déjà répondu pour cette équipe.");
          // The same rule as the portal's texts (missionStatusText): a team not yet proposed is not answered.
          if (!previous && !(await lastClientProposals(tx, [id])).has(id))
            throw conflict("L'équipe d'évaluation ne vous a pas encore été proposée.");
          await portalRepo.insertAnswer(tx, {
            missionId: id,
            kind: "TEAM",
            decision: input.decision,
            text: input.decision === "OBJECT" ? (input.reason ?? null) : input.reason || null,
            team: team.map((t) => t.auditorId),
            answeredBy: actor.userId,
            answeredByLabel: actor.label,
            createdAt: clock.now(),
          });
          const names = team.map(fullName).join(", ");
          return {
            summary:
              input.decision === "ACCEPT"
                ? `Équipe acceptée par l'établissement (${actor.label}) : ${names}`
                : `Objection de l'établissement à l'équipe (${actor.label}) : ${input.reason ?? ""}`,
            action: "status",
            changes: { decision: input.decision, team: team.map((t) => t.auditorId) },
          };
        },
        requestId,
      );
      return { ok: true as const };
    },

    /** Checked before a file is read (404, 403, 409: deadline passed, already received). */
    async authorizeObservations(actor: Actor, id: string) {
      const { row } = await loadForClient(actor, id, "sendObservations");
      const settings = await repo.loadDeadlineSettings(db);
      const closed = observationsClosed(row, missionDeadlines(row, settings).observationsDue, clock.today());
      if (closed) throw conflict(closed);
      return row;
    },

    /** The ESSMS's observations (text, optional file) before their deadline; refused after it (409). */
    async sendObservations(
      actor: Actor,
      id: string,
      input: { text: string; version: number; file: File | null },
      requestId?: string,
    ) {
      const row = await this.authorizeObservations(actor, id);
      if (row.version !== input.version) throw staleVersion();
      const { client } = await repo.contextOf(db, row);
      const meta = {
        family: "CLIENT" as const,
        name: `Observations — ${client.raisonSocial}`,
        clientId: client.id,
        missionId: id,
        metaCode: "RECEPTION_OBSERVATIONS",
      };
      // The file, if any, is filed inside the mission's write, after its version and deadline: a refused
      // answer (409) leaves no document behind.
      const answer = (filed: PendingDocument | null) =>
        writeMission(
          actor,
          id,
          "sendObservations",
          input.version,
          async (tx, loaded) => {
            const locked = loaded.row;
            const settings = await repo.loadDeadlineSettings(tx);
            const closed = observationsClosed(
              locked,
              missionDeadlines(locked, settings).observationsDue,
              clock.today(),
            );
            if (closed) throw conflict(closed);
            const doc = filed ? await filed.file(tx) : null;
            await mailObservationsToCoordinator(tx, deps.enqueueMail, actor, loaded, doc, requestId);
            await portalRepo.insertAnswer(tx, {
              missionId: id,
              kind: "OBSERVATIONS",
              text: input.text,
              documentId: doc?.id ?? null,
              answeredBy: actor.userId,
              answeredByLabel: actor.label,
              createdAt: clock.now(),
            });
            return {
              values: {
                observationsReceivedAt: clock.today(),
                ...(doc ? { observationsDocumentId: doc.id } : {}),
              },
              summary: `Observations de l'établissement reçues depuis le portail (${actor.label})`,
              action: "status",
            };
          },
          requestId,
        );
      if (input.file) await deps.withUpload(actor, { meta, file: input.file, requestId }, answer);
      else await answer(null);
      deps.onMailQueued?.();
      return { ok: true as const };
    },

    async authorizeDocuments(actor: Actor, id: string) {
      await loadForClient(actor, id, "provideDocuments");
    },

    /**
     * A document asked of the ESSMS for its evaluation, stored with the mission. Sent for an item of
     * the checklist (`itemId`), it is named after it and ticks it received, in the same transaction.
     */
    async provideDocument(
      actor: Actor,
      id: string,
      input: { name: string; itemId?: string | undefined; file: File },
      requestId?: string,
    ) {
      const { row } = await loadForClient(actor, id, "provideDocuments");
      const item = input.itemId ? requestedItem(row, input.itemId) : null;
      const { client } = await repo.contextOf(db, row);
      const name = input.name.trim() || item?.label || input.file.fileName.replace(/\.[^.]+$/, "");
      if (name.length > 200) throw badRequest("Le nom du document ne peut pas dépasser 200 caractères.");
      const meta = {
        family: "CLIENT" as const,
        name,
        clientId: client.id,
        missionId: id,
        metaCode: portalRepo.CLIENT_PROVIDED_META_CODE,
      };
      const doc = await deps.withUpload(actor, { meta, file: input.file, requestId }, async (filed) => {
        if (!item) return db.transaction((tx) => filed.file(tx));
        let stored: Awaited<ReturnType<typeof filed.file>> | null = null;
        await writeMission(
          actor,
          id,
          "provideDocuments",
          row.version,
          async (tx, { row: locked }) => {
            // Read again under the lock: the staff may have changed the checklist meanwhile.
            const asked = requestedItem(locked, item.id);
            stored = await filed.file(tx);
            return {
              values: {
                requestedDocuments: locked.requestedDocuments.map((i) =>
                  i.id === asked.id ? { ...i, received: true } : i,
                ),
              },
              summary: `Document demandé reçu de l'établissement (${actor.label}) : ${asked.label}`,
              changes: { requestedDocument: asked.id, document: stored.id },
            };
          },
          requestId,
        );
        if (!stored) throw new Error("document not filed");
        return stored;
      });
      return { id: doc.id, name };
    },
  };
}

/** An item of the mission's checklist of requested documents; 422 when it is no longer asked for. */
function requestedItem(row: repo.MissionRow, itemId: string) {
  const item = row.requestedDocuments.find((i) => i.id === itemId);
  if (!item) throw unprocessable("Ce document n'est plus demandé : actualisez la page.");
  return item;
}

export type MissionPortalService = ReturnType<typeof createMissionPortalService>;

import {
  formatDate,
  formatDecimal,
  type MissionPerformance,
  type MissionSatisfaction,
  type PerformanceBody,
  REF_CRITERIA,
  type RefCriterion,
  SATISFACTION_QUESTIONS,
  SATISFACTION_SCALE,
  type SatisfactionAnswerBody,
} from "@certidesk/shared";
import type { Database, Executor } from "../../db/client.js";
import type { Actor, AuditActor } from "../../lib/actor.js";
import { SYSTEM_ACTOR } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { addDaysToInstant, type Clock } from "../../lib/clock.js";
import { badRequest, conflict, notFound, staleVersion } from "../../lib/errors.js";
import { type CompanyIdentity, renderPdf } from "../../lib/pdf/pdf-service.js";
import { authorize, can } from "../../lib/policy.js";
import type { DocumentLinks, DocumentsService } from "../documents/index.js";
import { enqueueMail } from "../mail/index.js";
import { auditorMoneyResource, missionMoneyResource } from "./expenses.policy.js";
import * as repo from "./expenses.repository.js";
import { loadMission } from "./expenses.service.js";
import { SATISFACTION_LINK_DAYS, type SatisfactionLinks } from "./satisfaction-links.js";

/** The documents module's generated documents, filed inside the caller's write. */
export type WithDocument = DocumentsService["withDocument"];

export interface QualityDeps {
  db: Database;
  clock: Clock;
  links: DocumentLinks;
  satisfactionLinks: SatisfactionLinks;
  identity: () => Promise<CompanyIdentity>;
  withDocument: WithDocument;
  onMailQueued?: () => void;
}

const average = (values: number[]) =>
  values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100 : null;
const scaleLabel = (v: number) => SATISFACTION_SCALE.find((s) => s.value === v)?.label ?? String(v);

/**
 * Quality of a mission: each evaluator's work scored against the RefCriteria by the quality profile,
 * and the client's satisfaction questionnaire (mailed, answered once on a public form, sent to the
 * evaluators once).
 */
export function createQualityService(deps: QualityDeps) {
  const { db, clock, links, satisfactionLinks } = deps;

  async function performance(actor: Actor, missionId: string): Promise<MissionPerformance> {
    const { facts, record } = await loadMission(db, clock, actor, missionId, "read");
    const [scores, versions] = await Promise.all([repo.scoresOf(db, missionId), repo.reviewVersions(db, missionId)]);
    const staff = can(actor, "read", auditorMoneyResource, { auditorId: "" });
    return {
      items: facts.team
        .filter((m) => staff || m.auditorId === actor.auditorId)
        .map((m) => {
          const mine = scores.filter((s) => s.auditorId === m.auditorId);
          const latest = mine.reduce<(typeof mine)[number] | null>(
            (a, s) => (!a || s.scoredAt > a.scoredAt ? s : a),
            null,
          );
          return {
            auditorId: m.auditorId,
            auditorName: `${m.firstName} ${m.lastName}`,
            criteria: REF_CRITERIA.map((code) => {
              const s = mine.find((x) => x.criterion === code);
              return { refCriteriaVO: code, commentary: s?.commentary ?? null, point: s?.point ?? null };
            }),
            version: versions.find((v) => v.auditorId === m.auditorId)?.version ?? 0,
            scoredAt: latest?.scoredAt.toISOString() ?? null,
            scoredBy: latest?.scoredBy ?? null,
          };
        }),
      canScore: can(actor, "score", missionMoneyResource, record),
    };
  }

  async function satisfaction(actor: Actor, missionId: string): Promise<MissionSatisfaction> {
    const { facts, record } = await loadMission(db, clock, actor, missionId, "read");
    const s = facts.survey;
    const docName = await repo.surveyDocumentName(db, s?.documentId ?? null);
    return {
      survey: s
        ? {
            id: s.id,
            sentTo: s.sentTo,
            sentAt: s.sentAt.toISOString(),
            expiresAt: s.expiresAt.toISOString(),
            answeredAt: s.answeredAt?.toISOString() ?? null,
            answers: s.answers ?? null,
            comment: s.comment,
            average: s.answers ? average(Object.values(s.answers)) : null,
            document: s.documentId
              ? { id: s.documentId, name: docName ?? "Questionnaire", url: links.url(s.documentId, "view") }
              : null,
            sentToAuditorsAt: s.sentToAuditorsAt?.toISOString() ?? null,
          }
        : null,
      canSend: can(actor, "sendSatisfaction", missionMoneyResource, record),
      isSendSatisfactionToAuditor: can(actor, "sendSatisfactionToAuditor", missionMoneyResource, record),
    };
  }

  /** The survey a token opens, or why not (404 unknown, 409 answered or expired). */
  async function openSurvey(token: string) {
    const id = satisfactionLinks.verify(token);
    const survey = id ? await repo.findSurvey(db, id) : null;
    if (!survey) throw notFound("Ce lien de questionnaire n'est pas valide.");
    if (survey.answeredAt) throw conflict("Ce questionnaire a déjà reçu une réponse. Merci de votre participation.");
    if (survey.expiresAt <= clock.now()) throw conflict("Ce lien de questionnaire a expiré.");
    const facts = await repo.missionFacts(db, survey.missionId);
    if (!facts) throw notFound("Ce lien de questionnaire n'est pas valide.");
    return { survey, facts };
  }

  async function answersPdf(facts: repo.MissionFacts, body: { answers: Record<string, number>; comment: string }) {
    const identity = await deps.identity();
    return renderPdf(
      identity,
      `Questionnaire de satisfaction — ${facts.raisonSocial}`,
      [
        { text: `Questionnaire de satisfaction — ${facts.raisonSocial}`, style: "title" },
        {
          text: `Évaluation ${facts.mission.firstDay ? `du ${formatDate(facts.mission.firstDay)}` : ""} · Évaluateurs : ${facts.team.map((m) => `${m.firstName} ${m.lastName}`).join(", ")}`,
          style: "small",
        },
        {
          table: {
            widths: ["*", 140],
            body: [
              [
                { text: "Question", style: "tableHeader" },
                { text: "Réponse", style: "tableHeader" },
              ],
              ...SATISFACTION_QUESTIONS.map((q) => [
                q.label,
                body.answers[q.code] ? scaleLabel(body.answers[q.code] ?? 0) : "—",
              ]),
            ],
          },
          layout: "lightHorizontalLines",
          margin: [0, 12, 0, 12],
        },
        { text: "Commentaire", style: "subtitle" },
        { text: body.comment || "Aucun commentaire." },
      ],
      { creationDate: clock.now() },
    );
  }

  /**
   * Records the questionnaire and queues its mail in one transaction. "claim" sends only if none was
   * sent (the automatic job); "resend" renews the link of an unanswered one (the staff's button).
   * The mail carries a signed link: marked secret, so the mail screens never show it to staff.
   */
  async function queueQuestionnaire(
    tx: Executor,
    actor: AuditActor,
    target: {
      missionId: string;
      clientId: string;
      raisonSocial: string;
      recipient: { email: string | null; firstName: string; lastName: string };
    },
    mode: "claim" | "resend",
    requestId?: string,
  ) {
    const email = target.recipient.email;
    if (!email) return false;
    const now = clock.now();
    const values = {
      missionId: target.missionId,
      sentTo: email,
      sentAt: now,
      expiresAt: addDaysToInstant(now, SATISFACTION_LINK_DAYS),
    };
    const survey = mode === "claim" ? await repo.claimSurvey(tx, values) : await repo.upsertSurvey(tx, values);
    if (!survey) return false;
    await enqueueMail(
      tx,
      actor,
      {
        to: [email],
        templateCode: "SATISFACTION_QUESTIONNAIRE",
        variables: {
          client: { raisonSocial: target.raisonSocial },
          contact: { firstName: target.recipient.firstName, lastName: target.recipient.lastName },
          link: satisfactionLinks.url(survey.id),
        },
        clientId: target.clientId,
        missionId: target.missionId,
        relatedType: "MISSION_SATISFACTION_IN_EMAIL",
        relatedId: survey.id,
        containsSecret: true,
      },
      requestId,
    );
    return true;
  }

  return {
    performance,

    async score(actor: Actor, missionId: string, body: PerformanceBody, requestId?: string) {
      const { facts } = await loadMission(db, clock, actor, missionId, "score");
      const member = facts.team.find((m) => m.auditorId === body.auditorId);
      if (!member) throw badRequest("Cet évaluateur ne fait pas partie de l'équipe de la mission.");
      const rows = body.criteria
        .filter((c) => c.point != null || (c.commentary ?? "").trim() !== "")
        .map((c) => ({ criterion: c.refCriteriaVO, point: c.point ?? null, commentary: c.commentary?.trim() || null }));
      await db.transaction(async (tx) => {
        const key = { missionId, auditorId: body.auditorId };
        if (!(await repo.claimReviewVersion(tx, key, body.version, clock.now()))) throw staleVersion();
        await repo.replaceScores(tx, key, rows, actor.label, clock.now());
        await writeAudit(
          tx,
          actor,
          {
            action: "update",
            entityType: "mission",
            entityId: missionId,
            summary: `Performance de ${member.firstName} ${member.lastName} évaluée`,
            changes: Object.fromEntries(rows.map((r) => [r.criterion, r.point])),
          },
          requestId,
        );
      });
      return performance(actor, missionId);
    },

    async auditorPerformance(actor: Actor, auditorId: string) {
      if (!(await repo.auditorExists(db, auditorId))) throw notFound(auditorMoneyResource.notFound);
      authorize(actor, "read", auditorMoneyResource, { auditorId });
      const { perCriterion, perMission } = await repo.averagesOfAuditor(db, auditorId);
      return {
        criteria: REF_CRITERIA.map((code: RefCriterion) => {
          const row = perCriterion.find((r) => r.criterion === code);
          return {
            refCriteriaVO: code,
            average: row?.average ? Number(row.average) : null,
            count: Number(row?.n ?? 0),
          };
        }),
        missions: perMission.map((m) => ({
          missionId: m.missionId,
          label: m.label,
          day: m.day,
          average: m.average === null ? null : Number(m.average),
        })),
      };
    },

    satisfaction,

    /** Mails the questionnaire to the ESSMS (MISSION_SATISFACTION_IN_EMAIL) with its signed link, again if asked. */
    async sendSatisfaction(actor: Actor, missionId: string, requestId?: string) {
      const { facts } = await loadMission(db, clock, actor, missionId, "sendSatisfaction");
      const recipient = await repo.clientRecipient(db, facts.mission.clientId, facts.clientEmail);
      if (!recipient.email)
        throw badRequest("Aucune adresse e-mail pour l'établissement : renseignez son contact principal.");
      await db.transaction(async (tx) => {
        const queued = await queueQuestionnaire(
          tx,
          actor,
          { missionId, clientId: facts.mission.clientId, raisonSocial: facts.raisonSocial, recipient },
          "resend",
          requestId,
        );
        if (!queued) throw conflict("L'établissement a déjà répondu au questionnaire.");
      });
      deps.onMailQueued?.();
      return satisfaction(actor, missionId);
    },

    /**
     * The questionnaires due today (Settings › Frais: N days after the visit's last day), each mailed
     * once: the questionnaire row is the claim, inserted with its mail, so several servers never send
     * it twice. Visits ended more than a month before the due day are left alone (a base upgraded or a
     * setting changed does not mail old clients).
     */
    async sendDueSatisfactions(): Promise<number> {
      const { satisfactionAfterDays } = await repo.loadExpenseSettings(db);
      if (satisfactionAfterDays === null) return 0;
      let sent = 0;
      for (const due of await repo.missionsDueForSatisfaction(db, clock.today(), satisfactionAfterDays)) {
        const recipient = await repo.clientRecipient(db, due.clientId, due.clientEmail);
        if (!recipient.email) continue;
        const queued = await db.transaction((tx) =>
          queueQuestionnaire(tx, SYSTEM_ACTOR, { ...due, recipient }, "claim"),
        );
        if (queued) sent++;
      }
      if (sent) deps.onMailQueued?.();
      return sent;
    },

    /** The public form's header (no account): 404 for a bad link, 409 once answered or expired. */
    async form(token: string) {
      const { facts } = await openSurvey(token);
      const identity = await deps.identity();
      return {
        establishment: facts.raisonSocial,
        companyName: identity.configuration.companyName,
        visit: facts.mission.firstDay,
        evaluators: facts.team.map((m) => `${m.firstName} ${m.lastName}`),
      };
    },

    /** Stores the answers once (a second answer, or an expired link, is refused with 409). */
    async answer(body: SatisfactionAnswerBody, requestId?: string) {
      const { survey, facts } = await openSurvey(body.token);
      const answers = Object.fromEntries(
        Object.entries(body.answers).filter(([, v]) => typeof v === "number"),
      ) as Record<string, number>;
      if (Object.keys(answers).length === 0) throw badRequest("Répondez au moins à une question.");
      const comment = body.comment ?? "";
      const actor: AuditActor = { userId: null, label: `${facts.raisonSocial} (questionnaire)` };
      await db.transaction(async (tx) => {
        const saved = await repo.answerSurvey(tx, survey.id, { answers, comment, now: clock.now() });
        if (!saved) throw conflict("Ce questionnaire a déjà reçu une réponse. Merci de votre participation.");
        await writeAudit(
          tx,
          actor,
          {
            action: "create",
            entityType: "mission",
            entityId: facts.mission.id,
            summary: "Questionnaire de satisfaction reçu",
          },
          requestId,
        );
      });
      // The answers as a document of the mission (PERFORMENCE_CRITERIA_DOC), filed after the answer.
      const pdf = await answersPdf(facts, { answers, comment });
      const meta = {
        family: "CLIENT" as const,
        name: `Questionnaire de satisfaction — ${facts.raisonSocial}`,
        clientId: facts.mission.clientId,
        missionId: facts.mission.id,
        metaCode: "PERFORMENCE_CRITERIA_DOC",
      };
      // The PDF and the survey's link to it together (a failure leaves neither).
      await deps.withDocument(
        SYSTEM_ACTOR,
        { meta, file: { fileName: "questionnaire-satisfaction.pdf", data: pdf } },
        (filed) => db.transaction(async (tx) => repo.setSurveyDocument(tx, survey.id, (await filed.file(tx)).id)),
      );
      return { ok: true as const };
    },

    /**
     * The spec's sendSatisfactionToAuditor: the answers mailed to the evaluators, once. `within` runs
     * in the same transaction (the alerts page records the sending on its alert).
     */
    async sendSatisfactionToAuditor(
      actor: Actor,
      missionId: string,
      requestId?: string,
      within?: (tx: Executor) => Promise<void>,
    ) {
      const { facts } = await loadMission(db, clock, actor, missionId, "sendSatisfactionToAuditor");
      const survey = facts.survey;
      if (!survey) throw conflict("Aucun questionnaire pour cette mission.");
      const recipients = facts.team.filter((m) => m.email);
      if (recipients.length === 0) throw badRequest("Aucun évaluateur de l'équipe n'a d'adresse e-mail.");
      const lines = SATISFACTION_QUESTIONS.map(
        (q) => `- ${q.label} : ${survey.answers?.[q.code] ? scaleLabel(survey.answers[q.code] ?? 0) : "sans réponse"}`,
      ).join("\n");
      const avg = average(Object.values(survey.answers ?? {}));
      await db.transaction(async (tx) => {
        const saved = await repo.markSentToAuditors(tx, survey.id, clock.now());
        if (!saved) throw conflict("Les réponses ont déjà été envoyées aux évaluateurs.");
        await enqueueMail(
          tx,
          actor,
          {
            to: recipients.map((m) => m.email as string),
            subject: `Retour de satisfaction — ${facts.raisonSocial}`,
            body:
              `Bonjour,\n\nVoici le retour de l'établissement ${facts.raisonSocial} sur l'évaluation` +
              `${facts.mission.firstDay ? ` du ${formatDate(facts.mission.firstDay)}` : ""} :\n\n${lines}\n\n` +
              `Moyenne : ${avg === null ? "—" : `${formatDecimal(avg)} / 4`}\n` +
              `Commentaire : ${survey.comment || "aucun"}\n\nMerci pour votre travail.`,
            attachments: survey.documentId
              ? [{ documentId: survey.documentId, fileName: "questionnaire-satisfaction.pdf" }]
              : undefined,
            missionId,
            relatedType: "SATISFACTION_TO_AUDITOR",
            relatedId: survey.id,
          },
          requestId,
        );
        await within?.(tx);
      });
      deps.onMailQueued?.();
      return satisfaction(actor, missionId);
    },
  };
}
export type QualityService = ReturnType<typeof createQualityService>;

import { datesWithModality, formatDate, type MissionDetail, type MissionRole, timeSlotById } from "@certidesk/shared";
import type { Database, Executor } from "../../db/client.js";
import type { Actor, AuditActor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import type { Clock } from "../../lib/clock.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { badRequest, conflict, forbidden, notFound, staleVersion } from "../../lib/errors.js";
import type { CompanyIdentity } from "../../lib/pdf/pdf-service.js";
import { authorize } from "../../lib/policy.js";
import type { DocumentsService, DocumentToFile } from "../documents/index.js";
import type { MissionLinks } from "./mission-links.js";
import { missionOrderFile, orderFileContext } from "./mission-order-file.js";
import type { PlanningChecks } from "./mission-rules.js";
import { missionWriter, touchMission } from "./mission-write.js";
import { missionOrderResource, missionResource } from "./missions.policy.js";
import * as repo from "./missions.repository.js";

/**
 * What the missions module needs of the documents and mail modules (wired in app.ts): documents filed inside
 * the mission's write, after its checks, so that a refused write leaves none behind.
 */
export type WithDocuments = DocumentsService["withDocuments"];
export interface MailToQueue {
  to: string[];
  templateCode: string;
  variables: Record<string, unknown>;
  attachments?: Array<{ documentId: string; fileName: string }>;
  clientId?: string | null;
  missionId?: string | null;
  relatedType?: string | null;
  relatedId?: string | null;
  /** A signed link inside: the mail screens hide the body from staff. */
  containsSecret?: boolean;
}
export type EnqueueMail = (tx: Executor, actor: AuditActor, input: MailToQueue, requestId?: string) => Promise<unknown>;

export interface MissionOrdersDeps {
  db: Database;
  clock: Clock;
  missionLinks: MissionLinks;
  identity: () => Promise<CompanyIdentity>;
  withDocuments: WithDocuments;
  enqueueMail: EnqueueMail;
  onMailQueued?: () => void;
  detail: (actor: Actor, id: string) => Promise<MissionDetail>;
  /** The planning rules of the missions service, run when an evaluator accepts (wired in app.ts). */
  acceptance?: {
    check: (
      actor: AuditActor,
      order: { missionId: string; auditorId: string; role: string },
      justification: string | undefined,
      requestId?: string,
    ) => Promise<PlanningChecks>;
    record: (
      tx: Executor,
      actor: AuditActor,
      overridden: PlanningChecks["overridden"],
      requestId?: string,
    ) => Promise<void>;
  };
}

type Answer = { kind: "ACCEPT"; justification?: string | undefined } | { kind: "REFUSE"; reason: string };
const fullName = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`;
const ANSWERED = "Cet ordre de mission a déjà reçu une réponse.";

export function createMissionOrdersService(deps: MissionOrdersDeps) {
  const { db, clock, missionLinks } = deps;
  const writeMission = missionWriter({ db, clock });

  /**
   * Before accepting, the evaluator's own checks (declared leave, another visit those days, an expired
   * document…): a blocking reason refuses, a warning needs their written reason. Outside the answer's
   * transaction (the checks read through the database); an order no longer SENT is left to it (409).
   */
  async function acceptanceChecks(
    who: { actor: Actor } | { link: true },
    orderId: string,
    justification: string | undefined,
    requestId?: string,
  ) {
    const order = await repo.findOrder(db, orderId);
    if (!order || !deps.acceptance) return null;
    if ("actor" in who) authorize(who.actor, "answer", missionOrderResource, order);
    if (order.status !== "SENT") return null;
    const person = await repo.findAuditor(db, order.auditorId);
    const actor: AuditActor =
      "actor" in who ? who.actor : { userId: null, label: `${person ? fullName(person) : ""} (lien de l'e-mail)` };
    return deps.acceptance.check(actor, order, justification, requestId);
  }

  /**
   * The answer, appended: a new row (ACCEPT or REFUSE) supersedes the SENT order, which never
   * changes. A refusal frees the evaluator's place in the team at once. The unique `supersedes`
   * index makes a second answer (or two at once) fail with 409.
   */
  async function answer(
    who: { actor: Actor } | { link: true },
    orderId: string,
    a: Answer,
    requestId?: string,
  ): Promise<{ missionId: string }> {
    const checks = a.kind === "ACCEPT" ? await acceptanceChecks(who, orderId, a.justification, requestId) : null;
    try {
      return await db.transaction(async (tx) => {
        const order = await repo.findOrderForUpdate(tx, orderId);
        if (!order) throw notFound(missionOrderResource.notFound);
        if ("actor" in who) authorize(who.actor, "answer", missionOrderResource, order);
        const [next] = await repo.currentOrders(tx, { id: orderId });
        if (!next) throw conflict(ANSWERED);
        if (order.status !== "SENT")
          throw conflict(order.status === "WAITING" ? "Cet ordre de mission n'a pas encore été envoyé." : ANSWERED);
        const name = fullName(next);
        const actor: AuditActor = "actor" in who ? who.actor : { userId: null, label: `${name} (lien de l'e-mail)` };
        const now = clock.now();
        await repo.insertOrders(tx, [
          {
            missionId: order.missionId,
            auditorId: order.auditorId,
            role: order.role,
            status: a.kind,
            documentId: order.documentId,
            sentAt: order.sentAt,
            answeredAt: now,
            answeredVia: "actor" in who ? "SESSION" : "LINK",
            refusalReason: a.kind === "REFUSE" ? a.reason : null,
            supersedes: order.id,
            createdBy: actor.userId,
            createdAt: now,
          },
        ]);
        if (checks) await deps.acceptance?.record(tx, actor, checks.overridden, requestId);
        if (a.kind === "REFUSE") {
          await repo.removeTeamMember(tx, order.missionId, order.auditorId);
          await touchMission(tx, order.missionId, now);
        }
        await writeAudit(
          tx,
          actor,
          {
            action: "status",
            entityType: "mission",
            entityId: order.missionId,
            summary:
              a.kind === "ACCEPT"
                ? `Ordre de mission accepté par ${name}`
                : `Ordre de mission refusé par ${name} : ${a.reason} (place libérée dans l'équipe)`,
            changes: { orderId, auditorId: order.auditorId },
          },
          requestId,
        );
        return { missionId: order.missionId };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(ANSWERED);
      throw error;
    }
  }

  function verifiedOrderId(p: string, token: string) {
    const verdict = missionLinks.verifyOrderAnswer(p, token);
    if (verdict === "expired") throw forbidden("Ce lien a expiré : répondez depuis votre espace évaluateur.");
    if (verdict === "invalid") throw forbidden("Ce lien n'est pas valide.");
    return verdict.orderId;
  }

  return {
    /**
     * Sends the mission orders (all waiting ones, or those of the named evaluators, again): for
     * each, the OM PDF stored as a mission document (MISSION_ORDER_AUDITOR) and a mail through the
     * outbox with the signed answer link; the new SENT row supersedes the previous one.
     */
    async send(
      actor: Actor,
      missionId: string,
      input: { auditorIds?: string[] | undefined; version: number },
      requestId?: string,
    ) {
      const loaded = await repo.findMission(db, missionId);
      if (!loaded) throw notFound(missionResource.notFound);
      authorize(actor, "sendOrders", missionResource, loaded.record);
      const { row } = loaded;
      if (row.version !== input.version) throw staleVersion(); // before rendering; checked again in the write
      const orders = await repo.currentOrders(db, { missionId });
      const onTeam = new Set(loaded.team.map((t) => t.auditorId));
      const targets = orders.filter((o) =>
        input.auditorIds
          ? input.auditorIds.includes(o.order.auditorId) && o.order.status !== "REFUSE" && onTeam.has(o.order.auditorId)
          : o.order.status === "WAITING",
      );
      if (input.auditorIds?.some((id) => !targets.some((t) => t.order.auditorId === id)))
        throw badRequest("Un ordre de mission ne s'envoie qu'à un membre de l'équipe.");
      if (targets.length === 0) throw conflict("Aucun ordre de mission à envoyer.");
      const days = await repo.daysOf(db, missionId);
      if (days.length === 0) throw conflict("Programmez les jours de visite avant d'envoyer les ordres de mission.");
      const people = await repo.auditorsWithFareClass(
        db,
        targets.map((t) => t.order.auditorId),
      );
      const noMail = people.filter((p) => !p.auditor.email);
      if (noMail.length)
        throw badRequest(`Adresse e-mail manquante pour ${noMail.map((p) => fullName(p.auditor)).join(", ")}.`);
      const context = await orderFileContext(db, row, await deps.identity(), clock.today());
      const { client } = context;
      const dates = datesWithModality(days.map((d) => formatDate(d.day)).join(", "), row.remote);
      const prepared: Array<{
        target: (typeof targets)[number];
        person: (typeof people)[number];
        pdf: DocumentToFile;
      }> = [];
      for (const target of targets) {
        const person = people.find((p) => p.auditor.id === target.order.auditorId);
        if (!person) continue;
        prepared.push({
          target,
          person,
          pdf: await missionOrderFile(context, person, target.order.role as MissionRole),
        });
      }
      try {
        // The PDFs are filed inside the mission's write, after its version: a stale send files none.
        await deps.withDocuments(
          actor,
          prepared.map((p) => p.pdf),
          (pending) =>
            writeMission(
              actor,
              missionId,
              "sendOrders",
              input.version,
              async (tx) => {
                for (const [i, { target, person }] of prepared.entries()) {
                  const filed = pending[i];
                  if (!filed) throw new Error("mission order PDF not staged");
                  const doc = await filed.file(tx);
                  const [sent] = await repo.insertOrders(tx, [
                    {
                      missionId,
                      auditorId: target.order.auditorId,
                      role: target.order.role,
                      status: "SENT",
                      documentId: doc.id,
                      sentAt: clock.now(),
                      supersedes: target.order.id,
                      createdBy: actor.userId,
                      createdAt: clock.now(),
                    },
                  ]);
                  if (!sent) throw new Error("mission order not inserted");
                  await deps.enqueueMail(
                    tx,
                    actor,
                    {
                      templateCode: "MISSION_ORDER",
                      to: [person.auditor.email ?? ""],
                      variables: {
                        auditor: { firstName: person.auditor.firstName },
                        client: { raisonSocial: client.raisonSocial, city: client.city ?? "" },
                        mission: { dates },
                        link: missionLinks.orderAnswerUrl(sent.id),
                      },
                      attachments: [{ documentId: doc.id, fileName: doc.fileName }],
                      clientId: client.id,
                      missionId,
                      relatedType: "missionOrder",
                      relatedId: sent.id,
                      // The answer link acts for the evaluator: staff reading the mail log must not see it.
                      containsSecret: true,
                    },
                    requestId,
                  );
                }
                return {
                  summary: `Ordres de mission envoyés à ${prepared.map((p) => fullName(p.person.auditor)).join(", ")}`,
                  action: "status",
                };
              },
              requestId,
            ),
        );
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict("Ces ordres de mission viennent d'être envoyés : rechargez la page.");
        throw error;
      }
      deps.onMailQueued?.();
      return deps.detail(actor, missionId);
    },

    async accept(actor: Actor, orderId: string, justification: string | undefined, requestId?: string) {
      const { missionId } = await answer({ actor }, orderId, { kind: "ACCEPT", justification }, requestId);
      return deps.detail(actor, missionId);
    },

    async refuse(actor: Actor, orderId: string, reason: string, requestId?: string) {
      const { missionId } = await answer({ actor }, orderId, { kind: "REFUSE", reason }, requestId);
      // The evaluator who refused is no longer on the team: they no longer see the mission.
      return { ok: true as const, missionId };
    },

    /** What the signed link opens: the order, without a session. */
    async byLink(p: string, token: string) {
      const orderId = verifiedOrderId(p, token);
      const [current] = await repo.currentOrders(db, { id: orderId });
      const order = current?.order ?? (await repo.findOrder(db, orderId));
      if (!order) throw notFound(missionOrderResource.notFound);
      const loaded = await repo.findMission(db, order.missionId);
      if (!loaded) throw notFound(missionResource.notFound);
      const { client } = await repo.contextOf(db, loaded.row);
      const days = await repo.daysOf(db, order.missionId);
      const person = await repo.findAuditor(db, order.auditorId);
      return {
        orderId,
        status: current ? order.status : "ANSWERED",
        answerable: Boolean(current) && order.status === "SENT",
        auditorName: person ? fullName(person) : "",
        raisonSocial: client.raisonSocial,
        city: client.city,
        days: days.map((d) => ({ day: d.day, timeSlot: timeSlotById(d.timeSlotId)?.value ?? "" })),
      };
    },

    async answerByLink(
      input: {
        p: string;
        token: string;
        answer: "ACCEPT" | "REFUSE";
        reason?: string | undefined;
        justification?: string | undefined;
      },
      requestId?: string,
    ) {
      const orderId = verifiedOrderId(input.p, input.token);
      if (input.answer === "REFUSE" && (input.reason ?? "").length < 3) throw badRequest("Indiquez le motif du refus.");
      await answer(
        { link: true },
        orderId,
        input.answer === "ACCEPT"
          ? { kind: "ACCEPT", justification: input.justification }
          : { kind: "REFUSE", reason: input.reason ?? "" },
        requestId,
      );
      return { ok: true as const };
    },
  };
}

export type MissionOrdersService = ReturnType<typeof createMissionOrdersService>;

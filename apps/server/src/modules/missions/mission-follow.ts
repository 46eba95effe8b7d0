import { formatDate, type MissionRole } from "@certidesk/shared";
import type { Executor } from "../../db/client.js";
import type { AuditActor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import type { Clock } from "../../lib/clock.js";
import type { CompanyIdentity } from "../../lib/pdf/pdf-service.js";
import type { DocumentToFile, FiledDocument } from "../documents/index.js";
import { followSummary, type OverriddenCheck, type Told } from "./mission-follow-summary.js";
import type { MissionLinks } from "./mission-links.js";
import { establishmentRecipient } from "./mission-mails.js";
import { missionOrderFile, orderFileContext } from "./mission-order-file.js";
import type { EnqueueMail } from "./mission-orders.service.js";
import * as repo from "./missions.repository.js";

export type { OverriddenCheck } from "./mission-follow-summary.js";

/** Files a generated document inside the caller's transaction (documents' `withDocumentsOnTheWay`). */
export type FileDocument = (tx: Executor, item: DocumentToFile) => Promise<FiledDocument>;
export type WithDocumentsOnTheWay = <T>(actor: AuditActor, write: (file: FileDocument) => Promise<T>) => Promise<T>;

export interface MissionFollowDeps {
  clock: Clock;
  missionLinks: MissionLinks;
  identity: () => Promise<CompanyIdentity>;
  withDocumentsOnTheWay: WithDocumentsOnTheWay;
  enqueueMail: EnqueueMail;
  onMailQueued?: () => void;
}

/** The days and team of one mission as they were before a save: what the change is measured against. */
export interface MissionSnapshot {
  missionId: string;
  days: Array<{ day: string; timeSlotId: number }>;
  team: Awaited<ReturnType<typeof repo.teamOf>>;
}

/** What a save hands to the follow-up: a way to file the new PDFs, and the company's identity printed on them. */
export interface Filing {
  file: FileDocument;
  /** Read before the transaction: PGlite's one connection is held by it. */
  identity: CompanyIdentity;
}

export interface FollowChange {
  actor: AuditActor;
  before: MissionSnapshot;
  filing: Filing;
  /** The checks the planner overrode for this change, each with its justification (written in the history). */
  overrides: OverriddenCheck[];
  requestId?: string | undefined;
}

const fullName = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`;
const datesOf = (days: Array<{ day: string }>) => days.map((d) => formatDate(d.day)).join(", ");
const dayKey = (days: Array<{ day: string; timeSlotId: number }>) =>
  days.map((d) => `${d.day}/${d.timeSlotId}`).join(",");
const isOut = (status: string) => status === "SENT" || status === "ACCEPT";

/**
 * What follows a saved change of a mission's days or team, inside the transaction of the save (so nothing
 * is sent if the save fails): each order already sent or accepted whose dates or role no longer hold is
 * superseded by a new order (new PDF, mail with a new answer link) that waits for a new answer; the order
 * of an evaluator who left the team is superseded by a CANCELLED row and they are told; a newcomer's order
 * goes out at once when the others already have theirs; the establishment is told of new dates (portal and
 * MISSION_DATES_CHANGED). Old rows are never edited. One history entry says who moved what, who was told,
 * and which checks were overridden and why.
 */
export function createMissionFollow(deps: MissionFollowDeps) {
  const { clock, missionLinks } = deps;

  async function snapshot(tx: Executor, missionId: string): Promise<MissionSnapshot> {
    const days = await repo.daysOf(tx, missionId);
    return {
      missionId,
      days: days.map((d) => ({ day: d.day, timeSlotId: d.timeSlotId })),
      team: await repo.teamOf(tx, [missionId]),
    };
  }

  async function followMissionChange(tx: Executor, change: FollowChange) {
    const { actor, before, requestId } = change;
    const loaded = await repo.findMission(tx, before.missionId);
    if (!loaded) throw new Error(`mission ${before.missionId} vanished during its own write`);
    const after = await snapshot(tx, before.missionId);
    const datesMoved = dayKey(before.days) !== dayKey(after.days);
    const was = new Map(before.team.map((t) => [t.auditorId, t]));
    const added = after.team.filter((t) => !was.has(t.auditorId));
    const removed = before.team.filter((t) => !after.team.some((a) => a.auditorId === t.auditorId));
    const roleChanged = after.team.filter((t) => was.has(t.auditorId) && was.get(t.auditorId)?.role !== t.role);
    if (!datesMoved && added.length === 0 && removed.length === 0 && roleChanged.length === 0) return;

    const orders = await repo.currentOrders(tx, { missionId: before.missionId });
    const context = await orderFileContext(tx, loaded.row, change.filing.identity, clock.today());
    const { client } = context;
    const people = await repo.auditorsWithFareClass(
      tx,
      after.team.map((t) => t.auditorId),
    );
    const told: Told = { renewed: [], sent: [], cancelled: [], withoutEmail: [], establishment: null };
    const now = clock.now();
    const mailBase = { clientId: client.id, missionId: before.missionId, relatedType: "missionOrder" };
    const place = { raisonSocial: client.raisonSocial, city: client.city ?? "" };

    /** A new SENT order superseding `previous`: its PDF, its row, its mail with the answer link. */
    async function sendOrder(previous: (typeof orders)[number]["order"], role: MissionRole, template: string) {
      const person = people.find((p) => p.auditor.id === previous.auditorId);
      if (!person) return;
      const doc = await change.filing.file(tx, await missionOrderFile(context, person, role));
      const [sent] = await repo.insertOrders(tx, [
        {
          missionId: before.missionId,
          auditorId: previous.auditorId,
          role,
          status: "SENT",
          documentId: doc.id,
          sentAt: now,
          supersedes: previous.id,
          createdBy: actor.userId,
          createdAt: now,
        },
      ]);
      if (!sent) throw new Error("mission order not inserted");
      const name = fullName(person.auditor);
      (template === "MISSION_ORDER" ? told.sent : told.renewed).push(name);
      if (!person.auditor.email) return void told.withoutEmail.push(name);
      await deps.enqueueMail(
        tx,
        actor,
        {
          templateCode: template,
          to: [person.auditor.email],
          variables: {
            auditor: { firstName: person.auditor.firstName },
            client: place,
            mission: { dates: datesOf(after.days), previousDates: datesOf(before.days) || "à programmer" },
            link: missionLinks.orderAnswerUrl(sent.id),
          },
          attachments: [{ documentId: doc.id, fileName: doc.fileName }],
          ...mailBase,
          relatedId: sent.id,
          // The answer link acts for the evaluator: staff reading the mail log must not see it.
          containsSecret: true,
        },
        requestId,
      );
    }

    const ordersWereOut = orders.some((o) => isOut(o.order.status));
    for (const { order } of orders) {
      const member = after.team.find((t) => t.auditorId === order.auditorId);
      const leaving = removed.find((t) => t.auditorId === order.auditorId);
      if (member && isOut(order.status) && (datesMoved || member.role !== order.role))
        await sendOrder(order, member.role as MissionRole, "MISSION_ORDER_CHANGED");
      else if (member && order.status === "WAITING" && ordersWereOut && added.includes(member))
        await sendOrder(order, member.role as MissionRole, "MISSION_ORDER");
      else if (leaving && isOut(order.status)) {
        await repo.insertOrders(tx, [
          {
            missionId: before.missionId,
            auditorId: order.auditorId,
            role: order.role,
            status: "CANCELLED",
            documentId: order.documentId,
            sentAt: order.sentAt,
            supersedes: order.id,
            createdBy: actor.userId,
            createdAt: now,
          },
        ]);
        told.cancelled.push(fullName(leaving));
        if (!leaving.email) told.withoutEmail.push(fullName(leaving));
        else
          await deps.enqueueMail(
            tx,
            actor,
            {
              templateCode: "MISSION_ORDER_CANCELLED",
              to: [leaving.email],
              variables: {
                auditor: { firstName: leaving.firstName },
                client: place,
                mission: { dates: datesOf(before.days) },
              },
              ...mailBase,
              relatedId: order.id,
            },
            requestId,
          );
      }
    }

    // The establishment hears of new dates (it already knew the old ones from its contract and portal).
    if (datesMoved && before.days.length > 0 && after.days.length > 0) {
      const to = await establishmentRecipient(tx, client.id, client.email);
      told.establishment = to?.email ?? "";
      if (to)
        await deps.enqueueMail(
          tx,
          actor,
          {
            templateCode: "MISSION_DATES_CHANGED",
            to: [to.email],
            variables: {
              client: place,
              contact: { firstName: to.firstName, lastName: to.lastName },
              mission: { dates: datesOf(after.days), previousDates: datesOf(before.days) },
            },
            ...mailBase,
            relatedType: "mission",
            relatedId: before.missionId,
          },
          requestId,
        );
    }

    const { summary, changes } = followSummary({
      datesBefore: datesOf(before.days),
      datesAfter: datesOf(after.days),
      datesMoved,
      added: added.map(fullName),
      removed: removed.map(fullName),
      roleChanged: roleChanged.map(fullName),
      told,
      overrides: change.overrides,
    });
    await writeAudit(
      tx,
      actor,
      { action: "replan", entityType: "mission", entityId: before.missionId, summary, changes },
      requestId,
    );
  }

  return {
    snapshot,
    followMissionChange,
    /**
     * Runs a save of days or team: the new orders' PDFs it filed are removed if it fails; once it
     * succeeded, the mail worker is woken for the mails it queued.
     */
    async saving<T>(actor: AuditActor, save: (filing: Filing) => Promise<T>): Promise<T> {
      const identity = await deps.identity();
      const saved = await deps.withDocumentsOnTheWay(actor, (file) => save({ file, identity }));
      deps.onMailQueued?.();
      return saved;
    },
  };
}

export type MissionFollow = ReturnType<typeof createMissionFollow>;

import { type AlertHistoryEntry, type AlertPageCode, PERFORMANCE_WITHOUT_SATISFACTION_TYPE } from "@certidesk/shared";
import type { Database, Executor } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { type Clock, type IsoDate, systemClock } from "../../lib/clock.js";
import { badRequest, notFound, unprocessable } from "../../lib/errors.js";
import type { AlertRule } from "./alert-rule.js";
import { actionsOf, findCase, insertAction, thresholds } from "./alerts.repository.js";
import { rulesFor } from "./registry.js";

export type AlertAction =
  | "REMOVED"
  | "ARCHIVED"
  | "CONFIRMED"
  | "COMMENTED"
  | "POSTPONED"
  | "HANDLED"
  | "SATISFACTION_SENT";

const SUMMARIES: Record<AlertAction, string> = {
  REMOVED: "Alerte supprimée",
  ARCHIVED: "Alerte archivée",
  CONFIRMED: "Alerte confirmée",
  COMMENTED: "Commentaire sur l'alerte",
  POSTPONED: "Alerte reportée",
  HANDLED: "Demande traitée",
  SATISFACTION_SENT: "Questionnaire de satisfaction envoyé à l'évaluateur",
};

/** What an action call needs from the alert it names: its rule, its record and its case now. */
export interface LoadedAlert {
  key: string;
  rule: AlertRule;
  recordId: string;
  dueDate: IsoDate | null;
}

/**
 * What users do to an alert: each call finds the alert (its rule visible to the actor, its case
 * current: else 404), checks what the rule allows, then stores the action against the alert's key
 * and writes the audit log, in one transaction.
 */
export function createAlertActionsService({ db, clock = systemClock }: { db: Database; clock?: Clock }) {
  /** The alert behind `id` ("rule-code:record-id") as the actor may see it now; 404 otherwise. */
  async function load(actor: Actor, id: string, page?: AlertPageCode): Promise<LoadedAlert> {
    const cut = id.indexOf(":");
    const code = id.slice(0, cut);
    const recordId = id.slice(cut + 1);
    const rule = rulesFor(actor).find((r) => r.code === code);
    if (cut < 1 || !rule || (page && rule.page !== page) || !recordId) throw notFound("Cette alerte n'existe pas.");
    const days = (await thresholds(db, [rule])).get(rule.code) ?? 0;
    const found = await findCase({ db, today: clock.today(), now: clock.now() }, rule, recordId, days);
    if (!found) throw notFound("Cette alerte n'existe plus : la situation a changé.");
    return { key: id, rule, recordId, dueDate: found.due_date };
  }

  async function record(
    tx: Executor,
    actor: Actor,
    alert: LoadedAlert,
    action: AlertAction,
    extra: { text?: string | null; date?: IsoDate | null } = {},
  ) {
    await insertAction(tx, {
      alertKey: alert.key,
      alertType: alert.rule.code,
      action,
      text: extra.text ?? null,
      date: extra.date ?? null,
      dueDate: alert.dueDate,
      actorId: actor.userId,
      actorLabel: actor.label,
      at: clock.now(),
    });
    await writeAudit(tx, actor, {
      action: `alert.${action.toLowerCase()}`,
      entityType: "alert",
      entityId: alert.key,
      summary: `${SUMMARIES[action]} : ${alert.rule.title}`,
      changes: { ...(extra.text ? { text: extra.text } : {}), ...(extra.date ? { date: extra.date } : {}) },
    });
  }

  /** One action on one alert, in one transaction. */
  const act = async (
    actor: Actor,
    id: string,
    action: AlertAction,
    options: { page?: AlertPageCode; check?: (alert: LoadedAlert) => void; text?: string; date?: IsoDate } = {},
  ) => {
    const alert = await load(actor, id, options.page);
    options.check?.(alert);
    await db.transaction((tx) => record(tx, actor, alert, action, options));
    return { ok: true as const };
  };

  return {
    load,
    record,

    /** DELETE: the alert leaves its list (hidden for the performance type the spec protects). */
    remove: (actor: Actor, id: string) =>
      act(actor, id, "REMOVED", {
        check: (a) => {
          if (a.rule.code === PERFORMANCE_WITHOUT_SATISFACTION_TYPE)
            throw unprocessable("Cette alerte ne se supprime pas : la satisfaction reste à recueillir.");
        },
      }),

    /** CONFIRM (remove-alert-supervision): only a removable alert. */
    confirm: (actor: Actor, id: string) =>
      act(actor, id, "CONFIRMED", {
        check: (a) => {
          if (!a.rule.removable) throw unprocessable("Cette alerte ne se confirme pas : commentez-la.");
        },
      }),

    /** saveAlertDate: the alert leaves its list until `date` (a day after today). */
    postpone: (actor: Actor, id: string, date: IsoDate) =>
      act(actor, id, "POSTPONED", {
        date,
        check: () => {
          if (date <= clock.today()) {
            const message = "Choisissez une date après aujourd'hui.";
            throw badRequest(message, [{ path: "body.date", message }]);
          }
        },
      }),

    comment: (actor: Actor, id: string, text: string) => act(actor, id, "COMMENTED", { text }),

    archivePerformance: (actor: Actor, id: string) => act(actor, id, "ARCHIVED", { page: "ALERT_PERFORMANCE" }),
    archiveLinkInterest: (actor: Actor, id: string) => act(actor, id, "ARCHIVED", { page: "ALERT_LIEN" }),

    /** updateAlertDemandes: mark a request's alert handled, comment it, or both, in one transaction. */
    async updateDemandes(actor: Actor, input: { id: string; handled?: boolean; comment?: string }) {
      if (!input.handled && !input.comment) {
        const message = "Indiquez un commentaire ou marquez la demande traitée.";
        throw badRequest(message, [{ path: "body.comment", message }]);
      }
      const alert = await load(actor, input.id, "ALERT_DEMAND");
      await db.transaction(async (tx) => {
        if (input.comment) await record(tx, actor, alert, "COMMENTED", { text: input.comment });
        if (input.handled) await record(tx, actor, alert, "HANDLED");
      });
      return { ok: true as const };
    },

    /** HISTORY: what users did to the alert, oldest first (its rule visible to the actor). */
    async history(actor: Actor, id: string): Promise<AlertHistoryEntry[]> {
      const cut = id.indexOf(":");
      const code = id.slice(0, cut);
      if (cut < 1 || !rulesFor(actor).some((r) => r.code === code)) throw notFound("Cette alerte n'existe pas.");
      const rows = await actionsOf(db, id);
      return rows.map((r) => ({
        at: r.at.toISOString(),
        action: r.action as AlertHistoryEntry["action"],
        actorName: r.actorLabel,
        text: r.text,
        date: r.date,
      }));
    },
  };
}
export type AlertActionsService = ReturnType<typeof createAlertActionsService>;

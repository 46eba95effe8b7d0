import { formatDate } from "@certidesk/shared";
import type { Database, Executor } from "../../db/client.js";
import type { Actor, AuditActor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { type Clock, parisHour } from "../../lib/clock.js";
import { forbidden, unprocessable } from "../../lib/errors.js";
import { granted, isStaff } from "../../lib/policy.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import { enqueueMail } from "../mail/index.js";
import { loadGrants } from "../profiles/index.js";
import * as repo from "./alert-digest.repository.js";
import { type DigestItem, digestSummary } from "./alert-digest-text.js";
import { listCases, thresholds } from "./alerts.repository.js";
import { ALERT_RULES, rulesFor } from "./registry.js";

const SYSTEM: AuditActor = { userId: null, label: "Résumé quotidien des alertes" };
/** More than any user's alerts; the digest lists the new ones among all that are current. */
const ALL_CASES = 100_000;

export interface AlertDigestDeps {
  db: Database;
  clock: Clock;
  publicUrl: string;
  onMailQueued?: () => void;
}

/**
 * The daily digest: once a day from the configured hour (Paris), every opted-in staff user gets one
 * mail listing the alerts that are new since their last digest, on the pages they may see; nothing
 * new, no mail. Safe with several servers: the (user, day) row is claimed in the mail's transaction.
 */
export function createAlertDigestService(deps: AlertDigestDeps) {
  const { db, clock } = deps;

  /** The user's current alerts that no earlier digest listed (and records them as listed). */
  async function newAlertsOf(tx: Executor, actor: Actor, day: string): Promise<DigestItem[]> {
    const rules = rulesFor(actor, ALERT_RULES);
    const ctx = { db: tx, today: day, now: clock.now() };
    const cases = rules.length
      ? await listCases(ctx, { rules, days: await thresholds(tx, rules) }, { limit: ALL_CASES, offset: 0 })
      : [];
    const fresh = await repo.takeNewKeys(
      tx,
      actor.userId,
      cases.map((c) => c.id),
      day,
    );
    const byCode = new Map(rules.map((r) => [r.code, r]));
    return cases
      .filter((c) => fresh.has(c.id))
      .flatMap((c) => {
        const rule = byCode.get(c.alert_type);
        return rule
          ? [
              {
                page: rule.page,
                title: rule.title,
                raisonSocial: c.raison_social,
                postalCode: c.postal_code,
                displayValue: c.display_value,
                link: c.link,
              },
            ]
          : [];
      });
  }

  // Evaluators and client users have no alert pages: their preference reads false and cannot be set.
  async function preference(actor: Actor) {
    const row = isStaff(actor) ? await repo.userPreference(db, actor.userId) : null;
    const settings = await repo.loadDigestSettings(db);
    return { alertDigest: row?.alertDigest ?? false, hour: settings.hour };
  }

  return {
    preference,

    /** A staff user opts in or out, for themselves only. */
    async setPreference(actor: Actor, alertDigest: boolean, requestId?: string) {
      if (!isStaff(actor)) throw unprocessable("Le résumé des alertes est réservé aux profils internes.");
      await db.transaction(async (tx) => {
        await repo.setUserPreference(tx, actor.userId, alertDigest, clock.now());
        await writeAudit(
          tx,
          actor,
          {
            action: "update",
            entityType: "user",
            entityId: actor.userId,
            summary: alertDigest ? "Résumé quotidien des alertes activé" : "Résumé quotidien des alertes désactivé",
            changes: { alertDigest },
          },
          requestId,
        );
      });
      return preference(actor);
    },

    async settings(actor: Actor) {
      if (!granted(actor, "SETTING", "read")) throw forbidden();
      const { hour, version } = await repo.loadDigestSettings(db);
      return { hour, version };
    },

    async updateSettings(actor: Actor, input: { hour: number; version: number }, requestId?: string) {
      await repo.loadDigestSettings(db);
      const saved = await versionedUpdate({
        db,
        table: repo.digestSettingsTable,
        id: "1",
        key: repo.digestSettingsTable.id,
        version: input.version,
        actor,
        clock,
        entityType: "settings",
        requestId,
        apply: () => ({
          values: { hour: input.hour },
          summary: `Résumé des alertes envoyé à ${input.hour} h`,
          changes: true,
        }),
      });
      return { hour: saved.hour, version: saved.version };
    },

    /** Sends the digests due now; answers how many mails were queued. */
    async sendDue(): Promise<number> {
      const { hour } = await repo.loadDigestSettings(db);
      if (parisHour(clock.now()) < hour) return 0;
      const day = clock.today();
      let sent = 0;
      for (const user of await repo.recipientsDue(db, day)) {
        const actor: Actor = {
          userId: user.id,
          label: `${user.firstName} ${user.lastName}`,
          profileType: user.profileType as Actor["profileType"],
          grants: await loadGrants(db, user.profileType),
          auditorId: user.auditorId,
          clientId: user.clientId,
          sessionId: "",
          mustChangePassword: false,
        };
        const queued = await db.transaction(async (tx) => {
          if (!(await repo.claimDigest(tx, user.id, day, clock.now()))) return false;
          const items = await newAlertsOf(tx, actor, day);
          if (items.length === 0 || !user.email) {
            await repo.recordDigest(tx, user.id, day, 0, null);
            return false;
          }
          const mail = await enqueueMail(tx, SYSTEM, {
            templateCode: "ALERT_DIGEST",
            to: [user.email],
            variables: {
              recipient: { firstName: user.firstName, lastName: user.lastName },
              digest: {
                count: String(items.length),
                date: formatDate(day),
                summary: digestSummary(items, deps.publicUrl),
              },
              link: `${deps.publicUrl}/app/alert`,
            },
            relatedType: "alert-digest",
            relatedId: user.id,
          });
          await repo.recordDigest(tx, user.id, day, items.length, mail.id);
          return true;
        });
        if (queued) sent++;
      }
      if (sent) deps.onMailQueued?.();
      return sent;
    },
  };
}

export type AlertDigestService = ReturnType<typeof createAlertDigestService>;

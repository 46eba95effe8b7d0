import type { AlertSetting, UpdateAlertSettingBody } from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import { alertSettings } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { notFound, staleVersion } from "../../lib/errors.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import { ALERT_RULES } from "./registry.js";

const withThreshold = () => ALERT_RULES.filter((r) => r.threshold);

/**
 * Settings › Alertes: the threshold in days of every rule that has one. A rule never set reads its
 * default (version 0); the first save inserts the row, later ones are versioned updates (409 when stale).
 */
export function createAlertSettingsService({ db, clock = systemClock }: { db: Database; clock?: Clock }) {
  async function list(): Promise<AlertSetting[]> {
    const saved = new Map((await db.select().from(alertSettings)).map((s) => [s.code, s]));
    return withThreshold().map((rule) => {
      const row = saved.get(rule.code);
      const defaultDays = rule.threshold?.defaultDays ?? 0;
      return {
        code: rule.code,
        page: rule.page,
        title: rule.title,
        label: rule.threshold?.label ?? "",
        days: row?.days ?? defaultDays,
        default: defaultDays,
        version: row?.version ?? 0,
      };
    });
  }

  async function update(actor: Actor, input: UpdateAlertSettingBody): Promise<AlertSetting> {
    const rule = withThreshold().find((r) => r.code === input.code);
    if (!rule) throw notFound("Cette alerte n'a pas de seuil.");
    const summary = `Seuil de l'alerte « ${rule.title} » : ${input.days} jours`;
    if (input.version === 0) {
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(alertSettings)
          .values({ code: rule.code, days: input.days, createdAt: clock.now(), updatedAt: clock.now() })
          .onConflictDoNothing()
          .returning();
        // Someone saved it first: the default this user read is stale.
        if (inserted.length === 0) throw staleVersion();
        await writeAudit(tx, actor, {
          action: "update",
          entityType: "alert_setting",
          entityId: rule.code,
          summary,
          changes: { days: { from: rule.threshold?.defaultDays, to: input.days } },
        });
      });
    } else {
      await versionedUpdate({
        db,
        table: alertSettings,
        key: alertSettings.code,
        id: rule.code,
        version: input.version,
        actor,
        clock,
        entityType: "alert_setting",
        apply: () => ({ values: { days: input.days }, summary, changes: true }),
      });
    }
    const [saved] = (await list()).filter((s) => s.code === rule.code);
    if (!saved) throw notFound();
    return saved;
  }

  return { list, update };
}
export type AlertSettingsService = ReturnType<typeof createAlertSettingsService>;

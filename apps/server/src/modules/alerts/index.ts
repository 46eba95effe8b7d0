/** The alerts module's public surface: the rule registry and the counts for an actor. */
import type { WorkItem } from "@certidesk/shared";
import type { Executor } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import type { Clock } from "../../lib/clock.js";
import { ALERT_RULES, rulesFor } from "./registry.js";

export type { AlertContext, AlertItem, AlertRule } from "./alert-rule.js";
export { ALERT_RULES, rulesFor };

/** The counts of every rule the actor may see, computed against one reading of the clock. */
export async function countAlerts(db: Executor, clock: Clock, actor: Actor): Promise<WorkItem[]> {
  const ctx = { db, today: clock.today(), now: clock.now() };
  const rules = rulesFor(actor);
  const counts = await Promise.all(rules.map((rule) => rule.count(ctx)));
  return rules.map((rule, i) => ({
    code: rule.code,
    label: rule.label,
    description: rule.description,
    count: counts[i] ?? 0,
    link: rule.link,
  }));
}

import type { AlertPageCode } from "@certidesk/shared";
import type { Actor } from "../../lib/actor.js";
import { granted } from "../../lib/policy.js";
import type { AlertRule } from "./alert-rule.js";
import { clientFollowUp } from "./rules/client-follow-up.js";
import { clientToProgram } from "./rules/client-to-program.js";
import { contractOverdue } from "./rules/contract-overdue.js";
import { prospectFollowUp } from "./rules/prospect-follow-up.js";
import { quoteUnanswered } from "./rules/quote-unanswered.js";

/** Every alert rule, page by page. A new alert is one file in rules/ and one line here. */
export const ALERT_RULES: readonly AlertRule[] = [
  // Demandes
  quoteUnanswered,
  // Planifications
  clientToProgram,
  // Dates
  clientFollowUp,
  prospectFollowUp,
  contractOverdue,
];

/** The rules an actor sees: the grant of the screen each one opens, then its audience. */
export function rulesFor(actor: Actor, rules: readonly AlertRule[] = ALERT_RULES): AlertRule[] {
  return rules.filter(
    (rule) => granted(actor, rule.permission.code, rule.permission.op) && (rule.audience?.(actor) ?? true),
  );
}

/** The rules of one page the actor sees. */
export const pageRulesFor = (actor: Actor, page: AlertPageCode) => rulesFor(actor).filter((r) => r.page === page);

export const ruleByCode = (code: string) => ALERT_RULES.find((r) => r.code === code);

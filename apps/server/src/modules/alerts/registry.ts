import type { AlertPageCode } from "@certidesk/shared";
import type { Actor } from "../../lib/actor.js";
import { granted } from "../../lib/policy.js";
import type { AlertRule } from "./alert-rule.js";
import { clientFollowUp } from "./rules/client-follow-up.js";
import { clientToProgram } from "./rules/client-to-program.js";
import { contractOverdue } from "./rules/contract-overdue.js";
import { invoiceBalanceToIssue } from "./rules/invoice-balance-to-issue.js";
import { invoiceDepositDue } from "./rules/invoice-deposit-due.js";
import { invoiceDraftUnissued } from "./rules/invoice-draft-unissued.js";
import { invoiceUnpaid } from "./rules/invoice-unpaid.js";
import { missionFinalReportLate } from "./rules/mission-final-report-late.js";
import { missionObservationsEnded } from "./rules/mission-observations-ended.js";
import { missionPreliminaryNotSent } from "./rules/mission-preliminary-not-sent.js";
import { missionReportLate } from "./rules/mission-report-late.js";
import { performanceNotScored } from "./rules/performance-not-scored.js";
import { performanceSatisfactionMissing } from "./rules/performance-satisfaction-missing.js";
import { performanceSatisfactionToSend } from "./rules/performance-satisfaction-to-send.js";
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
  // Missions
  missionReportLate,
  missionPreliminaryNotSent,
  missionObservationsEnded,
  missionFinalReportLate,
  // Performances
  performanceSatisfactionMissing,
  performanceNotScored,
  performanceSatisfactionToSend,
  // Factures
  invoiceBalanceToIssue,
  invoiceDraftUnissued,
  invoiceUnpaid,
  invoiceDepositDue,
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

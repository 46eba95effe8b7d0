import type { AlertPageCode } from "@certidesk/shared";
import type { Actor } from "../../lib/actor.js";
import { granted } from "../../lib/policy.js";
import type { AlertRule } from "./alert-rule.js";
import { atcDeadlineApproaching } from "./rules/atc-deadline-approaching.js";
import { auditorDocumentExpiring } from "./rules/auditor-document-expiring.js";
import { auditorImpartialityMissing } from "./rules/auditor-impartiality-missing.js";
import { backupOverdue } from "./rules/backup-overdue.js";
import { certRenewalDue } from "./rules/cert-renewal-due.js";
import { certSurveillanceWindow } from "./rules/cert-surveillance-window.js";
import { clientFollowUp } from "./rules/client-follow-up.js";
import { clientToProgram } from "./rules/client-to-program.js";
import { contractOverdue } from "./rules/contract-overdue.js";
import { contractWithoutDeadline } from "./rules/contract-without-deadline.js";
import { febNotReceived } from "./rules/feb-not-received.js";
import { febToRegenerate } from "./rules/feb-to-regenerate.js";
import { invoiceBalanceToIssue } from "./rules/invoice-balance-to-issue.js";
import { invoiceDepositDue } from "./rules/invoice-deposit-due.js";
import { invoiceDraftUnissued } from "./rules/invoice-draft-unissued.js";
import { invoiceUnpaid } from "./rules/invoice-unpaid.js";
import { linkInterestMission } from "./rules/link-interest-mission.js";
import { majorNcOverdue } from "./rules/major-nc-overdue.js";
import { missionFinalReportLate } from "./rules/mission-final-report-late.js";
import { missionObservationsEnded } from "./rules/mission-observations-ended.js";
import { missionOrderAccepted } from "./rules/mission-order-accepted.js";
import { missionOrderRefused } from "./rules/mission-order-refused.js";
import { missionOrderUnanswered } from "./rules/mission-order-unanswered.js";
import { missionPreliminaryNotSent } from "./rules/mission-preliminary-not-sent.js";
import { missionReportLate } from "./rules/mission-report-late.js";
import { missionTeamIncomplete } from "./rules/mission-team-incomplete.js";
import { missionTeamUnfit } from "./rules/mission-team-unfit.js";
import { performanceNotScored } from "./rules/performance-not-scored.js";
import { performanceSatisfactionMissing } from "./rules/performance-satisfaction-missing.js";
import { performanceSatisfactionToSend } from "./rules/performance-satisfaction-to-send.js";
import { prospectFollowUp } from "./rules/prospect-follow-up.js";
import { quoteUnanswered } from "./rules/quote-unanswered.js";
import { requestNew } from "./rules/request-new.js";
import { requestWaiting } from "./rules/request-waiting.js";

/** Every alert rule, page by page. A new alert is one file in rules/ and one line here. */
export const ALERT_RULES: readonly AlertRule[] = [
  // Demandes
  requestNew,
  requestWaiting,
  quoteUnanswered,
  // Feb
  febNotReceived,
  febToRegenerate,
  // Evaluateurs
  auditorDocumentExpiring,
  auditorImpartialityMissing,
  // Liens
  linkInterestMission,
  // Planifications
  clientToProgram,
  missionTeamIncomplete,
  missionTeamUnfit,
  missionOrderRefused,
  missionOrderUnanswered,
  missionOrderAccepted,
  // Dates
  clientFollowUp,
  prospectFollowUp,
  contractOverdue,
  contractWithoutDeadline,
  atcDeadlineApproaching,
  certSurveillanceWindow,
  certRenewalDue,
  majorNcOverdue,
  backupOverdue,
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

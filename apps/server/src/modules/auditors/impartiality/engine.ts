import { type Eligibility, ruleSeverity } from "@certidesk/shared";
import type { ImpartialityFacts, RuleDefinition } from "./facts.js";
import { activeRule } from "./rules/active.rule.js";
import { adviceWindowRule } from "./rules/advice-window.rule.js";
import { availabilityRule } from "./rules/availability.rule.js";
import { coordinatorRoleRule } from "./rules/coordinator-role.rule.js";
import { currentInterestRule } from "./rules/current-interest.rule.js";
import { documentsRule } from "./rules/documents.rule.js";
import { doubleBookingRule } from "./rules/double-booking.rule.js";
import { employmentYearsRule } from "./rules/employment-years.rule.js";
import { monthlyMaximumRule } from "./rules/monthly-maximum.rule.js";
import { sameDepartementRule } from "./rules/same-departement.rule.js";
import { sectorDomainRule } from "./rules/sector-domain.rule.js";
import { zoneRule } from "./rules/zone.rule.js";

/**
 * The one rule set of every planning path (team, days, planning board, order acceptance, the
 * candidates' ranking), in the order their reasons are shown: the HAS rules first.
 */
export const IMPARTIALITY_RULE_SET: RuleDefinition[] = [
  adviceWindowRule,
  employmentYearsRule,
  currentInterestRule,
  sameDepartementRule,
  activeRule,
  documentsRule,
  coordinatorRoleRule,
  sectorDomainRule,
  zoneRule,
  availabilityRule,
  doubleBookingRule,
  monthlyMaximumRule,
];

/**
 * May this evaluator evaluate this ESSMS on these days? Blocking reasons refuse the assignment;
 * warnings allow it with a written justification (kept in the journal). Which is which is the
 * settings' choice, except for the HAS rules, which always block.
 */
export function evaluateEligibility(facts: ImpartialityFacts): Eligibility {
  const reasons = IMPARTIALITY_RULE_SET.flatMap((r) => {
    const severity = ruleSeverity(r.rule, facts.settings.ruleSeverities);
    return r.check(facts).map((reason) => ({ rule: r.rule, severity, ...reason }));
  });
  const blocking = reasons.filter((r) => r.severity === "BLOCKING");
  return { eligible: blocking.length === 0, blocking, warnings: reasons.filter((r) => r.severity === "WARNING") };
}

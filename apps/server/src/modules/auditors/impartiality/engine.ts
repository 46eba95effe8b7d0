import type { Eligibility } from "@certidesk/shared";
import type { ImpartialityFacts, RuleDefinition } from "./facts.js";
import { adviceWindowRule } from "./rules/advice-window.rule.js";
import { availabilityRule } from "./rules/availability.rule.js";
import { currentInterestRule } from "./rules/current-interest.rule.js";
import { documentsRule } from "./rules/documents.rule.js";
import { employmentYearsRule } from "./rules/employment-years.rule.js";
import { monthlyMaximumRule } from "./rules/monthly-maximum.rule.js";
import { sameDepartementRule } from "./rules/same-departement.rule.js";
import { sectorDomainRule } from "./rules/sector-domain.rule.js";

/** The rules in the order their reasons are shown: blocking first, then the warnings. */
export const IMPARTIALITY_RULE_SET: RuleDefinition[] = [
  adviceWindowRule,
  employmentYearsRule,
  currentInterestRule,
  sameDepartementRule,
  documentsRule,
  sectorDomainRule,
  availabilityRule,
  monthlyMaximumRule,
];

/**
 * May this evaluator evaluate this ESSMS on these days? Blocking reasons refuse the assignment;
 * warnings allow it with a written justification (kept in the journal).
 */
export function evaluateEligibility(facts: ImpartialityFacts): Eligibility {
  const reasons = IMPARTIALITY_RULE_SET.flatMap((r) =>
    r.check(facts).map((reason) => ({ rule: r.rule, severity: r.severity, ...reason })),
  );
  const blocking = reasons.filter((r) => r.severity === "BLOCKING");
  return { eligible: blocking.length === 0, blocking, warnings: reasons.filter((r) => r.severity === "WARNING") };
}

import { monthLabel, monthOf } from "../dates.js";
import type { RuleDefinition } from "../facts.js";

/** This assignment would take the evaluator over their monthly maximum of missions (warning). */
export const monthlyMaximumRule: RuleDefinition = {
  rule: "MONTHLY_MAXIMUM",
  check(f) {
    const max = f.auditor.maxMissionsPerMonth;
    if (max === null) return [];
    const months = [...new Set(f.days.map(monthOf))];
    return months
      .filter((m) => (f.monthLoads[m] ?? 0) + 1 > max)
      .map((m) => ({
        message: `Déjà ${f.monthLoads[m] ?? 0} mission(s) en ${monthLabel(m)} : le maximum est de ${max} par mois.`,
      }));
  },
};

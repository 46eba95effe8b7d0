import { frDate } from "../dates.js";
import type { RuleDefinition } from "../facts.js";

/** A visit day inside a period of declared unavailability (leave, training…). */
export const availabilityRule: RuleDefinition = {
  rule: "AVAILABILITY",
  check(f) {
    const reasons: Array<{ message: string }> = [];
    for (const day of f.days) {
      const off = f.unavailability.find((u) => u.startDate <= day && u.endDate >= day);
      if (off)
        reasons.push({
          message: `Indisponible le ${frDate(day)} (du ${frDate(off.startDate)} au ${frDate(off.endDate)}${off.reason ? ` : ${off.reason}` : ""}).`,
        });
    }
    return reasons;
  },
};

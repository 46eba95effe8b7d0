import { frDate } from "../dates.js";
import type { RuleDefinition } from "../facts.js";

/** Unavailable (declared period) or already booked on a visit day (warning: justification needed). */
export const availabilityRule: RuleDefinition = {
  rule: "AVAILABILITY",
  severity: "WARNING",
  check(f) {
    const reasons: Array<{ message: string }> = [];
    for (const day of f.days) {
      const off = f.unavailability.find((u) => u.startDate <= day && u.endDate >= day);
      if (off)
        reasons.push({
          message: `Indisponible le ${frDate(day)} (du ${frDate(off.startDate)} au ${frDate(off.endDate)}${off.reason ? ` : ${off.reason}` : ""}).`,
        });
      const booked = f.booked.find((b) => b.day === day);
      if (booked) reasons.push({ message: `Déjà pris(e) le ${frDate(day)} : ${booked.label}.` });
    }
    return reasons;
  },
};

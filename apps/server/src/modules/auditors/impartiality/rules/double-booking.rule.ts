import { frDate } from "../dates.js";
import type { RuleDefinition } from "../facts.js";

/** A visit day already taken by another live mission (another contract) of the evaluator. */
export const doubleBookingRule: RuleDefinition = {
  rule: "DOUBLE_BOOKING",
  check(f) {
    return f.days.flatMap((day) => {
      const booked = f.booked.find((b) => b.day === day);
      return booked ? [{ message: `Déjà pris(e) le ${frDate(day)} : ${booked.label}.` }] : [];
    });
  },
};

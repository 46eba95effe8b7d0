import { LINK_NATURE_LABELS } from "@certidesk/shared";
import { addMonths, frDate, overlaps } from "../dates.js";
import { concernsEssms, type RuleDefinition, visitSpan } from "../facts.js";

const ADVICE = ["CONSULTING", "TRAINING", "COACHING"];

/**
 * Consulting, training or coaching for the ESSMS or its managing organisation within the months
 * before the first visit day or after it (HAS: 24 before, 12 after). Boundaries are inclusive: a
 * link ending exactly 24 months before the first day still blocks, one ending the day before does not.
 */
export const adviceWindowRule: RuleDefinition = {
  rule: "ADVICE_WINDOW",
  check(f) {
    const { first } = visitSpan(f);
    const from = addMonths(first, -f.settings.adviceMonthsBefore);
    const to = addMonths(first, f.settings.adviceMonthsAfter);
    return f.links
      .filter(
        (l) => ADVICE.includes(l.nature) && concernsEssms(l, f.essms) && overlaps(l.startDate, l.endDate, from, to),
      )
      .map((l) => {
        const period = l.endDate
          ? `du ${frDate(l.startDate)} au ${frDate(l.endDate)}`
          : `depuis le ${frDate(l.startDate)}, sans date de fin`;
        const when =
          l.startDate > first
            ? `prévu(e) dans les ${f.settings.adviceMonthsAfter} mois qui suivent le premier jour de visite (${frDate(first)})`
            : `moins de ${f.settings.adviceMonthsBefore} mois avant le premier jour de visite (${frDate(first)})`;
        return {
          message: `${LINK_NATURE_LABELS[l.nature]} pour « ${l.organisationName} » ${period} : ${when}.`,
        };
      });
  },
};

import { addYears, frDate, overlaps } from "../dates.js";
import { concernsEssms, type RuleDefinition, visitSpan } from "../facts.js";

/**
 * Employment by the ESSMS or its managing organisation within the last years before the first visit
 * day (HAS: 5), or during the visit. Inclusive: ending exactly 5 years before the first day blocks.
 */
export const employmentYearsRule: RuleDefinition = {
  rule: "EMPLOYMENT_YEARS",
  check(f) {
    const { first, last } = visitSpan(f);
    const from = addYears(first, -f.settings.employmentYears);
    return f.links
      .filter(
        (l) => l.nature === "EMPLOYMENT" && concernsEssms(l, f.essms) && overlaps(l.startDate, l.endDate, from, last),
      )
      .map((l) => ({
        message: l.endDate
          ? `A travaillé pour « ${l.organisationName} » jusqu'au ${frDate(l.endDate)} : moins de ${f.settings.employmentYears} ans avant le premier jour de visite (${frDate(first)}).`
          : `Travaille pour « ${l.organisationName} » depuis le ${frDate(l.startDate)}.`,
      }));
  },
};

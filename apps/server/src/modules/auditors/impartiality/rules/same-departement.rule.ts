import { frDate, overlaps } from "../dates.js";
import { type RuleDefinition, visitSpan } from "../facts.js";

/**
 * An evaluator must not work in an ESSMS of the same département as the one evaluated (the spec's
 * auditorsHasLinkSalarieInEssmsOfSamePostalCode…): an employment link to an ESSMS of that
 * département running on a visit day.
 */
export const sameDepartementRule: RuleDefinition = {
  rule: "SAME_DEPARTEMENT",
  check(f) {
    if (!f.settings.sameDepartementRule || !f.essms.departement) return [];
    const { first, last } = visitSpan(f);
    return f.links
      .filter(
        (l) =>
          l.nature === "EMPLOYMENT" &&
          l.organisationType === "ESSMS" &&
          l.departement === f.essms.departement &&
          overlaps(l.startDate, l.endDate, first, last),
      )
      .map((l) => ({
        message: `Travaille dans un ESSMS du même département (${f.essms.departement}) : « ${l.organisationName} », depuis le ${frDate(l.startDate)}.`,
      }));
  },
};

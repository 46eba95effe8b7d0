import { LINK_NATURE_LABELS } from "@certidesk/shared";
import { frDate, overlaps } from "../dates.js";
import { concernsEssms, type RuleDefinition, visitSpan } from "../facts.js";

const INTEREST = ["INTEREST", "FAMILY", "OTHER"];

/** Any direct or indirect interest in the ESSMS or its managing organisation running on a visit day. */
export const currentInterestRule: RuleDefinition = {
  rule: "CURRENT_INTEREST",
  check(f) {
    const { first, last } = visitSpan(f);
    return f.links
      .filter(
        (l) =>
          INTEREST.includes(l.nature) && concernsEssms(l, f.essms) && overlaps(l.startDate, l.endDate, first, last),
      )
      .map((l) => ({
        message: `Intérêt en cours avec « ${l.organisationName} » (${LINK_NATURE_LABELS[l.nature].toLowerCase()}, depuis le ${frDate(l.startDate)}).`,
      }));
  },
};

import { AUDITOR_DOCUMENT_KIND_LABELS, requiredDocumentKinds } from "@certidesk/shared";
import { frDate } from "../dates.js";
import type { RuleDefinition } from "../facts.js";

/**
 * Every required document (CV, diplomas, référentiel training, impartiality declaration, insurance,
 * and URSSAF attestation for a freelancer) present and valid on every visit day (today when none):
 * valid through its validUntil day inclusive.
 */
export const documentsRule: RuleDefinition = {
  rule: "DOCUMENTS",
  check(f) {
    if (!f.settings.documentsRule) return [];
    const days = f.days.length ? f.days : [f.today];
    const reasons: Array<{ message: string }> = [];
    for (const kind of requiredDocumentKinds(f.auditor.status)) {
      const label = AUDITOR_DOCUMENT_KIND_LABELS[kind];
      const ofKind = f.documents.filter((d) => d.kind === kind);
      if (ofKind.length === 0) {
        reasons.push({ message: `Document manquant : ${label}.` });
        continue;
      }
      if (ofKind.some((d) => d.validUntil === null)) continue;
      const validUntil = ofKind
        .map((d) => d.validUntil as string)
        .sort()
        .at(-1) as string;
      const uncovered = days.find((day) => day > validUntil);
      if (uncovered)
        reasons.push({
          message:
            f.days.length > 0
              ? `${label} expiré(e) le ${frDate(validUntil)}, avant le jour de visite du ${frDate(uncovered)}.`
              : `${label} expiré(e) le ${frDate(validUntil)}.`,
        });
    }
    return reasons;
  },
};

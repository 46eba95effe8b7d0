import type { RuleDefinition } from "../facts.js";

/** The evaluator's competences cover every sector domain of the ESSMS (warning: justification needed). */
export const sectorDomainRule: RuleDefinition = {
  rule: "SECTOR_DOMAIN",
  check(f) {
    const missing = f.essms.sectorDomains.filter((d) => !f.auditor.sectorDomains.includes(d));
    if (missing.length === 0) return [];
    return [
      {
        message: `Non qualifié(e) pour le domaine ${missing.join(", ")} de « ${f.essms.raisonSocial} » (compétences : ${f.auditor.sectorDomains.join(", ") || "aucune"}).`,
      },
    ];
  },
};

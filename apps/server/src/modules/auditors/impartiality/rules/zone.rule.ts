import type { RuleDefinition } from "../facts.js";

/**
 * The ESSMS's département among the zones the evaluator covers. An evaluator who declared no zone
 * is not checked: an empty list says nothing of where they go.
 */
export const zoneRule: RuleDefinition = {
  rule: "ZONE",
  check(f) {
    const departement = f.essms.departement;
    if (!departement || f.auditor.zones.length === 0 || f.auditor.zones.includes(departement)) return [];
    return [
      {
        message: `Le département ${departement} de « ${f.essms.raisonSocial} » n'est pas dans ses zones (${f.auditor.zones.join(", ")}).`,
      },
    ];
  },
};

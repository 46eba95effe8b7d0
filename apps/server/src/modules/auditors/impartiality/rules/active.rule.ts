import type { RuleDefinition } from "../facts.js";

/** An evaluator set inactive (left, suspended) is no longer sent on a visit. */
export const activeRule: RuleDefinition = {
  rule: "ACTIVE",
  check(f) {
    return f.auditor.active ? [] : [{ message: "Évaluateur inactif : la fiche a été désactivée." }];
  },
};

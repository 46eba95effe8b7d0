import type { RuleDefinition } from "../facts.js";

/** Coordinating a visit needs the coordinator role on the evaluator's file (checked when the role is known). */
export const coordinatorRoleRule: RuleDefinition = {
  rule: "COORDINATOR_ROLE",
  check(f) {
    if (f.role !== "COORDINATOR" || f.auditor.roles.includes("COORDINATOR")) return [];
    return [{ message: "N'a pas le rôle de coordinateur(rice) sur sa fiche." }];
  },
};

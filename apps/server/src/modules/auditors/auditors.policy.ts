import { allow, defineResource, granted, inScope, recordScope } from "../../lib/policy.js";

/** An evaluator's file: staff see them all, an evaluator only their own, a client user none. */
export const auditorResource = defineResource<{ id: string }>()({
  name: "auditor",
  actions: ["read"],
  notFound: "Évaluateur introuvable.",
  scope: (actor, auditor) => inScope(recordScope(actor), { auditorId: auditor.id }),
});
allow(auditorResource, "read", (actor) => granted(actor, "MISSION", "read"));

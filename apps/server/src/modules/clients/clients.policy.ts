import { allow, defineResource, granted, inScope, recordScope } from "../../lib/policy.js";

/** An establishment (ESSMS): staff see them all, a client user only their own, an evaluator none yet. */
export const clientResource = defineResource<{ id: string }>()({
  name: "client",
  actions: ["read", "update"],
  notFound: "Client introuvable.",
  scope: (actor, client) => inScope(recordScope(actor), { clientId: client.id }),
});
allow(clientResource, "read", (actor) => granted(actor, "CLIENT", "read"));
allow(clientResource, "update", (actor) => granted(actor, "CLIENT", "update"));

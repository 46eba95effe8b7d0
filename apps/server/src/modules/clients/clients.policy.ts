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

/**
 * A contact of an establishment or of a legal entity: kept by the staff who keep the establishments
 * (CLIENT update), from the client page and from the request page. Nothing in the spec lets a client
 * user change contacts: for them (and evaluators) a contact does not exist (404).
 */
export const contactResource = defineResource<{ id: string }>()({
  name: "contact",
  actions: ["update"],
  notFound: "Contact introuvable.",
});
allow(contactResource, "update", (actor) => granted(actor, "CLIENT", "update"));

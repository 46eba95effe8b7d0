import { allow, defineResource, granted, guard, isStaff } from "../../lib/policy.js";

/** What the request rules look at. */
export interface RequestRecord {
  status: string;
  archivedAt: Date | null;
}

/** A request (prospect): commercial data, seen by staff only (client users and evaluators get 404). */
export const requestResource = defineResource<RequestRecord>()({
  name: "request",
  actions: ["read", "update", "refuse", "archive", "moveToProspect", "createQuote", "reviewRecevability"],
  notFound: "Demande introuvable.",
  scope: isStaff,
});
allow(requestResource, "read", (actor) => granted(actor, "PROSPECT", "read"));
allow(requestResource, ["update", "refuse", "archive", "moveToProspect", "reviewRecevability"], (actor) =>
  granted(actor, "PROSPECT", "update"),
);
allow(requestResource, "createQuote", (actor) => granted(actor, "PROSPECT", "create"));

guard(
  requestResource,
  "update",
  (r) => r.status === "SIGNED" && "Cette demande a abouti à un contrat signé : elle ne se modifie plus.",
);
guard(
  requestResource,
  "refuse",
  (r) => r.status === "SIGNED" && "Cette demande a abouti à un contrat signé : elle ne peut plus être refusée.",
);
guard(requestResource, "refuse", (r) => r.status === "REFUSE" && "Cette demande est déjà refusée.");
guard(requestResource, "archive", (r) => !!r.archivedAt && "Cette demande est déjà archivée.");
guard(
  requestResource,
  "archive",
  (r) => r.status === "SIGNED" && "Une demande signée est suivie dans les clients : elle ne s'archive pas.",
);
guard(
  requestResource,
  "moveToProspect",
  (r) => !r.archivedAt && r.status !== "REFUSE" && "Cette demande est déjà parmi les prospects en cours.",
);

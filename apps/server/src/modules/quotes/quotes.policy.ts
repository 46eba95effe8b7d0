import { allow, defineResource, granted, guard, isStaff } from "../../lib/policy.js";

/** What the quote rules look at. */
export interface QuoteRecord {
  status: string;
}

/** A quote: commercial data, seen by staff only. */
export const quoteResource = defineResource<QuoteRecord>()({
  name: "quote",
  actions: ["read", "update", "print", "send", "accept", "refuse", "newVersion"],
  notFound: "Devis introuvable.",
  scope: isStaff,
});
allow(quoteResource, "read", (actor) => granted(actor, "PROSPECT", "read"));
allow(quoteResource, ["update", "print", "send", "accept", "refuse", "newVersion"], (actor) =>
  granted(actor, "PROSPECT", "update"),
);

guard(
  quoteResource,
  "update",
  (q) => q.status !== "DRAFT" && "Seul un devis en brouillon se modifie : créez une nouvelle version.",
);
guard(quoteResource, "send", (q) => q.status !== "DRAFT" && q.status !== "SENT" && "Ce devis n'est plus à envoyer.");
guard(quoteResource, "accept", (q) => q.status !== "SENT" && "Seul un devis envoyé peut être accepté.");
guard(
  quoteResource,
  "refuse",
  (q) => q.status !== "SENT" && q.status !== "DRAFT" && "Ce devis ne peut plus être refusé.",
);
guard(
  quoteResource,
  "newVersion",
  (q) => (q.status === "ACCEPTED" || q.status === "SUPERSEDED") && "Ce devis ne peut plus donner de nouvelle version.",
);

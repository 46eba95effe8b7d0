import { QUOTE_ACTIONS } from "@certidesk/shared";
import { allow, defineResource, granted, guard, isStaff } from "../../lib/policy.js";

/** What the quote rules look at: its status, and why its request no longer takes changes (if it does not). */
export interface QuoteRecord {
  status: string;
  /** Set when the request is signed, refused, archived, or a certification not yet recevable. */
  requestBlock: string | null;
}

/** A quote: commercial data, seen by staff only. */
export const quoteResource = defineResource<QuoteRecord>()({
  name: "quote",
  actions: QUOTE_ACTIONS,
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
guard(quoteResource, ["update", "send", "accept", "refuse", "newVersion"], (q) => q.requestBlock);

import type { Actor } from "../../lib/actor.js";
import { allow, defineResource, granted, inScope, recordScope } from "../../lib/policy.js";

/** What the document rules look at: whose document it is. */
export interface DocumentRecord {
  family: string;
  clientId: string | null;
  auditorId: string | null;
}

/**
 * Profiles whose job is personnel files: they alone see the RH family of the library (the evaluators'
 * contracts, certificates, interest declarations). Other staff, whatever their document grants, do
 * not: accounting and sales have no business reading them. See docs/permissions.md.
 */
export const HR_DOCUMENT_PROFILES: readonly string[] = ["DIR", "RH"];

export const canSeeHrDocuments = (actor: Pick<Actor, "profileType">) =>
  HR_DOCUMENT_PROFILES.includes(actor.profileType);

/**
 * A library document: staff see them all but the RH family, kept to HR_DOCUMENT_PROFILES; a client user their client's documents (family CLIENT);
 * an evaluator their own file (family AUDITOR) and their expenses' receipts (family EXPENSE).
 */
export const documentResource = defineResource<DocumentRecord>()({
  name: "document",
  actions: ["read", "update", "delete"],
  notFound: "Document introuvable.",
  scope: (actor, doc) => {
    const scope = recordScope(actor);
    if (scope.kind === "all") return doc.family !== "RH" || canSeeHrDocuments(actor);
    const families = scope.kind === "client" ? ["CLIENT"] : ["AUDITOR", "EXPENSE"];
    return families.includes(doc.family) && inScope(scope, doc);
  },
});
allow(documentResource, "read", (actor) => granted(actor, "CERTMANAGER_DOCUMENT", "read"));
allow(documentResource, "update", (actor) => granted(actor, "CERTMANAGER_DOCUMENT", "update"));
allow(documentResource, "delete", (actor) => granted(actor, "CERTMANAGER_DOCUMENT", "delete"));

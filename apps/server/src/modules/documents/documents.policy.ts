import { allow, defineResource, granted, inScope, recordScope } from "../../lib/policy.js";

/** What the document rules look at: whose document it is. */
export interface DocumentRecord {
  family: string;
  clientId: string | null;
  auditorId: string | null;
}

/**
 * A library document: staff see them all; a client user their client's documents (family CLIENT);
 * an evaluator their own file (family AUDITOR; later, their missions').
 */
export const documentResource = defineResource<DocumentRecord>()({
  name: "document",
  actions: ["read", "update", "delete"],
  notFound: "Document introuvable.",
  scope: (actor, doc) => {
    const scope = recordScope(actor);
    if (scope.kind === "all") return true;
    const family = scope.kind === "client" ? "CLIENT" : "AUDITOR";
    return doc.family === family && inScope(scope, doc);
  },
});
allow(documentResource, "read", (actor) => granted(actor, "CERTMANAGER_DOCUMENT", "read"));
allow(documentResource, "update", (actor) => granted(actor, "CERTMANAGER_DOCUMENT", "update"));
allow(documentResource, "delete", (actor) => granted(actor, "CERTMANAGER_DOCUMENT", "delete"));

import { allow, defineResource, granted, guard, isStaff } from "../../lib/policy.js";

/** What the rules look at: the line's state. */
export interface BankLineRecord {
  status: string;
}

/**
 * Bank statement lines: the accounting staff's work. Reading them asks INVOICE read; importing, confirming a
 * match (it records payments on invoices) and ignoring ask INVOICE update. Evaluators and client users never
 * see a statement (404 whatever their rights). A line already matched or ignored is not matched again (409).
 */
export const bankLineResource = defineResource<BankLineRecord>()({
  name: "bank_line",
  actions: ["read", "import", "confirm", "ignore", "restore"],
  notFound: "Ligne de relevé introuvable.",
  scope: isStaff,
});
allow(bankLineResource, "read", (actor) => granted(actor, "INVOICE", "read"));
allow(bankLineResource, ["import", "confirm", "ignore", "restore"], (actor) => granted(actor, "INVOICE", "update"));
guard(bankLineResource, ["confirm", "ignore"], (l) =>
  l.status === "MATCHED"
    ? "Cette ligne est déjà rapprochée : son paiement est enregistré."
    : l.status === "IGNORED" && "Cette ligne est ignorée : remettez-la à rapprocher d'abord.",
);
guard(bankLineResource, "restore", (l) => l.status !== "IGNORED" && "Seule une ligne ignorée se remet à rapprocher.");

/** The record of the checks that concern the list or an import, not one line. */
export const ANY_LINE: BankLineRecord = { status: "TO_MATCH" };

import type { MatchReason } from "@certidesk/shared";
import { foldText } from "../../lib/search-text.js";

export interface Candidate {
  id: string;
  number: string | null;
  clientName: string;
  buyer: { name: string };
  dueCents: number;
}
export interface LineToMatch {
  amountCents: number;
  label: string;
  reference: string | null;
  counterparty: string | null;
}
export interface Proposal {
  invoices: Candidate[];
  reason: MatchReason;
}

/** Words every other establishment's name holds: a match on them says nothing. */
const GENERIC = new Set(
  "EHPAD RESIDENCE MAISON SERVICE SERVICES CENTRE ASSOCIATION FONDATION FOYER ACCUEIL SAINT SAINTE HOPITAL GROUPE DEPARTEMENTAL COMMUNAL INTERCOMMUNAL ACTION SOCIALE SOINS AIDE DOMICILE ENFANCE JEUNESSE HANDICAP MEDICO SOCIAL DES LES DU DE LA".split(
    " ",
  ),
);
const words = (text: string) =>
  foldText(text)
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);

/** Whether the label or the payer names the client: one distinctive word of its names (4 letters or more). */
export function namesClient(line: LineToMatch, c: Candidate): boolean {
  const said = new Set(words(`${line.label} ${line.counterparty ?? ""}`));
  return [...words(c.clientName), ...words(c.buyer.name)].some((w) => w.length >= 4 && !GENERIC.has(w) && said.has(w));
}

/**
 * What a credit line pays, best reason first: the invoices whose number the label or the structured
 * reference writes (several for a grouped transfer); otherwise the one open invoice of exactly that amount
 * whose client the label names; otherwise the one open invoice of exactly that amount. Two candidates
 * alike: no proposal, the accountant chooses.
 */
export function propose(line: LineToMatch, named: Candidate[], sameAmount: Candidate[]): Proposal | null {
  if (line.amountCents <= 0) return null;
  if (named.length > 0) return { invoices: named, reason: "NUMBER" };
  const exact = sameAmount.filter((c) => c.dueCents === line.amountCents);
  const byName = exact.filter((c) => namesClient(line, c));
  if (byName.length === 1 && byName[0]) return { invoices: [byName[0]], reason: "AMOUNT_AND_NAME" };
  if (exact.length === 1 && exact[0]) return { invoices: [exact[0]], reason: "AMOUNT" };
  return null;
}

/**
 * How a transfer is shared among the invoices it pays, in their order: each up to what it still owes.
 * Null when the transfer is more than they owe together, or when an invoice would receive nothing.
 */
export function allocate(amountCents: number, dues: number[]): number[] | null {
  let rest = amountCents;
  const shares = dues.map((due) => {
    const share = Math.min(rest, due);
    rest -= share;
    return share;
  });
  return rest > 0 || shares.some((s) => s <= 0) ? null : shares;
}

import { formatPhone } from "./phone.js";

/** Null, undefined, blank strings and empty arrays count as "no data". */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Accepts the API's true, "true" and 1 alike. */
export function isTruthyFlag(value: unknown): boolean {
  return value === true || value === 1 || (typeof value === "string" && value.trim().toLowerCase() === "true");
}

export interface ContactLike {
  firstName?: string | null;
  lastName?: string | null;
  tel?: string | null;
  email?: string | null;
  occupation?: string | null;
  mobilePhone?: string | null;
}

const joinParts = (parts: ReadonlyArray<string | null | undefined>) =>
  parts.map((p) => p?.trim() ?? "").filter((p) => p !== "");

/** "Prénom Nom". */
function formatContactName(contact: ContactLike | null | undefined): string {
  return joinParts([contact?.firstName, contact?.lastName]).join(" ");
}

/** `name | phone | email`, phone in pairs, empty parts skipped (spec §3). */
export function formatContact(contact: ContactLike | null | undefined): string {
  if (!contact) return "";
  return joinParts([formatContactName(contact), formatPhone(contact.tel), contact.email]).join(" | ");
}

/** Tooltip of the contactName column: occupation, mobile phone and e-mail. */
export function formatContactDetails(contact: ContactLike | null | undefined): string {
  if (!contact) return "";
  return joinParts([contact.occupation, formatPhone(contact.mobilePhone), contact.email]).join(" | ");
}

/** specification column: 'true' (string or boolean) shows "oui", anything else "non". */
export function formatSpecification(value: unknown): "oui" | "non" {
  return value === true || (typeof value === "string" && value.trim().toLowerCase() === "true") ? "oui" : "non";
}

/** displayValue column: "Aucun" when empty. */
export function formatDisplayValue(value: unknown): string {
  return isEmptyValue(value) ? "Aucun" : String(value);
}

/** Link-of-interest column (auditors linked to an ESSMS of the same postal code): "-" when empty. */
export function formatLinkOfInterest(value: unknown): string {
  return isEmptyValue(value) ? "-" : String(value);
}

const CONTRACT_STATUS_LABELS = { refused: "Refus", inProgress: "En cours" } as const;

/** Contract status: "Refus" for REFUSE, "En cours" for anything else (spec §4). */
export function formatContractStatus(status: string | null | undefined): string {
  return status === "REFUSE" ? CONTRACT_STATUS_LABELS.refused : CONTRACT_STATUS_LABELS.inProgress;
}

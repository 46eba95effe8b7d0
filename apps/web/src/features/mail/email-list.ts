import { Validators } from "@certidesk/shared";

const isEmail = Validators.email();
const key = (email: string) => email.trim().toLowerCase();
const splitEntries = (entry: string) => entry.split(/[\s,;]+/).filter(Boolean);

export interface EmailListChange {
  emails: string[];
  /** Entries refused as not being e-mail addresses. */
  invalid: string[];
}

/**
 * Merges new entries into a recipient list: trims, drops duplicates (case-insensitive, as mail
 * addresses are) and sets aside what is not an address, so the form can say which.
 */
export function mergeEmails(current: readonly string[], incoming: readonly string[]): EmailListChange {
  const emails = [...current];
  const seen = new Set(current.map(key));
  const invalid: string[] = [];
  // A pasted or typed entry may hold several addresses: "a@x.fr; b@y.fr".
  for (const email of incoming.flatMap(splitEntries)) {
    if (isEmail(email) !== null) {
      invalid.push(email);
      continue;
    }
    if (seen.has(key(email))) continue;
    seen.add(key(email));
    emails.push(email);
  }
  return { emails, invalid };
}

/** The French message for refused entries, or null. */
export function invalidEmailsMessage(invalid: readonly string[]): string | null {
  if (invalid.length === 0) return null;
  if (invalid.length === 1) return `« ${invalid[0]} » n'est pas une adresse e-mail valide.`;
  return `Ces entrées ne sont pas des adresses e-mail valides : ${invalid.map((e) => `« ${e} »`).join(", ")}.`;
}

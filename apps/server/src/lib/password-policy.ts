import fs from "node:fs";
import { passwordSchema } from "@certidesk/shared";
import { badRequest } from "./errors.js";

/**
 * The password policy (ANSSI, NIST SP 800-63B): at least 12 characters (the shared schema), and
 * nothing an attacker tries first — the ~13,000 most common passwords and French words and first
 * names shipped in common-passwords.txt (zxcvbn-ts lists), keyboard runs and sequences, the user's own
 * identifier or names — even with digits and symbols stuck on either end or letters swapped for
 * look-alike digits (P@ssw0rd2026!).
 */
const COMMON = new Set(
  fs
    .readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line && !line.startsWith("#")),
);

const RUNS = [
  "abcdefghijklmnopqrstuvwxyz",
  "azertyuiopqsdfghjklmwxcvbn",
  "qwertyuiopasdfghjklzxcvbnm",
  "qwertzuiopasdfghjklyxcvbnm",
  "0123456789",
];

const LEET: Record<string, string> = {
  "@": "a",
  "4": "a",
  "0": "o",
  "1": "i",
  "!": "i",
  "3": "e",
  $: "s",
  "5": "s",
  "7": "t",
};

const fold = (value: string) =>
  value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** The word under the decoration: digits and symbols around it removed, look-alike digits read as letters. */
function cores(password: string): string[] {
  const lower = fold(password);
  const trimmed = lower.replace(/^[^a-z]+|[^a-z]+$/g, "");
  const unleet = lower
    .split("")
    .map((c) => LEET[c] ?? c)
    .join("")
    .replace(/^[^a-z]+|[^a-z]+$/g, "");
  const lettersOnly = lower.replace(/[^a-z]/g, "");
  return [lower, trimmed, unleet, lettersOnly].filter((c) => c.length > 0);
}

function isRun(value: string): boolean {
  const compact = value.replace(/[^a-z0-9]/g, "");
  if (compact.length < 6) return false;
  return RUNS.some((run) => {
    const forward = run + run;
    const backward = [...forward].reverse().join("");
    return forward.includes(compact) || backward.includes(compact);
  });
}

export interface PasswordOwner {
  identifier?: string | null;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** The French reason a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | null {
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? "Mot de passe refusé.";
  const candidates = cores(password);
  if (candidates.some((c) => COMMON.has(c)) || candidates.some(isRun)) {
    return "Ce mot de passe fait partie des plus courants : choisissez-en un moins prévisible (une phrase de plusieurs mots, par exemple).";
  }
  const personal = [owner.identifier, owner.email?.split("@")[0], owner.firstName, owner.lastName]
    .map((v) => fold(v ?? "").replace(/[^a-z]/g, ""))
    .filter((v) => v.length >= 3);
  const letters = fold(password).replace(/[^a-z]/g, "");
  if (personal.some((word) => letters.includes(word))) {
    let rest = letters;
    for (const word of personal) rest = rest.split(word).join("");
    if (rest.length < 4)
      return "Ce mot de passe est formé de votre nom ou de votre identifiant : choisissez-en un autre.";
  }
  return null;
}

/** Throws a French 400 when the password does not meet the policy. */
export function assertPasswordPolicy(password: string, owner: PasswordOwner = {}): string {
  const problem = passwordProblem(password, owner);
  if (problem) throw badRequest(problem, [{ path: "password", message: problem }]);
  return password;
}

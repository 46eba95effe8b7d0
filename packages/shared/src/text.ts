import { z } from "zod";

/**
 * Control characters (NUL, escape, backspace…) have no place in anything a person types, and
 * PostgreSQL refuses NUL outright. Tab, line feed and carriage return stay allowed (multi-line fields).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Every control character, tab and line breaks included: none belongs in a password or an identifier. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
export const ANY_CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;

export const CONTROL_CHARACTERS_MESSAGE = "Ce texte contient des caractères de contrôle invisibles : retirez-les.";

export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value);

/**
 * Bidirectional formatting characters (embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, the
 * marks U+200E, U+200F, U+061C): they reorder what is displayed, so that `facture\u202Efdp.exe` reads
 * "factureexe.pdf". No file name needs them.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export const withoutBidiControls = (value: string) => value.replace(BIDI_CONTROLS, "");

/** Any user text: a string free of control characters (then trim, min, max as the field needs). */
export const safeText = () => z.string().refine((v) => !hasControlCharacters(v), CONTROL_CHARACTERS_MESSAGE);

/** A search box: trimmed, at most 200 characters, no control characters. */
export const searchTextSchema = z
  .string()
  .trim()
  .max(200)
  .refine((v) => !hasControlCharacters(v), CONTROL_CHARACTERS_MESSAGE);

/**
 * The first path, in a parsed JSON body, query or params, whose text holds control characters; null
 * when clean. The server checks every request with it, whatever the route's own schema.
 */
export function findControlCharacters(value: unknown, path: (string | number)[] = [], depth = 0): string | null {
  if (typeof value === "string") return hasControlCharacters(value) ? path.join(".") || "(texte)" : null;
  if (depth > 20 || value === null || typeof value !== "object") return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlCharacters(value[i], [...path, i], depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (hasControlCharacters(key)) return [...path, key].join(".");
    const found = findControlCharacters(item, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * A schema-level message for a missing or mistyped value only (`z.string({ error: typeError("…") })`):
 * a plain `{ error: "Le nom est obligatoire." }` would also answer "obligatoire" to a name that is too
 * long. Every other issue keeps its own message (the French locale).
 */
export const typeError =
  (message: string) =>
  (issue: { code?: string }): string | undefined =>
    issue.code === "invalid_type" ? message : undefined;

import { foldText } from "../../lib/search-text.js";

/**
 * What the global search makes of what was typed: words folded and lower-cased as the stored search texts are
 * (lib/search-text.ts), each with the forms under which a record may hold it. Pure: tested without a base.
 */
export interface QueryWord {
  /** The word, folded and lower-cased ("ehpad", "f-2026-0042", "0612345678"). */
  text: string;
  /**
   * LIKE patterns of the word in a stored search text: anywhere for three characters or more, as the lists
   * search; at the start of a word for two (a trigram index serves "% ab%", not "%ab%", which reads it all).
   */
  patterns: string[];
  /** Letters and digits only, when the word holds a digit: a number with or without its separators. */
  compact: string | null;
  /** The digits of a phone number typed with any spacing ("+33 6 12…" already written "06 12…"). */
  phone: string | null;
  /** An amount in cents ("3900", "3 900,00", "3900.5"). */
  cents: number | null;
  /** Three characters or more: the word's trigrams select rows (a shorter one only filters what others found). */
  indexable: boolean;
  /** A word of five letters or more, the only kind a typo is corrected in. */
  correctable: boolean;
}

/** At most this many words are searched (as the lists: lib/search-text.ts). */
const MAX_WORDS = 10;

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Like patterns of a word (see QueryWord.patterns). */
export function wordPatterns(word: string): string[] {
  const escaped = escapeLike(word);
  if (word.length >= 3) return [`%${escaped}%`];
  return [`${escaped}%`, `% ${escaped}%`, `%\n${escaped}%`];
}

/**
 * Groups of digits typed apart that make one number: a phone number by pairs ("06 12 34 56 78"), an amount by
 * thousands ("3 900,00"), a postal code ("75 014"). A run starts with one to three digits and goes on with
 * groups of two or three (the last may carry decimals); "2026 0042" stays two words, each found as it is.
 */
function joinDigitGroups(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let token = tokens[i] ?? "";
    if (/^\d{1,3}$/.test(token)) {
      while (i + 1 < tokens.length && /^\d{2,3}([.,]\d{1,2})?$/.test(tokens[i + 1] ?? "")) {
        token += tokens[i + 1];
        i++;
        if (/[.,]/.test(token)) break;
      }
    }
    out.push(token);
  }
  return out;
}

/**
 * The amount a word may be, in cents: digits with at most two decimals after a comma or a point, below ten
 * million euros (amounts are integer cents in the base: a longer number is an identifier, not an amount).
 */
function centsOf(word: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(word);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** The words of a search (at most ten, no repeats, none of one character). */
export function queryWords(typed: string): QueryWord[] {
  // A French number written internationally: "+33 6 12…", "+33 (0)6 12…", "0033 6…" are "06 12…".
  const national = typed.replace(/(?:\+|\b00)33\s*(?:\(0\))?\s*0?(?=\d)/g, "0");
  const tokens = foldText(national).toLowerCase().split(/\s+/).filter(Boolean);
  const words = joinDigitGroups(tokens)
    // Punctuation around a word is not part of it: "(87)", "3900,00€", "tilleuls,".
    .map((token) => token.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, ""))
    .filter((word) => word.length >= 2);
  return [...new Set(words)].slice(0, MAX_WORDS).map((text) => {
    const compact = /\d/.test(text) ? text.replace(/[^a-z0-9]/g, "") : "";
    const digits = /^[0-9 .()+-]+$/.test(text) ? text.replace(/\D/g, "") : "";
    return {
      text,
      patterns: wordPatterns(text),
      compact: compact.length >= 3 ? compact : null,
      phone: digits.length >= 4 ? digits : null,
      cents: centsOf(text),
      indexable: text.length >= 3,
      correctable: /^[a-z]{5,40}$/.test(text),
    };
  });
}

/** The phrase as the records' folded names are compared with it: the words, one space apart. */
export const phraseOf = (words: readonly QueryWord[]) => words.map((w) => w.text).join(" ");

const ALPHABET = "abcdefghijklmnopqrstuvwxyz";

/**
 * Every word one typo away from `word` (letters a to z): a letter left out, one too many, one replaced, or two
 * neighbours swapped ("ehapd" → "ehpad", "moullin" → "moulin"). About 400 for a word of seven letters, looked up
 * at once in the dictionary of the searched texts' words (search_words).
 */
export function oneTypoAway(word: string): string[] {
  const variants = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) variants.add(head + tail.slice(1));
    if (tail.length > 1) variants.add(head + (tail[1] ?? "") + (tail[0] ?? "") + tail.slice(2));
    for (const letter of ALPHABET) {
      variants.add(head + letter + tail);
      if (tail) variants.add(head + letter + tail.slice(1));
    }
  }
  variants.delete(word);
  return [...variants];
}

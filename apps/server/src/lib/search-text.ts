import { and, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../db/client.js";
import { likePattern } from "./pagination.js";
import { boundValue, type StatementParam } from "./prepared-by-shape.js";

// unaccent is not available on PGlite: translate() folds the French accents in SQL instead,
// so accent- and case-insensitive search runs in the database on both engines. The ligatures
// œ and æ become two letters ("Œuvre" is found by "oeuvre").
const ACCENTED = "àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ";
const PLAIN = "aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN";

// The two alphabets are SQL literals, not parameters: an expression index (clients_list_name_idx) only
// serves a query whose expression is the same text.
export const foldedSql = (expr: SQL | AnyPgColumn) =>
  sql`replace(replace(replace(replace(translate(${expr}, ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)}), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE')`;
export const foldText = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/œ/g, "oe")
    .replace(/Œ/g, "OE")
    .replace(/æ/g, "ae")
    .replace(/Æ/g, "AE");

/** The words of a search, folded: "  Ehpad   Tilleuls " → ["Ehpad", "Tilleuls"] (at most 10, no repeats). */
export function searchWords(search: string | undefined): string[] {
  if (!search) return [];
  return [...new Set(foldText(search).trim().split(/\s+/).filter(Boolean))].slice(0, 10);
}

/**
 * Every word of the search must match, in any order and in any of the searched fields:
 * "Ehpad tilleuls" finds "EHPAD Les Tilleuls". `condition` receives each word's LIKE pattern
 * (already folded and escaped) and says where that word may appear.
 */
export function matchEveryWord(
  search: string | undefined,
  condition: (pattern: string) => SQL | undefined,
): SQL | undefined {
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  return and(...words.map((word) => condition(likePattern(word))));
}

/** Each word's LIKE pattern (matchEveryWord's), for a statement that takes them as parameters. */
export const searchPatterns = (search: string | undefined): string[] => searchWords(search).map(likePattern);

/**
 * The same match as matchEveryWord, on a stored search text: lower(folded text) of every searched field,
 * separated by spaces (a word, never a space, is in it exactly when it is in one of the fields). LIKE on the
 * lowered text and the lowered pattern is what ILIKE does, about four times faster (no lowering per row), and
 * a trigram index (gin_trgm_ops) serves it.
 */
export function matchEveryWordIn(searchText: SQL | AnyPgColumn, search: string | undefined): SQL | undefined {
  return matchEveryWord(search, (pattern) => storedTextLike(searchText, pattern));
}

/**
 * One word's LIKE pattern (a value, or a statement's placeholder) on a stored text already folded and
 * lower-cased (a search text, a sort key): the pattern lowered in SQL, as ILIKE did, the text read as it is.
 */
export const storedTextLike = (text: SQL | AnyPgColumn, pattern: string | SQLWrapper): SQL =>
  sql`${text} like lower(${pattern})`;

/**
 * The same match as matchEveryWordIn, written so that no index serves it: strpos() of each lowered word.
 * The planner then guesses a third of the rows match and walks the list's sort index, filtering, where a LIKE
 * lets it read every match through the trigram index and sort them all. A list uses it for a word it has
 * counted frequent, where the walk finds its page early and the estimate of the LIKE misleads the planner.
 * `param` names word i `w${i}` in a prepared statement (lib/prepared-by-shape.ts).
 */
export function containsEveryWordIn(
  searchText: SQL | AnyPgColumn,
  search: string | undefined,
  param: StatementParam = boundValue,
): SQL | undefined {
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  return and(...words.map((word, i) => sql`strpos(${searchText}, lower(${param(`w${i}`, word)})) > 0`));
}

/** The SQL of a stored search text (see matchEveryWordIn): the fields folded, lowered, space-separated. */
export const searchTextSql = (fields: Array<SQL | AnyPgColumn>) =>
  sql`lower(${sql.join(
    fields.map((f) => foldedSql(f)),
    sql` || ' ' || `,
  )})`;

/**
 * Whether a searched page should walk its sort index rather than read every match through the trigram index
 * and sort them: when the matches, counted already, are many enough that a walk meets its `upTo` rows after
 * passing over fewer rows than there are matches (upTo × size / matches < matches). The planner decides this
 * from its estimate of the LIKE, drawn from a sample: for "tilleuls" (2,478 of 30,000 requests) it guessed 915
 * after one ANALYZE and 3,049 after another, and sorted every match (7.3 ms) where the walk took 2.4 ms
 * (docs/performance.md, 28 novembre, 6 h). Unknown count or size: the planner decides, as before. The walk
 * matches with `containsEveryWordIn`, which no index serves.
 */
export function walksTheSortIndex(matches: number | undefined, size: number | undefined, upTo: number) {
  return matches !== undefined && size !== undefined && matches * matches >= upTo * size;
}

/**
 * The sizes of a module's lists (`walksTheSortIndex`'s `size`), per database and list key: the total a page read
 * without a search gave (`seen`: the screen is read before a search), else what `read` gives once (a link to a
 * searched list, a restarted server). A hint for choosing a plan, never an answer: a stale size only moves the
 * point where a search walks.
 */
export function listSizes<Key = string>(read: (db: Executor, key: Key) => Promise<number>) {
  const byDatabase = new WeakMap<Executor, Map<Key, number>>();
  const seen = (db: Executor, key: Key, size: number) => {
    const sizes = byDatabase.get(db) ?? new Map<Key, number>();
    byDatabase.set(db, sizes.set(key, size));
  };
  return {
    seen,
    async of(db: Executor, key: Key) {
      const known = byDatabase.get(db)?.get(key);
      if (known !== undefined) return known;
      const size = await read(db, key);
      seen(db, key, size);
      return size;
    },
  };
}

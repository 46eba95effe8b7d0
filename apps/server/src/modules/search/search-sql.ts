import type { SearchKind } from "@certidesk/shared";
import { and, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { QueryWord } from "./query-words.js";

/** A typed word with the LIKE patterns of the known words one typo away from it (none when it is known). */
export interface SearchWord extends QueryWord {
  corrections: string[];
}

/** What one kind's statement is asked: the words, the phrase they make, how many results to keep. */
export interface KindQuery {
  words: readonly SearchWord[];
  phrase: string;
  limit: number;
}

/**
 * How many rows matching every word a kind ranks at most: the first ones its index gives. A frequent word
 * ("ehpad": a client in five, tens of thousands of invoices) then costs the reading of 50 rows, not of every
 * match; a record matching exactly (a number, a name) is rare enough to be among them.
 */
export const CANDIDATES = 50;

/** A stored search text and how it compares: `like` on a lower-cased text, `ilike` on one only folded. */
export interface StoredText {
  column: SQLWrapper;
  folded?: "lower" | "only-folded";
}

/**
 * A word in a stored text, as typed (`exact`) or corrected for a typo too. A word of two characters is only
 * checked on the rows the other words found: its trigrams ("  a", " ab") are in nearly every text, and an index
 * scan of them read the whole table. The expression `text || ''` keeps the planner from using the index for it.
 */
export function wordInText(text: StoredText, word: SearchWord, exact: boolean): SQL {
  const op = text.folded === "only-folded" ? sql`ilike` : sql`like`;
  if (!word.indexable) return sql`(${text.column} || '') ${op} any(${sql.param(word.patterns)}::text[])`;
  const patterns = exact ? word.patterns : [...word.patterns, ...word.corrections];
  return or(...patterns.map((p) => sql`${text.column} ${op} ${p}`)) as SQL;
}

/** A number compared without its separators (`search_compact`, migration 0073): "f20260042" holds "20260042". */
export const compactHolds = (column: SQLWrapper, word: SearchWord): SQL | undefined =>
  word.compact ? sql`search_compact(${column}) like ${`%${word.compact}%`}` : undefined;

/** The same number, whole: a result that is exactly what was typed comes first. */
export const compactIs = (column: SQLWrapper, word: SearchWord): SQL | undefined =>
  word.compact ? sql`search_compact(${column}) = ${word.compact}` : undefined;

export interface KindStatement {
  kind: SearchKind;
  /** The table (or join) the records come from. */
  from: SQL | SQLWrapper;
  /** The actor's scope and the kind's own conditions (live rows…). */
  where: Array<SQL | undefined>;
  /** One word's condition: in the stored text or another form (a number, a phone number, an amount). */
  word: (word: SearchWord, exact: boolean) => SQL;
  /** The record's title folded and lower-cased: what ranks and orders the results. */
  key: SQL;
  /** A whole match that ranks first (a number, a SIRET typed in full). */
  whole?: (word: SearchWord) => SQL | undefined;
  /** What the result is built from, read on the candidates. */
  columns: Record<string, SQLWrapper>;
  /** What is read only for the results kept (names of related records), on `t`, the candidates' columns. */
  later?: Record<string, SQL>;
}

const KEY = /^[a-z][a-zA-Z0-9]*$/;
const column = (name: string) => {
  if (!KEY.test(name)) throw new Error(`colonne invalide : ${name}`);
  return sql.raw(`t."${name}"`);
};

/**
 * A kind's best results in one statement: the first CANDIDATES rows matching every word (served by the stored
 * text's trigram index, or a number's), ranked — the title is the phrase or a number typed whole (0), the title
 * starts with the phrase (1), holds every word, as typed or corrected (2), or the record matches elsewhere (3);
 * found only through a corrected word: 4 more — then ordered by title. Columns: kind, rank, corrected, row (the
 * result's JSON text), position (its place in its kind). The key is a stored folded text, never folded here:
 * folding each candidate's title cost more than the search itself.
 */
export function kindStatement(s: KindStatement, q: KindQuery): SQL {
  if (!Number.isSafeInteger(q.limit) || q.limit < 1) throw new Error(`limite invalide : ${q.limit}`);
  const matches = and(...q.words.map((w) => s.word(w, false))) as SQL;
  const anyCorrection = q.words.some((w) => w.corrections.length > 0);
  const corrected = anyCorrection ? sql`not (${and(...q.words.map((w) => s.word(w, true)))})` : sql`false`;
  const wholes = q.words.map((w) => s.whole?.(w)).filter((c): c is SQL => !!c);
  const whole = wholes.length > 0 ? (or(...wholes) as SQL) : sql`false`;
  // Every word in the title, as typed or corrected ("tileuls" holds in "ehpad les tilleuls" as "tilleuls").
  const inTitle = and(
    ...q.words.map((w) => or(...[...w.patterns, ...w.corrections].map((p) => sql`t.key like ${p}`))),
  ) as SQL;
  const startsWith = `${q.phrase.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rank = sql`(case when t.whole or t.key = ${q.phrase} then 0 when t.key like ${startsWith} then 1
    when ${inTitle} then 2 else 3 end + case when t.corrected then 4 else 0 end)`;
  const selected = Object.entries(s.columns).map(([name, value]) => sql`${value} as ${sql.raw(`"${name}"`)}`);
  const later = Object.entries(s.later ?? {});
  const fields = [...Object.keys(s.columns).map((name) => [name, column(name)] as const), ...later];
  const row = sql`json_build_object(${sql.join(
    fields.map(([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value}`),
    sql`, `,
  )})::text`;
  return sql`(select ${sql.raw(`'${s.kind}'`)} as kind, ${rank} as rank, t.corrected, ${row} as row,
      row_number() over (order by ${rank}, t.key) as position
    from (select ${sql.join(selected, sql`, `)}, ${s.key} as key, ${whole} as whole, ${corrected} as corrected
      from ${s.from} where ${and(...s.where, matches)} limit ${sql.raw(String(CANDIDATES))}) t
    order by 2, t.key limit ${sql.raw(String(q.limit))})`;
}

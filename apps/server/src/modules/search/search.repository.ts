import type { SearchKind } from "@certidesk/shared";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { searchSettings } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { deals } from "./kinds/deals.js";
import { files } from "./kinds/files.js";
import { parties } from "./kinds/parties.js";
import { work } from "./kinds/work.js";
import type { KindResult, SearchKindDefinition } from "./search-kind.js";
import type { KindQuery } from "./search-sql.js";

// biome-ignore lint/suspicious/noExplicitAny: each kind reads its own row type from its statement's JSON.
const DEFINITIONS: Record<SearchKind, SearchKindDefinition<any>> = { ...parties, ...deals, ...work, ...files };

/** A kind the actor may search, with the scope its statement applies. */
export interface SearchableKind {
  kind: SearchKind;
  scope: SQL | undefined;
}

/** Of `kinds`, those whose records the actor may read some of, each with its scope. */
export function searchableKinds(actor: Actor, kinds: readonly SearchKind[]): SearchableKind[] {
  return kinds.flatMap((kind) => {
    const scope = DEFINITIONS[kind].scope(actor);
    return scope === null ? [] : [{ kind, scope }];
  });
}

/** One found record as the statement returns it: its kind, rank, whether a correction found it, its row. */
export interface FoundRow {
  kind: SearchKind;
  rank: number;
  corrected: boolean;
  row: string;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Every kind's best results in one statement (one round trip, one snapshot): each kind's statement
 * (search-sql.ts, `kindStatement`), UNION ALL.
 */
export async function findBest(db: Executor, kinds: readonly SearchableKind[], query: KindQuery): Promise<FoundRow[]> {
  if (kinds.length === 0) return [];
  const statements = kinds.map(({ kind, scope }) => DEFINITIONS[kind].statement(query, scope));
  // A plain SELECT around the parenthesised branches: what the load bench replays (scripts/bench-load/sql-replay.mjs).
  return rowsOf<FoundRow>(
    await db.execute(
      sql`select kind, rank, corrected, row from (${sql.join(statements, sql` union all `)}) found order by position`,
    ),
  );
}

/** The result the user sees, built by its kind from its row. */
export function resultOf(found: FoundRow, actor: Actor): KindResult {
  return DEFINITIONS[found.kind].result(JSON.parse(found.row), actor);
}

/**
 * The dictionary's answer for the typed words that may hold a typo: which of them are known words or the start
 * of one (typed in full, or being typed: never corrected), and which of the `variants` (each one typo away from
 * one of them) are known words.
 */
export async function lookUpWords(db: Executor, typed: readonly string[], variants: readonly string[]) {
  const rows = rowsOf<{ known: boolean; word: string }>(
    await db.execute(sql`select true as known, q.w as word from unnest(${sql.param(typed)}::text[]) q(w)
        where exists (select 1 from search_words s
          where s.word >= q.w collate "C" and s.word < (q.w || '{') collate "C")
      union
      select false, s.word from search_words s where s.word = any(${sql.param(variants)}::text[])`),
  );
  return {
    known: new Set(rows.filter((r) => r.known).map((r) => r.word)),
    found: new Set(rows.filter((r) => !r.known).map((r) => r.word)),
  };
}

export { searchSettings as searchSettingsTable };

/** Settings › Recherche (one row, created with its defaults on first read). */
export async function loadSearchSettings(db: Executor) {
  const read = async () => (await db.select().from(searchSettings).where(eq(searchSettings.id, 1)))[0];
  const row =
    (await read()) ??
    (await db.insert(searchSettings).values({ id: 1 }).onConflictDoNothing().returning())[0] ??
    (await read());
  if (!row) throw new Error("search settings missing");
  return row;
}

import { index, integer, jsonb, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { versionColumn } from "./columns.js";

/**
 * Settings › Recherche (one row, id 1): the kinds the global search leaves out (`excluded_kinds`, so that a
 * kind added later is searched until someone unticks it) and how many results each kind shows.
 */
export const searchSettings = pgTable("search_settings", {
  id: integer("id").primaryKey().default(1),
  excludedKinds: jsonb("excluded_kinds").$type<string[]>().notNull().default([]),
  resultsPerKind: smallint("results_per_kind").notNull().default(5),
  version: versionColumn(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The words of five letters or more of the searched texts (folded, lower-cased, letters only), that a
 * misspelt word of a search may be corrected to ("ehapd" → "ehpad"). Derived, never written by the
 * application: added by triggers when a searched text gains a word (migration 0073_global_search), never
 * removed (a word no record holds any more only makes a correction that finds nothing). No unique key, on
 * purpose: two transactions adding the same new word never wait for each other; a rare duplicate is harmless.
 */
export const searchWords = pgTable("search_words", { word: text("word").notNull() }, (t) => [
  index("search_words_word_idx").on(t.word),
]);

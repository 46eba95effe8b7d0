import {
  SEARCH_KINDS,
  type SearchKind,
  type SearchResponse,
  type SearchResult,
  type SearchSettings,
  type searchSettingsBodySchema,
} from "@certidesk/shared";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import type { Clock } from "../../lib/clock.js";
import { forbidden } from "../../lib/errors.js";
import { granted } from "../../lib/policy.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import { oneTypoAway, phraseOf, type QueryWord, queryWords, wordPatterns } from "./query-words.js";
import * as repo from "./search.repository.js";
import type { SearchWord } from "./search-sql.js";

type SettingsInput = z.output<typeof searchSettingsBodySchema>;

/** At most this many corrections of one typed word are searched (the likeliest are few: a word, its plural). */
const MAX_CORRECTIONS = 5;

const settingsOf = (row: Awaited<ReturnType<typeof repo.loadSearchSettings>>): SearchSettings => ({
  kinds: SEARCH_KINDS.filter((kind) => !row.excludedKinds.includes(kind)),
  resultsPerKind: row.resultsPerKind,
  version: row.version,
});

/**
 * The global search (issue 40): every kind of record the actor may read, each within the scope its own list
 * applies, found as the lists find (every word, in any order, folded), with one typo forgiven in a word of
 * five letters or more and numbers matched without their separators; grouped by kind, best first.
 */
export function createSearchService({ db, clock }: { db: Database; clock: Clock }) {
  /**
   * A word of five letters or more that is no known word, nor the start of one (a word being typed), is
   * corrected to the known words one typo away: "ehapd" to "ehpad", "moullin" to "moulin".
   */
  async function withCorrections(words: QueryWord[]): Promise<SearchWord[]> {
    const correctable = words.filter((w) => w.correctable);
    const none = (w: QueryWord): SearchWord => ({ ...w, corrections: [] });
    if (correctable.length === 0) return words.map(none);
    const variants = new Map(correctable.map((w) => [w.text, oneTypoAway(w.text)]));
    const { known, found } = await repo.lookUpWords(
      db,
      correctable.map((w) => w.text),
      [...new Set([...variants.values()].flat())],
    );
    return words.map((w) => {
      if (!w.correctable || known.has(w.text)) return none(w);
      const corrections = (variants.get(w.text) ?? []).filter((v) => found.has(v)).slice(0, MAX_CORRECTIONS);
      return { ...w, corrections: corrections.flatMap(wordPatterns) };
    });
  }

  return {
    async search(actor: Actor, typed: string): Promise<SearchResponse> {
      const words = queryWords(typed);
      // Words of two characters alone would read every text (search-sql.ts, wordInText): nothing yet.
      if (!words.some((w) => w.indexable)) return { groups: [] };
      const settings = settingsOf(await repo.loadSearchSettings(db));
      const kinds = repo.searchableKinds(actor, settings.kinds);
      if (kinds.length === 0) return { groups: [] };
      const searched = await withCorrections(words);
      const found = await repo.findBest(db, kinds, {
        words: searched,
        phrase: phraseOf(words),
        limit: settings.resultsPerKind,
      });
      const groups = new Map<SearchKind, { best: number; results: SearchResult[] }>();
      for (const row of found) {
        const group = groups.get(row.kind) ?? { best: row.rank, results: [] };
        group.best = Math.min(group.best, row.rank);
        group.results.push({ kind: row.kind, corrected: row.corrected, ...repo.resultOf(row, actor) });
        groups.set(row.kind, group);
      }
      const order = (kind: SearchKind) => SEARCH_KINDS.indexOf(kind);
      return {
        groups: [...groups.entries()]
          .sort(([a, ga], [b, gb]) => ga.best - gb.best || order(a) - order(b))
          .map(([kind, group]) => ({ kind, results: group.results })),
      };
    },

    async settings(actor: Actor): Promise<SearchSettings> {
      if (!granted(actor, "SETTING", "read")) throw forbidden();
      return settingsOf(await repo.loadSearchSettings(db));
    },

    async updateSettings(actor: Actor, input: SettingsInput, requestId?: string): Promise<SearchSettings> {
      await repo.loadSearchSettings(db);
      const excludedKinds = SEARCH_KINDS.filter((kind) => !input.kinds.includes(kind));
      await versionedUpdate({
        db,
        table: repo.searchSettingsTable,
        id: "1",
        key: repo.searchSettingsTable.id,
        version: input.version,
        actor,
        clock,
        entityType: "settings",
        requestId,
        apply: () => ({
          values: { excludedKinds, resultsPerKind: input.resultsPerKind },
          summary: `Recherche : ${input.kinds.length} sortes d'enregistrements cherchées sur ${SEARCH_KINDS.length}, ${input.resultsPerKind} résultat${input.resultsPerKind > 1 ? "s" : ""} par sorte`,
          changes: true,
        }),
      });
      return settingsOf(await repo.loadSearchSettings(db));
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

import { formatCell } from "@certidesk/shared";
import { type DataTableColumn, readValue } from "./types";

/** Lower case without accents or ligatures, so "évaluation" matches "EVALUATION" and "coeur" "cœur". */
export function normalizeSearchText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/œ/gi, "oe")
    .replace(/æ/gi, "ae")
    .toLowerCase()
    .trim();
}

/** What a row can be found by: the text its columns show, normalised once. */
export function buildSearchIndex<Row extends object>(
  rows: readonly Row[],
  columns: readonly DataTableColumn<Row>[],
): string[] {
  const searchable = columns.filter((c) => !c.actions);
  return rows.map((row) =>
    normalizeSearchText(
      searchable
        .map((c) => (c.searchValue ? c.searchValue(row) : formatCell(c.key, readValue(row, c.key))))
        .join("\u0000"),
    ),
  );
}

/** Rows whose text holds every word of the search, in any column. */
export function filterRows<Row>(rows: readonly Row[], index: readonly string[], searchText: string): readonly Row[] {
  const terms = normalizeSearchText(searchText).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return rows;
  return rows.filter((_, i) => {
    const haystack = index[i] ?? "";
    return terms.every((term) => haystack.includes(term));
  });
}

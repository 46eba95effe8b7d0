import { type DataTableColumn, DEFAULT_SORT_DIRECTION, readValue, type SortState } from "./types";

/** Spec §4: none → ascending → descending → none; a new column starts over and resets the others. */
export function nextSort(current: SortState | null, key: string): SortState | null {
  if (current?.key !== key) return { key, direction: DEFAULT_SORT_DIRECTION };
  if (current.direction === DEFAULT_SORT_DIRECTION) return { key, direction: "desc" };
  return null;
}

export function ariaSort(sort: SortState | null, key: string): "none" | "ascending" | "descending" {
  if (sort?.key !== key) return "none";
  return sort.direction === "asc" ? "ascending" : "descending";
}

const collator = new Intl.Collator("fr", { numeric: true, sensitivity: "base" });

type Comparable = number | string | null;

function comparable(value: unknown): Comparable {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") return Number.isNaN(value) ? null : value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  return String(value);
}

function compare(a: Comparable, b: Comparable): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  return collator.compare(String(a), String(b));
}

/** Stable sort on one column; empty values stay last in both directions. */
export function sortRows<Row extends object>(
  rows: readonly Row[],
  column: DataTableColumn<Row> | undefined,
  sort: SortState | null,
): readonly Row[] {
  if (!sort || !column) return rows;
  const sign = sort.direction === "asc" ? 1 : -1;
  const keyed = rows.map((row, index) => ({
    row,
    index,
    value: comparable(column.sortValue ? column.sortValue(row) : readValue(row, column.key)),
  }));
  keyed.sort((x, y) => {
    if (x.value === null || y.value === null) {
      if (x.value === y.value) return x.index - y.index;
      return x.value === null ? 1 : -1;
    }
    return sign * compare(x.value, y.value) || x.index - y.index;
  });
  return keyed.map((k) => k.row);
}

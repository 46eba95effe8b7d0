import { useState } from "react";
import { nextSort } from "./sort";
import type { DataTableColumn, SortState } from "./types";

export interface SortOptions {
  /** Controlled sort; leave undefined to let the table keep its own. */
  sort?: SortState | null;
  defaultSort?: SortState | null;
  onSortChange?: (sort: SortState | null) => void;
}

function initialSort<Row>(columns: readonly DataTableColumn<Row>[]): SortState | null {
  const column = columns.find((c) => c.sortable && c.sortDirection);
  return column?.sortDirection ? { key: column.key, direction: column.sortDirection } : null;
}

/** Controlled or uncontrolled sort state, cycling as the spec says. */
export function useTableSort<Row>(columns: readonly DataTableColumn<Row>[], options: SortOptions) {
  const { sort, defaultSort, onSortChange } = options;
  const [own, setOwn] = useState<SortState | null>(() => defaultSort ?? initialSort(columns));
  const current = sort === undefined ? own : sort;
  const toggle = (key: string) => {
    const next = nextSort(current, key);
    if (sort === undefined) setOwn(next);
    onSortChange?.(next);
  };
  return [current, toggle] as const;
}

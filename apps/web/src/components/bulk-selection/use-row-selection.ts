import { useCallback, useRef, useState } from "react";

/** A ticked row as a bulk request sends it: its id and the version the user saw. */
export interface SelectedRow {
  id: string;
  version: number;
}

/** What the DataTable needs to draw its checkbox column (DataTable's `selection` prop). */
export interface TableSelection<Row> {
  isSelected: (row: Row) => boolean;
  /** A click on a row's box; with Shift, the rows of the page between the last click and this one. */
  toggle: (row: Row, pageIndex: number, shiftKey: boolean) => void;
  /** The header's box: every row of the page, or none. */
  togglePage: () => void;
  pageState: "all" | "some" | "none";
  /** How the row's box is named ("Sélectionner la facture F-2026-0001"). */
  rowLabel: (row: Row) => string;
}

export interface RowSelectionOptions<Row> {
  /** The rows of the page shown. */
  rows: readonly Row[];
  getId: (row: Row) => string;
  getVersion: (row: Row) => number;
  rowLabel: (row: Row) => string;
  /** How many rows match the filter, every page together. */
  total: number;
  /** The list's filter and search: a new one clears the selection (the rows ticked may no longer be shown). */
  filterKey: string;
}

/**
 * The selection of a server-side list: rows ticked page after page (kept with the version seen, for the
 * bulk request's conflict check), or "every row matching the filter" (the server reads them when the action
 * runs). Cleared when the filter changes.
 */
export function useRowSelection<Row>(options: RowSelectionOptions<Row>) {
  const { rows, getId, getVersion, total, filterKey } = options;
  const [picked, setPicked] = useState<ReadonlyMap<string, SelectedRow>>(new Map());
  const [allMatching, setAllMatching] = useState(false);
  const anchor = useRef<number | null>(null);
  const [seenFilter, setSeenFilter] = useState(filterKey);
  if (seenFilter !== filterKey) {
    setSeenFilter(filterKey);
    setPicked(new Map());
    setAllMatching(false);
    anchor.current = null;
  }

  const isSelected = useCallback((row: Row) => allMatching || picked.has(getId(row)), [allMatching, picked, getId]);
  /** Leaving "all matching" by a click: the page's rows become the ticked ones, then the click applies. */
  const base = () =>
    allMatching ? new Map(rows.map((r) => [getId(r), { id: getId(r), version: getVersion(r) }])) : new Map(picked);

  const toggle = (row: Row, pageIndex: number, shiftKey: boolean) => {
    const next = base();
    const on = !isSelected(row);
    const from = shiftKey && anchor.current !== null ? Math.min(anchor.current, pageIndex) : pageIndex;
    const to = shiftKey && anchor.current !== null ? Math.max(anchor.current, pageIndex) : pageIndex;
    for (const r of rows.slice(from, to + 1)) {
      if (on) next.set(getId(r), { id: getId(r), version: getVersion(r) });
      else next.delete(getId(r));
    }
    anchor.current = pageIndex;
    setAllMatching(false);
    setPicked(next);
  };

  const onPage = rows.filter((r) => isSelected(r)).length;
  const pageState: TableSelection<Row>["pageState"] =
    rows.length > 0 && onPage === rows.length ? "all" : onPage > 0 ? "some" : "none";
  const togglePage = () => {
    const next = base();
    for (const r of rows) {
      if (pageState === "all") next.delete(getId(r));
      else next.set(getId(r), { id: getId(r), version: getVersion(r) });
    }
    setAllMatching(false);
    setPicked(next);
  };
  const clear = () => {
    setPicked(new Map());
    setAllMatching(false);
    anchor.current = null;
  };

  return {
    table: { isSelected, toggle, togglePage, pageState, rowLabel: options.rowLabel } satisfies TableSelection<Row>,
    count: allMatching ? total : picked.size,
    total,
    allMatching,
    selectAllMatching: () => setAllMatching(true),
    clear,
    /** The bulk request's selection: the ticked rows, or the list's filter. */
    selection: <F>(filter: F): { ids: SelectedRow[] } | { filter: F } =>
      allMatching ? { filter } : { ids: [...picked.values()] },
  };
}
export type RowSelection<Row> = ReturnType<typeof useRowSelection<Row>>;

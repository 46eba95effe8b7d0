import type { DataTableColumn } from "../data-table/types";

/** The address parameter holding the chosen columns in their order: `colonnes=city,raisonSocial`. */
export const COLUMNS_PARAM = "colonnes";
/** The usual page parameter: where the user is in the list is not part of a view (it opens on page 1). */
export const DEFAULT_PAGE_PARAM = "page";

/** A column the user may hide or move: not the row's buttons (always shown, last). */
export const isChoosable = <Row>(column: DataTableColumn<Row>) =>
  !column.isAction && !column.actions && column.key !== "actions";

export const readColumns = (params: URLSearchParams): string[] | null => {
  const value = params.get(COLUMNS_PARAM);
  return value ? value.split(",").filter(Boolean) : null;
};

/** The query a view keeps: the address without the page and the columns, its keys in a stable order. */
export function viewQuery(search: string, pageParam = DEFAULT_PAGE_PARAM): string {
  const params = new URLSearchParams(search);
  for (const key of [pageParam, COLUMNS_PARAM]) params.delete(key);
  params.sort();
  return params.toString();
}

/** The address that opens a view: its query and its columns. */
export function viewAddress(query: string, columns: readonly string[] | null): string {
  const params = new URLSearchParams(query);
  if (columns) params.set(COLUMNS_PARAM, columns.join(","));
  const out = params.toString();
  return out ? `?${out}` : "";
}

/** Whether the address shows this view: same filters, sort, search and columns (the page aside). */
export function showsView(
  search: string,
  view: { query: string; columns: readonly string[] | null },
  pageParam = DEFAULT_PAGE_PARAM,
): boolean {
  const current = readColumns(new URLSearchParams(search));
  return (
    viewQuery(search, pageParam) === viewQuery(view.query, pageParam) &&
    (current ?? []).join(",") === (view.columns ?? []).join(",")
  );
}

/** The columns in the chosen order (unknown keys ignored), then the row's buttons; all of them without a choice. */
export function applyColumns<Row>(columns: DataTableColumn<Row>[], chosen: readonly string[] | null) {
  if (!chosen) return columns;
  const picked = chosen.flatMap((key) => columns.filter((c) => c.key === key && isChoosable(c)));
  return picked.length ? [...picked, ...columns.filter((c) => !isChoosable(c))] : columns;
}

/**
 * Every choosable column with its state, for the Colonnes control: the chosen ones in their order, then
 * the hidden ones in the list's order.
 */
export function columnChoices<Row>(columns: DataTableColumn<Row>[], chosen: readonly string[] | null) {
  const choosable = columns.filter(isChoosable);
  if (!chosen) return choosable.map((c) => ({ key: c.key, title: c.title, shown: true }));
  const shown = chosen.flatMap((key) => choosable.filter((c) => c.key === key));
  const hidden = choosable.filter((c) => !chosen.includes(c.key));
  return [
    ...shown.map((c) => ({ key: c.key, title: c.title, shown: true })),
    ...hidden.map((c) => ({ key: c.key, title: c.title, shown: false })),
  ];
}

/** The chosen keys from the control's state; null when it is the list's own choice (all, in its order). */
export function chosenKeys(choices: { key: string; shown: boolean }[], defaultOrder: readonly string[]) {
  const keys = choices.filter((c) => c.shown).map((c) => c.key);
  return keys.join(",") === defaultOrder.join(",") ? null : keys;
}

import type { DataTableColumn } from "../data-table/types";

/** The address parameter holding the chosen columns in their order: `colonnes=city,raisonSocial`. */
export const COLUMNS_PARAM = "colonnes";
/** The usual page parameter: where the user is in the list is not part of a view (it opens on page 1). */
export const DEFAULT_PAGE_PARAM = "page";

/** A column the user may hide or move: not the row's buttons (always shown, last). */
export const isChoosable = <Row>(column: DataTableColumn<Row>) =>
  !column.isAction && !column.actions && column.key !== "actions";

/*
 * `colonnes` lists every column in the order chosen, a hidden one marked by "-" (`city,raisonSocial,-postalCode`),
 * so that unticking a column leaves it in its place in the Colonnes control. A view keeps only the shown ones.
 */
const HIDDEN = "-";

/** The columns the address shows, in order; null when it makes no choice (the list's own columns). */
export const readColumns = (params: URLSearchParams): string[] | null => {
  const value = params.get(COLUMNS_PARAM);
  return value ? value.split(",").filter((k) => k && !k.startsWith(HIDDEN)) : null;
};

const readColumnOrder = (params: URLSearchParams) =>
  (params.get(COLUMNS_PARAM) ?? "")
    .split(",")
    .filter(Boolean)
    .map((k) => (k.startsWith(HIDDEN) ? { key: k.slice(1), shown: false } : { key: k, shown: true }));

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
 * Every choosable column with its state, for the Colonnes control: in the address's order (a column it does not
 * name, as after opening a view, comes last, hidden); all shown in the list's order without a choice.
 */
export function columnChoices<Row>(columns: DataTableColumn<Row>[], params: URLSearchParams) {
  const choosable = columns.filter(isChoosable);
  const order = readColumnOrder(params);
  if (!order.length) return choosable.map((c) => ({ key: c.key, title: c.title, shown: true }));
  const listed = order.flatMap(({ key, shown }) =>
    choosable.filter((c) => c.key === key).map((c) => ({ key, title: c.title, shown })),
  );
  const rest = choosable.filter((c) => !order.some((o) => o.key === c.key));
  return [...listed, ...rest.map((c) => ({ key: c.key, title: c.title, shown: false }))];
}

/** The `colonnes` value of the control's state; null when it is the list's own choice (all, in its order). */
export function columnsParam(choices: { key: string; shown: boolean }[], defaultOrder: readonly string[]) {
  if (choices.every((c) => c.shown) && choices.map((c) => c.key).join(",") === defaultOrder.join(",")) return null;
  return choices.map((c) => (c.shown ? c.key : `${HIDDEN}${c.key}`)).join(",");
}

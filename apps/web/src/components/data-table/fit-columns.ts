import type { DataTableColumn } from "./types";

/** Room kept for a column without a set width (the name column of a list), so it is never squeezed to nothing. */
export const FLEXIBLE_COLUMN_MIN_WIDTH = 200;
/**
 * Under this width of its frame a table shows its rows as cards: a phone held upright (390 px) and a narrow
 * side panel. Above it, a desk's table with its columns in a row.
 */
export const CARD_LAYOUT_BELOW = 600;
/** The priority a card still shows: the columns without one, and those of priority 1. */
const CARD_PRIORITY = 1;

export function tableMinWidth<Row>(columns: readonly DataTableColumn<Row>[]): number {
  return columns.reduce((sum, c) => sum + (typeof c.width === "number" ? c.width : FLEXIBLE_COLUMN_MIN_WIDTH), 0);
}

/** The row's actions: always shown, whatever the width, and kept at the table's right edge. */
export function isActionsColumn<Row>(column: DataTableColumn<Row>): boolean {
  return Boolean(column.actions || column.isAction) || column.key === "actions";
}

const dropRank = <Row>(column: DataTableColumn<Row>) => (isActionsColumn(column) ? 0 : (column.priority ?? 0));

export interface FittedColumns<Row> {
  columns: readonly DataTableColumn<Row>[];
  cards: boolean;
  /** The kept columns are still wider than the frame: it scrolls sideways, the actions pinned at its edge. */
  overflow: boolean;
}

/**
 * The columns a frame of `width` pixels shows. Unknown width (first render, tests): all of them. Narrower than
 * CARD_LAYOUT_BELOW: cards, with the key columns. Otherwise the columns of highest priority number give way
 * first (the rightmost first among equals) until the rest fits; a column without a priority, and the actions,
 * never do.
 */
export function fitColumns<Row>(columns: readonly DataTableColumn<Row>[], width: number | null): FittedColumns<Row> {
  if (!width) return { columns, cards: false, overflow: false };
  if (width < CARD_LAYOUT_BELOW)
    return { columns: columns.filter((c) => dropRank(c) <= CARD_PRIORITY), cards: true, overflow: false };
  const kept = [...columns];
  const order = columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => dropRank(column) > 0)
    .sort((a, b) => dropRank(b.column) - dropRank(a.column) || b.index - a.index);
  for (const { column } of order) {
    if (tableMinWidth(kept) <= width) break;
    kept.splice(kept.indexOf(column), 1);
  }
  return {
    columns: kept.length === columns.length ? columns : kept,
    cards: false,
    overflow: tableMinWidth(kept) > width,
  };
}

import type { ReactNode } from "react";
import type { DocumentRef } from "../document-cell/document-url";
import type { RowActionCode } from "../row-actions/action-codes";

export type SortDirection = "asc" | "desc";

export interface SortState {
  key: string;
  direction: SortDirection;
}

/** Spec §9: rows per page, first page, default sort direction. */
export const DEFAULT_ROWS_PER_PAGE = 1000;
export const FIRST_PAGE = 1;
export const DEFAULT_SORT_DIRECTION: SortDirection = "asc";

/** A column as the spec defines it (§3 "Column definition"), plus optional render hooks. */
export interface DataTableColumn<Row> {
  key: string;
  title: string;
  width?: number | string;
  /**
   * When the table is narrower than its columns, those with a priority give way, 3 first, then 2, then 1;
   * without one the column always shows (the name, the status; the actions always do). A phone's card
   * shows the columns without a priority and those of priority 1.
   */
  priority?: 1 | 2 | 3;
  align?: "left" | "center" | "right";
  sortable?: boolean;
  /** Starts the table sorted on this column (uncontrolled tables only). */
  sortDirection?: SortDirection;
  weight?: "bold";
  color?: "red";
  /** Emits onCellClick when the cell is clicked. */
  clickable?: boolean;
  /** Clickable only when the cell has a value. */
  clickableIfHasData?: boolean;
  /** The value is a document list [{ id, name, url }] shown with DocumentCell. */
  isDocument?: boolean;
  /** The column holds buttons acting on the row (like `actions` and a column keyed "actions"): always shown. */
  isAction?: boolean;
  /** The column shows these row actions (RowActions) instead of a value. */
  actions?: readonly RowActionCode[];
  render?: (row: Row, index: number) => ReactNode;
  /** Drawn in the header cell instead of the title (the selection column's box); the title still names it. */
  header?: () => ReactNode;
  /** Value used for client-side sorting; default the raw value. */
  sortValue?: (row: Row) => unknown;
  /** Text used for client-side search; default the displayed text. */
  searchValue?: (row: Row) => string;
}

export interface CellClickEvent<Row> {
  row: Row;
  key: string;
  value: unknown;
  index: number;
}

export interface DataTableHandlers<Row> {
  onRowClick?: (row: Row, index: number) => void;
  onCellClick?: (event: CellClickEvent<Row>) => void;
  onAction?: (code: RowActionCode, row: Row) => void;
  buildDocumentUrl?: (doc: DocumentRef) => string;
}

export function readValue(row: object, key: string): unknown {
  return (row as Record<string, unknown>)[key];
}

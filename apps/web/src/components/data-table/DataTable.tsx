import { Box, Table, VisuallyHidden } from "@mantine/core";
import { type UIEvent, useEffect, useMemo, useRef, useState } from "react";
import { selectionColumn } from "../bulk-selection/selection-column";
import type { TableSelection } from "../bulk-selection/use-row-selection";
import { LoadingOverlay } from "../loading/LoadingOverlay";
import { Pagination } from "../pagination/Pagination";
import { clampPage, lastPageOf } from "../pagination/page-items";
import { TooltipHost } from "../tooltip/TooltipHost";
import classes from "./DataTable.module.css";
import { DataTableHeader } from "./DataTableHeader";
import { DataTableRow } from "./DataTableRow";
import { fitColumns, tableMinWidth } from "./fit-columns";
import { tableStatusText } from "./result-count";
import { buildSearchIndex, filterRows } from "./search";
import { sortRows } from "./sort";
import { type DataTableColumn, type DataTableHandlers, DEFAULT_ROWS_PER_PAGE, FIRST_PAGE } from "./types";
import { useElementWidth } from "./use-element-width";
import { useRowVirtualizer } from "./use-row-virtualizer";
import { type SortOptions, useTableSort } from "./use-table-sort";

export const EMPTY_TABLE_TEXT = "Aucune donnée";

export interface DataTableProps<Row extends object> extends DataTableHandlers<Row>, SortOptions {
  /** Keep stable (module constant or useMemo): a new array rebuilds the search index. */
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  /** Stable row identity; default the row's position. */
  getRowKey?: (row: Row, index: number) => string | number;
  /** Client-side search, accent- and case-insensitive, over the displayed text. */
  searchText?: string;
  /** Rows arrive sorted (a server-side list sorts in SQL): only the header changes. */
  manualSorting?: boolean;
  /** Rows arrive filtered: searchText is ignored. */
  manualFiltering?: boolean;
  /** Client-side page size; default 1000. */
  rowsPerPage?: number;
  /**
   * Height of the scrolling body; rows outside it are not rendered. "none" for a short list in a tab or a
   * panel: it grows with its rows and the page scrolls, no scroll area to reach by keyboard inside the page.
   */
  maxHeight?: number | string;
  estimatedRowHeight?: number;
  overscan?: number;
  emptyText?: string;
  loading?: boolean;
  /** How many rows the list has in all (a server-side list: every page); default the rows shown after search. */
  resultCount?: number;
  "aria-label"?: string;
  tableLayout?: "auto" | "fixed";
  /** A checkbox column first (useRowSelection): rows ticked for a bulk action. */
  selection?: TableSelection<Row>;
}

/**
 * The spec's data table (§2): sortable, searchable, virtualised so 1000 rows stay smooth. It fits its frame:
 * the columns of lowest priority give way on a narrow desk, the actions always show, and under
 * CARD_LAYOUT_BELOW each row is a card (`fitColumns`).
 */
export function DataTable<Row extends object>(props: DataTableProps<Row>) {
  const {
    columns: listColumns,
    rows,
    getRowKey,
    searchText = "",
    manualSorting = false,
    manualFiltering = false,
  } = props;
  const { rowsPerPage = DEFAULT_ROWS_PER_PAGE, maxHeight = 600, estimatedRowHeight = 41, overscan = 10 } = props;
  const { onRowClick, onCellClick, onAction, buildDocumentUrl, selection } = props;
  // Rebuilt with each new selection state, so the memoised rows redraw their boxes.
  const allColumns = useMemo(
    () => (selection ? [selectionColumn(selection), ...listColumns] : listColumns),
    [selection, listColumns],
  );
  const [sort, toggleSort] = useTableSort(allColumns, props);
  const [page, setPage] = useState(FIRST_PAGE);
  const [scrolled, setScrolled] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const frameWidth = useElementWidth(frameRef);
  const { columns, cards, overflow } = useMemo(() => fitColumns(allColumns, frameWidth), [allColumns, frameWidth]);

  const searchIndex = useMemo(
    () => (manualFiltering ? [] : buildSearchIndex(rows, allColumns)),
    [rows, allColumns, manualFiltering],
  );
  const filtered = useMemo(
    () => (manualFiltering ? rows : filterRows(rows, searchIndex, searchText)),
    [rows, searchIndex, searchText, manualFiltering],
  );
  const sorted = useMemo(
    () =>
      manualSorting
        ? filtered
        : sortRows(
            filtered,
            allColumns.find((c) => c.key === sort?.key),
            sort,
          ),
    [filtered, allColumns, sort, manualSorting],
  );

  // A new search or sort starts again from the first page, at the top.
  const resetKey = `${searchText}\u0000${sort?.key ?? ""}\u0000${sort?.direction ?? ""}`;
  const [seenResetKey, setSeenResetKey] = useState(resetKey);
  if (seenResetKey !== resetKey) {
    setSeenResetKey(resetKey);
    setPage(FIRST_PAGE);
  }
  useEffect(() => {
    // resetKey is read so the effect runs again on every new search or sort.
    if (scrollRef.current && resetKey) scrollRef.current.scrollTop = 0;
  }, [resetKey]);

  const lastPage = lastPageOf(sorted.length, rowsPerPage);
  const currentPage = clampPage(page, lastPage);
  const pageRows = useMemo(
    () =>
      sorted.length <= rowsPerPage ? sorted : sorted.slice((currentPage - 1) * rowsPerPage, currentPage * rowsPerPage),
    [sorted, currentPage, rowsPerPage],
  );
  const offset = (currentPage - 1) * (Number.isFinite(rowsPerPage) ? rowsPerPage : 0);

  const virtualizer = useRowVirtualizer({
    count: pageRows.length,
    scrollRef,
    estimatedRowHeight,
    fallbackHeight: typeof maxHeight === "number" ? maxHeight : 600,
    overscan,
    getItemKey: (i) => {
      const row = pageRows[i];
      return getRowKey && row ? getRowKey(row, offset + i) : offset + i;
    },
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const isScrolled = event.currentTarget.scrollTop > 0;
    if (isScrolled !== scrolled) setScrolled(isScrolled);
  };

  return (
    <TooltipHost>
      <Box pos="relative" ref={frameRef}>
        {/* A change of the list is heard, not only seen (RGAA 7.5): « Chargement… », then « 12 résultats ». */}
        <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
          {tableStatusText(props.loading ?? false, props.resultCount ?? sorted.length)}
        </VisuallyHidden>
        <LoadingOverlay visible={props.loading ?? false} />
        <div
          ref={scrollRef}
          className={classes.scroller}
          style={{ maxHeight }}
          onScroll={onScroll}
          data-table-scroller=""
          data-overflow={overflow || undefined}
        >
          <Table
            layout={props.tableLayout ?? "fixed"}
            className={cards ? classes.cards : undefined}
            style={cards ? undefined : { minWidth: tableMinWidth(columns) }}
            highlightOnHover
            aria-label={props["aria-label"]}
            aria-rowcount={sorted.length + 1}
          >
            <DataTableHeader columns={columns} sort={sort} onSort={toggleSort} scrolled={scrolled} cards={cards} />
            <Table.Tbody>
              {pageRows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length} className={classes.empty}>
                    {props.emptyText ?? EMPTY_TABLE_TEXT}
                  </Table.Td>
                </Table.Tr>
              )}
              {padTop > 0 && (
                <tr aria-hidden className={classes.spacer}>
                  <td colSpan={columns.length} style={{ height: padTop }} />
                </tr>
              )}
              {items.map((item) => {
                const row = pageRows[item.index];
                if (!row) return null;
                return (
                  <DataTableRow
                    key={item.key}
                    row={row}
                    index={offset + item.index}
                    virtualIndex={item.index}
                    columns={columns}
                    cards={cards}
                    measureRef={virtualizer.measureElement}
                    onRowClick={onRowClick}
                    onCellClick={onCellClick}
                    onAction={onAction}
                    buildDocumentUrl={buildDocumentUrl}
                  />
                );
              })}
              {padBottom > 0 && (
                <tr aria-hidden className={classes.spacer}>
                  <td colSpan={columns.length} style={{ height: padBottom }} />
                </tr>
              )}
            </Table.Tbody>
          </Table>
        </div>
        {sorted.length > rowsPerPage && (
          <Box mt="sm">
            <Pagination
              totalItems={sorted.length}
              itemsPerPage={rowsPerPage}
              currentPage={currentPage}
              onPageChange={setPage}
            />
          </Box>
        )}
      </Box>
    </TooltipHost>
  );
}

import { Table } from "@mantine/core";
import { type KeyboardEvent, memo, type Ref } from "react";
import classes from "./DataTable.module.css";
import { DataTableCell } from "./DataTableCell";
import type { DataTableColumn, DataTableHandlers } from "./types";

export interface DataTableRowProps<Row extends object> extends DataTableHandlers<Row> {
  row: Row;
  /** Position among all rows (events, aria-rowindex). */
  index: number;
  /** Position in the virtualiser's list, which it reads back when measuring. */
  virtualIndex: number;
  columns: readonly DataTableColumn<Row>[];
  /** The row is shown as a card (a phone's width): each cell says its column's title. */
  cards?: boolean;
  measureRef?: Ref<HTMLTableRowElement>;
}

function RowView<Row extends object>(props: DataTableRowProps<Row>) {
  const { row, index, virtualIndex, columns, cards = false, measureRef, onRowClick, ...handlers } = props;
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    // Only the row's own focus: Enter on a button inside must not open the row too.
    if (event.target !== event.currentTarget || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    onRowClick?.(row, index);
  };
  return (
    <Table.Tr
      ref={measureRef}
      className={classes.row}
      data-index={virtualIndex}
      aria-rowindex={index + 2}
      data-clickable={onRowClick ? true : undefined}
      tabIndex={onRowClick ? 0 : undefined}
      onClick={onRowClick ? () => onRowClick(row, index) : undefined}
      onKeyDown={onRowClick ? onKeyDown : undefined}
    >
      {columns.map((column, position) => (
        <DataTableCell
          key={column.key}
          column={column}
          row={row}
          index={index}
          label={cards && position > 0 ? column.title : undefined}
          card={cards}
          {...handlers}
        />
      ))}
    </Table.Tr>
  );
}

/** Memoised so scrolling re-renders only the rows that enter the window. */
export const DataTableRow = memo(RowView) as typeof RowView;

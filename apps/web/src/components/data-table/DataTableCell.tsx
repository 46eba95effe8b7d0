import { formatCell, isEmptyValue } from "@certidesk/shared";
import { Table, UnstyledButton } from "@mantine/core";
import type { MouseEvent } from "react";
import { DocumentCell } from "../document-cell/DocumentCell";
import { asDocuments } from "../document-cell/document-url";
import type { RowActionFlags } from "../row-actions/action-codes";
import { RowActions } from "../row-actions/RowActions";
import classes from "./DataTable.module.css";
import { isActionsColumn } from "./fit-columns";
import { type DataTableColumn, type DataTableHandlers, readValue } from "./types";

export interface DataTableCellProps<Row extends object> extends DataTableHandlers<Row> {
  column: DataTableColumn<Row>;
  row: Row;
  index: number;
  /**
   * On a card, the column's title before the value. Hidden from assistive technology, which reads the
   * column's header with the cell.
   */
  label?: string;
  /** The row is a card: the cell takes the card's width and its own alignment (DataTable.module.css). */
  card?: boolean;
}

// Actions and documents open menus rendered in portals; React bubbles their clicks
// through the cell, so the cell stops them before they reach the row.
const stop = (event: MouseEvent) => event.stopPropagation();

function Content<Row extends object>(props: DataTableCellProps<Row>) {
  const { column, row, index, onCellClick, onAction, buildDocumentUrl } = props;
  const value = readValue(row, column.key);
  if (column.actions) {
    return <RowActions row={row as RowActionFlags} codes={column.actions} onAction={(code) => onAction?.(code, row)} />;
  }
  if (column.isDocument) return <DocumentCell documents={asDocuments(value)} buildViewUrl={buildDocumentUrl} />;
  const content = column.render ? column.render(row, index) : formatCell(column.key, value);
  const clickable = column.clickable || (column.clickableIfHasData && !isEmptyValue(value));
  if (!clickable || !onCellClick) return content;
  return (
    <UnstyledButton
      className={classes.cellLink}
      onClick={(event) => {
        event.stopPropagation();
        onCellClick({ row, key: column.key, value, index });
      }}
    >
      {content}
    </UnstyledButton>
  );
}

export function DataTableCell<Row extends object>(props: DataTableCellProps<Row>) {
  const { column, label, card = false } = props;
  const isolated = Boolean(column.actions || column.isDocument);
  const actions = isActionsColumn(column);
  return (
    <Table.Td
      style={card ? undefined : { width: column.width, textAlign: column.align }}
      fw={column.weight === "bold" ? 700 : undefined}
      c={column.color === "red" ? "red" : undefined}
      onClick={isolated ? stop : undefined}
      data-actions={actions || undefined}
    >
      {label && !actions ? (
        <>
          <span className={classes.cardLabel} aria-hidden>
            {label}
          </span>
          <div className={classes.cardValue}>
            <Content {...props} />
          </div>
        </>
      ) : (
        <Content {...props} />
      )}
    </Table.Td>
  );
}

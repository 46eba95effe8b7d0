import { Table, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconCaretDownFilled, IconCaretUpFilled } from "@tabler/icons-react";
import classes from "./DataTable.module.css";
import { isActionsColumn } from "./fit-columns";
import { ariaSort } from "./sort";
import type { DataTableColumn, SortState } from "./types";

export interface DataTableHeaderProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  sort: SortState | null;
  onSort: (key: string) => void;
  scrolled: boolean;
  /** The rows are cards: the header is a bar of sort buttons, its cells at their own widths. */
  cards?: boolean;
}

export function DataTableHeader<Row>({ columns, sort, onSort, scrolled, cards = false }: DataTableHeaderProps<Row>) {
  return (
    <Table.Thead className={classes.head} data-scrolled={scrolled || undefined}>
      <Table.Tr aria-rowindex={1}>
        {columns.map((column) => {
          const direction = ariaSort(sort, column.key);
          return (
            <Table.Th
              key={column.key}
              scope="col"
              aria-sort={column.sortable ? direction : undefined}
              style={cards ? undefined : { width: column.width, textAlign: column.align }}
              data-actions={isActionsColumn(column) || undefined}
            >
              {column.header ? (
                column.header()
              ) : column.sortable ? (
                <UnstyledButton className={classes.sortButton} onClick={() => onSort(column.key)}>
                  {column.title}
                  <span className={classes.arrows} aria-hidden>
                    <IconCaretUpFilled
                      size={10}
                      data-arrow="asc"
                      data-active={direction === "ascending" || undefined}
                    />
                    <IconCaretDownFilled
                      size={10}
                      data-arrow="desc"
                      data-active={direction === "descending" || undefined}
                    />
                  </span>
                </UnstyledButton>
              ) : (
                // A header without a title (the actions column) still says what the column holds.
                column.title || <VisuallyHidden>Actions</VisuallyHidden>
              )}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}

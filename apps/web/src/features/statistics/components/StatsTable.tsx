import { Table } from "@mantine/core";
import type { ReactNode } from "react";

export interface StatsColumn<R> {
  header: string;
  value: (row: R) => ReactNode;
  /** Figures are right-aligned, so units and thousands line up. */
  numeric?: boolean;
}

/**
 * A table of figures: the accessible alternative of the chart above it, with the same numbers, and
 * the shape of the XLSX export. It scrolls sideways on a phone (keyboard-reachable, theme default).
 */
export function StatsTable<R>(props: {
  caption: string;
  columns: ReadonlyArray<StatsColumn<R>>;
  rows: readonly R[];
  rowKey: (row: R) => string;
  footer?: R;
  emptyText?: string;
  minWidth?: number;
}) {
  const { caption, columns, rows, rowKey, footer, emptyText = "Aucune donnée sur cette période." } = props;
  const cell = (row: R, c: StatsColumn<R>) => (
    <Table.Td
      key={c.header}
      ta={c.numeric ? "right" : undefined}
      style={c.numeric ? { whiteSpace: "nowrap" } : undefined}
    >
      {c.value(row)}
    </Table.Td>
  );
  return (
    <Table.ScrollContainer minWidth={props.minWidth ?? 560}>
      <Table striped withTableBorder captionSide="top" verticalSpacing={6}>
        <Table.Caption style={{ textAlign: "left", fontWeight: 600, color: "inherit" }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header} ta={c.numeric ? "right" : undefined} scope="col">
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>{emptyText}</Table.Td>
            </Table.Tr>
          ) : (
            rows.map((r) => <Table.Tr key={rowKey(r)}>{columns.map((c) => cell(r, c))}</Table.Tr>)
          )}
        </Table.Tbody>
        {footer && rows.length > 0 ? (
          <Table.Tfoot>
            <Table.Tr fw={600}>{columns.map((c) => cell(footer, c))}</Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </Table.ScrollContainer>
  );
}

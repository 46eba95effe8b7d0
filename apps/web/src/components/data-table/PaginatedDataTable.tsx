import { Box } from "@mantine/core";
import { Pagination } from "../pagination/Pagination";
import { DataTable, type DataTableProps } from "./DataTable";

export interface PaginatedDataTableProps<Row extends object>
  extends Omit<DataTableProps<Row>, "rowsPerPage" | "manualFiltering"> {
  /** Total number of rows on the server, all pages together. */
  totalItems: number;
  itemsPerPage: number;
  currentPage: number;
  onPageChange: (page: number) => void;
}

/**
 * Server-side pagination: `rows` is the current page as the server sorted and filtered it.
 * The page controls show only when there is something to page through (spec §2).
 */
export function PaginatedDataTable<Row extends object>(props: PaginatedDataTableProps<Row>) {
  const { totalItems, itemsPerPage, currentPage, onPageChange, manualSorting = true, ...tableProps } = props;
  return (
    <Box>
      <DataTable
        {...tableProps}
        manualSorting={manualSorting}
        manualFiltering
        rowsPerPage={Number.POSITIVE_INFINITY}
        resultCount={totalItems}
      />
      {totalItems > 0 && (
        <Box mt="sm">
          <Pagination
            totalItems={totalItems}
            itemsPerPage={itemsPerPage}
            currentPage={currentPage}
            onPageChange={onPageChange}
          />
        </Box>
      )}
    </Box>
  );
}

import { Checkbox } from "@mantine/core";
import type { DataTableColumn } from "../data-table/types";
import type { TableSelection } from "./use-row-selection";

export const SELECTION_COLUMN_KEY = "__selection";

/**
 * The checkbox column a DataTable puts first when it is given a selection. Each box is named after its row;
 * a click does not open the row (the row's own click); Shift+click ticks the range since the last click.
 */
export function selectionColumn<Row>(selection: TableSelection<Row>): DataTableColumn<Row> {
  return {
    key: SELECTION_COLUMN_KEY,
    title: "Sélection",
    width: 48,
    header: () => (
      <Checkbox
        aria-label="Sélectionner toutes les lignes de la page"
        checked={selection.pageState === "all"}
        indeterminate={selection.pageState === "some"}
        onChange={selection.togglePage}
      />
    ),
    render: (row, index) => (
      <Checkbox
        aria-label={`Sélectionner ${selection.rowLabel(row)}`}
        checked={selection.isSelected(row)}
        // The click carries Shift; the change event does not. Keyboard Space also fires a click.
        onChange={() => undefined}
        onClick={(event) => {
          event.stopPropagation();
          selection.toggle(row, index, event.shiftKey);
        }}
      />
    ),
  };
}

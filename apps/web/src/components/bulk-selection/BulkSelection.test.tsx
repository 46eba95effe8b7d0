import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithTheme } from "../../test/render";
import { PaginatedDataTable } from "../data-table/PaginatedDataTable";
import type { DataTableColumn } from "../data-table/types";
import { BulkBar } from "./BulkBar";
import { useRowSelection } from "./use-row-selection";

interface Invoice {
  id: string;
  version: number;
  number: string;
}
const columns: DataTableColumn<Invoice>[] = [{ key: "number", title: "Numéro" }];
const rows = Array.from({ length: 6 }, (_, i) => ({ id: `id-${i}`, version: i + 1, number: `F-${i}` }));

/** A list with its selection, as a screen wires it; shows the request's selection for the assertions. */
function List() {
  const [filter, setFilter] = useState("toutes");
  const selection = useRowSelection({
    rows,
    getId: (r) => r.id,
    getVersion: (r) => r.version,
    rowLabel: (r) => `la facture ${r.number}`,
    total: 40,
    filterKey: filter,
  });
  return (
    <>
      <button type="button" onClick={() => setFilter("impayées")}>
        Filtrer
      </button>
      <BulkBar {...selection} onSelectAllMatching={selection.selectAllMatching} onClear={selection.clear}>
        <span />
      </BulkBar>
      <output data-testid="request">{JSON.stringify(selection.selection({ status: filter }))}</output>
      <PaginatedDataTable
        columns={columns}
        rows={rows}
        selection={selection.table}
        totalItems={40}
        itemsPerPage={6}
        currentPage={1}
        onPageChange={() => undefined}
      />
    </>
  );
}
const request = () => JSON.parse(screen.getByTestId("request").textContent ?? "{}");
const box = (n: number) => screen.getByRole("checkbox", { name: `Sélectionner la facture F-${n}` });

describe("row selection", () => {
  it("ticks a row, a Shift range, the page, every result of the filter; a new filter clears it", async () => {
    const user = userEvent.setup();
    renderWithTheme(<List />);
    expect(screen.queryByRole("region", { name: "Actions groupées" })).not.toBeInTheDocument();

    await user.click(box(1));
    await user.keyboard("{Shift>}");
    await user.click(box(3));
    await user.keyboard("{/Shift}");
    expect(request()).toEqual({
      ids: [
        { id: "id-1", version: 2 },
        { id: "id-2", version: 3 },
        { id: "id-3", version: 4 },
      ],
    });
    expect(screen.getByText("3 sélectionnées")).toBeInTheDocument();
    const header = screen.getByRole("checkbox", { name: "Sélectionner toutes les lignes de la page" });
    expect(header).toHaveAttribute("data-indeterminate", "true");

    await user.click(header);
    expect(request().ids).toHaveLength(6);
    await user.click(screen.getByRole("button", { name: "Sélectionner les 40 résultats du filtre" }));
    expect(screen.getByText("40 sélectionnées (tous les résultats du filtre)")).toBeInTheDocument();
    expect(request()).toEqual({ filter: { status: "toutes" } });

    await user.click(screen.getByRole("button", { name: "Filtrer" }));
    expect(request()).toEqual({ ids: [] });
    expect(box(0)).not.toBeChecked();
  });
});

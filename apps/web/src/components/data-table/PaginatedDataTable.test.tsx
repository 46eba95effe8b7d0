import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { PaginatedDataTable } from "./PaginatedDataTable";
import type { DataTableColumn } from "./types";

interface Prospect {
  id: number;
  raisonSocial: string;
}

const columns: DataTableColumn<Prospect>[] = [{ key: "raisonSocial", title: "Raison sociale", sortable: true }];
const page = [
  { id: 21, raisonSocial: "Zéphyr" },
  { id: 22, raisonSocial: "Alizé" },
];

describe("PaginatedDataTable", () => {
  it("shows the caller's page as given and emits page changes", async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    renderWithTheme(
      <PaginatedDataTable
        columns={columns}
        rows={page}
        totalItems={45}
        itemsPerPage={20}
        currentPage={2}
        onPageChange={onPageChange}
        searchText="alize"
      />,
    );
    // Server-side: no client filtering, rows numbered from the caller's order.
    expect(screen.getByText("Zéphyr")).toBeInTheDocument();
    expect(screen.getByTestId("pagination-status")).toHaveTextContent("2 / 3");
    // The live region counts every page, as the server does, not the rows of this one.
    expect(screen.getByText("45 résultats", { selector: '[role="status"]' })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Page 3" }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it("emits the sort for the server and keeps the server's order", async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    renderWithTheme(
      <PaginatedDataTable
        columns={columns}
        rows={page}
        totalItems={2}
        itemsPerPage={20}
        currentPage={1}
        onPageChange={() => {}}
        onSortChange={onSortChange}
      />,
    );
    await user.click(within(screen.getByRole("columnheader")).getByRole("button"));
    expect(onSortChange).toHaveBeenCalledWith({ key: "raisonSocial", direction: "asc" });
    const names = screen
      .getAllByRole("row")
      .slice(1)
      .map((r) => r.textContent);
    expect(names).toEqual(["Zéphyr", "Alizé"]);
  });

  it("hides the page controls when the total is 0", () => {
    renderWithTheme(
      <PaginatedDataTable
        columns={columns}
        rows={[]}
        totalItems={0}
        itemsPerPage={20}
        currentPage={1}
        onPageChange={() => {}}
      />,
    );
    expect(screen.queryByRole("navigation", { name: "Pagination" })).not.toBeInTheDocument();
    expect(screen.getByText("Aucune donnée")).toBeInTheDocument();
  });
});

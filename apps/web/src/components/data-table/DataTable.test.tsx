import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { DataTable } from "./DataTable";
import type { DataTableColumn, SortState } from "./types";

interface Client {
  id: number;
  raisonSocial: string;
  postalCode: string;
  evaluationDate: string | null;
  unitPrice: number | null;
  isRemovable?: boolean;
}

const rows: Client[] = [
  { id: 1, raisonSocial: "EHPAD Les Érables", postalCode: "75012", evaluationDate: "2025-03-05", unitPrice: 1200 },
  { id: 2, raisonSocial: "Foyer Horizon", postalCode: "69003", evaluationDate: null, unitPrice: 980.5 },
  { id: 3, raisonSocial: "Centre Médico-Social", postalCode: "13001", evaluationDate: "2024-11-20", unitPrice: null },
];

const columns: DataTableColumn<Client>[] = [
  { key: "raisonSocial", title: "Raison sociale", sortable: true, weight: "bold" },
  { key: "postalCode", title: "Code postal", sortable: true, align: "center" },
  { key: "evaluationDate", title: "Date d'évaluation", clickableIfHasData: true },
  { key: "unitPrice", title: "Prix unitaire", color: "red" },
];

const bodyRows = () => screen.getAllByRole("row").filter((r) => r.hasAttribute("data-index"));
const firstCells = () => bodyRows().map((r) => within(r).getAllByRole("cell")[0]?.textContent);

describe("DataTable", () => {
  it("renders rows with the spec's per-key formats", () => {
    renderWithTheme(<DataTable columns={columns} rows={rows} />);
    expect(bodyRows()).toHaveLength(3);
    expect(screen.getByText("à programmer")).toBeInTheDocument();
    expect(screen.getByText("05/03/2025")).toBeInTheDocument();
    expect(screen.getByText("980,50 €")).toBeInTheDocument();
    expect(screen.getByText("0,00 €")).toBeInTheDocument();
    expect(screen.getByRole("table")).toHaveAttribute("aria-rowcount", "4");
  });

  it("says in a polite live region that its rows load, then how many there are", () => {
    const { rerender } = renderWithTheme(<DataTable columns={columns} rows={[]} loading />);
    const status = screen.getByText("Chargement…", { selector: '[role="status"][aria-live="polite"]' });
    rerender(<DataTable columns={columns} rows={rows} />);
    expect(status).toHaveTextContent(/^3 résultats$/);
    // A search narrows the list: the region says it, which a screen reader reads when the user pauses.
    rerender(<DataTable columns={columns} rows={rows} searchText="horizon" />);
    expect(status).toHaveTextContent(/^1 résultat$/);
    rerender(<DataTable columns={columns} rows={rows} searchText="introuvable" />);
    expect(status).toHaveTextContent(/^Aucun résultat$/);
    // Out of sight: it is for screen readers, the table shows the rest.
    expect(status).toHaveAttribute("aria-atomic", "true");
    expect(status.className).toMatch(/VisuallyHidden/);
  });

  it("shows Aucune donnée when there are no rows", () => {
    renderWithTheme(<DataTable columns={columns} rows={[]} />);
    expect(screen.getByRole("cell", { name: "Aucune donnée" })).toBeInTheDocument();
  });

  it("cycles a column's sort none → ascending → descending → none", async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    renderWithTheme(<DataTable columns={columns} rows={rows} onSortChange={onSortChange} />);
    const header = screen.getByRole("columnheader", { name: /Raison sociale/ });
    expect(header).toHaveAttribute("aria-sort", "none");
    expect(firstCells()).toEqual(["EHPAD Les Érables", "Foyer Horizon", "Centre Médico-Social"]);

    await user.click(within(header).getByRole("button"));
    expect(header).toHaveAttribute("aria-sort", "ascending");
    expect(firstCells()).toEqual(["Centre Médico-Social", "EHPAD Les Érables", "Foyer Horizon"]);
    expect(header.querySelector('[data-arrow="asc"]')).toHaveAttribute("data-active");
    expect(header.querySelector('[data-arrow="desc"]')).not.toHaveAttribute("data-active");

    await user.click(within(header).getByRole("button"));
    expect(header).toHaveAttribute("aria-sort", "descending");
    expect(firstCells()).toEqual(["Foyer Horizon", "EHPAD Les Érables", "Centre Médico-Social"]);
    expect(header.querySelector('[data-arrow="desc"]')).toHaveAttribute("data-active");
    expect(header.querySelector('[data-arrow="asc"]')).not.toHaveAttribute("data-active");

    await user.click(within(header).getByRole("button"));
    expect(header).toHaveAttribute("aria-sort", "none");
    expect(firstCells()).toEqual(["EHPAD Les Érables", "Foyer Horizon", "Centre Médico-Social"]);
    expect(onSortChange.mock.calls.map((c) => c[0])).toEqual([
      { key: "raisonSocial", direction: "asc" },
      { key: "raisonSocial", direction: "desc" },
      null,
    ]);
  });

  it("sorts one column at a time, resetting the others", async () => {
    const user = userEvent.setup();
    renderWithTheme(<DataTable columns={columns} rows={rows} />);
    const name = screen.getByRole("columnheader", { name: /Raison sociale/ });
    const postal = screen.getByRole("columnheader", { name: /Code postal/ });
    await user.click(within(name).getByRole("button"));
    await user.click(within(name).getByRole("button"));
    await user.click(within(postal).getByRole("button"));
    expect(name).toHaveAttribute("aria-sort", "none");
    expect(postal).toHaveAttribute("aria-sort", "ascending");
    expect(firstCells()).toEqual(["Centre Médico-Social", "Foyer Horizon", "EHPAD Les Érables"]);
    expect(screen.getByRole("columnheader", { name: "Prix unitaire" })).not.toHaveAttribute("aria-sort");
  });

  it("in controlled, manual mode only emits the sort and keeps the server's order", async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    const sort: SortState = { key: "postalCode", direction: "desc" };
    renderWithTheme(<DataTable columns={columns} rows={rows} sort={sort} onSortChange={onSortChange} manualSorting />);
    expect(screen.getByRole("columnheader", { name: /Code postal/ })).toHaveAttribute("aria-sort", "descending");
    await user.click(within(screen.getByRole("columnheader", { name: /Code postal/ })).getByRole("button"));
    expect(onSortChange).toHaveBeenCalledWith(null);
    // Still controlled by the caller, who has not changed the prop.
    expect(screen.getByRole("columnheader", { name: /Code postal/ })).toHaveAttribute("aria-sort", "descending");
    expect(firstCells()).toEqual(["EHPAD Les Érables", "Foyer Horizon", "Centre Médico-Social"]);
  });

  it("starts sorted on a column that declares sortDirection", () => {
    const initial = columns.map((c) => (c.key === "postalCode" ? { ...c, sortDirection: "asc" as const } : c));
    renderWithTheme(<DataTable columns={initial} rows={rows} />);
    expect(firstCells()).toEqual(["Centre Médico-Social", "Foyer Horizon", "EHPAD Les Érables"]);
    expect(screen.getByRole("columnheader", { name: /Code postal/ })).toHaveAttribute("aria-sort", "ascending");
  });

  it("filters on search text ignoring accents and case", () => {
    const { rerender } = renderWithTheme(<DataTable columns={columns} rows={rows} searchText="erables" />);
    expect(firstCells()).toEqual(["EHPAD Les Érables"]);
    rerender(<DataTable columns={columns} rows={rows} searchText="MÉDICO" />);
    expect(firstCells()).toEqual(["Centre Médico-Social"]);
    rerender(<DataTable columns={columns} rows={rows} searchText="programmer horizon" />);
    expect(firstCells()).toEqual(["Foyer Horizon"]);
    rerender(<DataTable columns={columns} rows={rows} searchText="introuvable" />);
    expect(screen.getByText("Aucune donnée")).toBeInTheDocument();
  });

  it("emits row clicks, and cell clicks only for clickable cells", async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    const onCellClick = vi.fn();
    renderWithTheme(<DataTable columns={columns} rows={rows} onRowClick={onRowClick} onCellClick={onCellClick} />);
    await user.click(screen.getByText("Foyer Horizon"));
    expect(onRowClick).toHaveBeenCalledWith(rows[1], 1);

    await user.click(screen.getByRole("button", { name: "05/03/2025" }));
    expect(onCellClick).toHaveBeenCalledWith({ row: rows[0], key: "evaluationDate", value: "2025-03-05", index: 0 });
    expect(onRowClick).toHaveBeenCalledTimes(1);
    // clickableIfHasData: the empty date is plain text.
    expect(screen.queryByRole("button", { name: "à programmer" })).not.toBeInTheDocument();
  });

  it("opens a row from the keyboard", async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    renderWithTheme(<DataTable columns={columns} rows={rows} onRowClick={onRowClick} />);
    bodyRows()[2]?.focus();
    await user.keyboard("{Enter}");
    expect(onRowClick).toHaveBeenCalledWith(rows[2], 2);
  });

  it("renders the actions column and emits the action without opening the row", async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    const onRowClick = vi.fn();
    const withActions: DataTableColumn<Client>[] = [
      ...columns,
      { key: "actions", title: "Actions", actions: ["CONFIRM", "COMMENT", "DELETE"] },
    ];
    const data = [{ ...rows[0], isRemovable: true } as Client];
    renderWithTheme(<DataTable columns={withActions} rows={data} onAction={onAction} onRowClick={onRowClick} />);
    expect(screen.queryByRole("button", { name: /Commenter/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Confirmer" }));
    expect(onAction).toHaveBeenCalledWith("CONFIRM", data[0]);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it("explains icons in the table's shared tooltip on hover and focus", async () => {
    const user = userEvent.setup();
    const withActions: DataTableColumn<Client>[] = [
      ...columns,
      { key: "actions", title: "Actions", actions: ["HISTORY", "DELETE"] },
    ];
    renderWithTheme(<DataTable columns={withActions} rows={rows.slice(0, 2)} />);
    // Inside the scroller jsdom's zero-size layout reads as clipped, so the tooltip is
    // present but display: none; its presence and text are what is checked here.
    const tooltip = { hidden: true } as const;
    const [history] = screen.getAllByRole("button", { name: "Historique" });
    await user.hover(history as HTMLElement);
    expect(await screen.findByRole("tooltip", tooltip)).toHaveTextContent("Historique");
    await user.unhover(history as HTMLElement);
    expect(screen.queryByRole("tooltip", tooltip)).not.toBeInTheDocument();
    act(() => (screen.getAllByRole("button", { name: "Supprimer" })[1] as HTMLElement).focus());
    expect(await screen.findByRole("tooltip", tooltip)).toHaveTextContent("Supprimer");
    expect(screen.getAllByRole("tooltip", tooltip)).toHaveLength(1);
  });

  it("applies weight, colour and alignment", () => {
    renderWithTheme(<DataTable columns={columns} rows={rows.slice(0, 1)} />);
    const cells = within(bodyRows()[0] as HTMLElement).getAllByRole("cell");
    expect(cells[0]).toHaveStyle({ fontWeight: "700" });
    expect(cells[1]).toHaveStyle({ textAlign: "center" });
    expect(cells[3]?.getAttribute("style")).toContain("red");
  });

  it("narrows the header when the body scrolls", () => {
    const { container } = renderWithTheme(<DataTable columns={columns} rows={rows} />);
    const head = container.querySelector("thead");
    const scroller = container.querySelector("[data-table-scroller]") as HTMLElement;
    expect(head).not.toHaveAttribute("data-scrolled");
    scroller.scrollTop = 120;
    fireEvent.scroll(scroller);
    expect(head).toHaveAttribute("data-scrolled");
    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    expect(head).not.toHaveAttribute("data-scrolled");
  });
});

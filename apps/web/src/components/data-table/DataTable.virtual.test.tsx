import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithTheme } from "../../test/render";
import { DataTable } from "./DataTable";
import type { DataTableColumn } from "./types";

interface Line {
  id: number;
  name: string;
}

const makeRows = (count: number): Line[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Établissement ${String(i + 1).padStart(4, "0")}` }));
const columns: DataTableColumn<Line>[] = [
  { key: "id", title: "N°", sortable: true },
  { key: "name", title: "Nom", sortable: true },
];
const bodyRows = () => screen.getAllByRole("row").filter((r) => r.hasAttribute("data-index"));

describe("DataTable virtualisation and client pages", () => {
  it("renders only the rows in view out of 1000, with accessible positions", () => {
    renderWithTheme(<DataTable columns={columns} rows={makeRows(1000)} maxHeight={400} estimatedRowHeight={40} />);
    const rendered = bodyRows();
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);
    expect(screen.getByRole("table")).toHaveAttribute("aria-rowcount", "1001");
    expect(rendered[0]).toHaveAttribute("aria-rowindex", "2");
    // No pagination: 1000 rows fit the default page.
    expect(screen.queryByRole("navigation", { name: "Pagination" })).not.toBeInTheDocument();
  });

  it("renders the last row once scrolled to the end", () => {
    const { container } = renderWithTheme(
      <DataTable columns={columns} rows={makeRows(1000)} maxHeight={400} estimatedRowHeight={40} />,
    );
    const scroller = container.querySelector("[data-table-scroller]") as HTMLElement;
    scroller.scrollTop = 40 * 1000;
    fireEvent.scroll(scroller);
    const last = bodyRows().at(-1) as HTMLElement;
    expect(last).toHaveAttribute("aria-rowindex", "1001");
    expect(within(last).getByText("Établissement 1000")).toBeInTheDocument();
    expect(screen.queryByText("Établissement 0001")).not.toBeInTheDocument();
  });

  it("pages client-side beyond rowsPerPage and goes back to page 1 on a new search", async () => {
    const user = userEvent.setup();
    const rows = makeRows(25);
    const { rerender } = renderWithTheme(<DataTable columns={columns} rows={rows} rowsPerPage={10} />);
    expect(screen.getByTestId("pagination-status")).toHaveTextContent("1 / 3");
    await user.click(screen.getByRole("button", { name: "Page 3" }));
    expect(screen.getByTestId("pagination-status")).toHaveTextContent("3 / 3");
    expect(bodyRows().map((r) => r.getAttribute("aria-rowindex"))).toEqual(["22", "23", "24", "25", "26"]);
    expect(screen.getByText("Établissement 0021")).toBeInTheDocument();

    rerender(<DataTable columns={columns} rows={rows} rowsPerPage={10} searchText="etablissement 00" />);
    expect(screen.getByTestId("pagination-status")).toHaveTextContent("1 / 3");
    expect(screen.getByText("Établissement 0001")).toBeInTheDocument();
  });
});

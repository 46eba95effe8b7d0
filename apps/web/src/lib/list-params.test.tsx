import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { PaginatedDataTable } from "../components";
import type { DataTableColumn } from "../components/data-table/types";
import { renderWithTheme } from "../test/render";
import { readSort, useListParams, writeSort } from "./list-params";

interface Row {
  id: number;
  raisonSocial: string;
  city: string;
}
const columns: DataTableColumn<Row>[] = [
  { key: "raisonSocial", title: "Établissement", sortable: true },
  { key: "city", title: "Ville", sortable: true },
];
const rows: Row[] = [{ id: 1, raisonSocial: "EHPAD Les Tilleuls", city: "Lyon" }];

/** A server-sorted list as the screens build it: sort and page in the address. */
function List() {
  const list = useListParams({
    defaultSort: { key: "raisonSocial", direction: "asc" },
    sortKeys: ["raisonSocial", "city"],
  });
  return (
    <PaginatedDataTable
      aria-label="Liste"
      columns={columns}
      rows={rows}
      sort={list.sort}
      onSortChange={list.setSort}
      totalItems={120}
      itemsPerPage={50}
      currentPage={list.page}
      onPageChange={list.setPage}
    />
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: "/app/client", element: <List /> }], { initialEntries: [url] });
  renderWithTheme(<RouterProvider router={router} />);
  return router;
}
const search = (router: ReturnType<typeof renderAt>) => router.state.location.search;

describe("list parameters in the address", () => {
  it("reads and writes the sort, with no sort distinct from the default", () => {
    const fallback = { key: "raisonSocial", direction: "asc" } as const;
    expect(readSort(null, fallback)).toEqual(fallback);
    expect(readSort("-city", fallback)).toEqual({ key: "city", direction: "desc" });
    expect(readSort(writeSort(null), fallback)).toBeNull();
    expect(writeSort({ key: "city", direction: "asc" })).toBe("city");
  });

  it("cycles the default-sorted header ascending → descending → none → ascending, in the address", async () => {
    const user = userEvent.setup();
    const router = renderAt("/app/client");
    const header = screen.getByRole("columnheader", { name: /Établissement/ });
    const button = within(header).getByRole("button");
    expect(header).toHaveAttribute("aria-sort", "ascending");
    await user.click(button);
    expect(header).toHaveAttribute("aria-sort", "descending");
    expect(search(router)).toBe("?tri=-raisonSocial");
    await user.click(button);
    expect(header).toHaveAttribute("aria-sort", "none");
    expect(search(router)).toBe("?tri=aucun");
    await user.click(button);
    expect(header).toHaveAttribute("aria-sort", "ascending");
    expect(search(router)).toBe("");
  });

  it("opens on the sort and page of the address, and a new sort goes back to page 1", async () => {
    const user = userEvent.setup();
    const router = renderAt("/app/client?tri=-city&page=2&filtre=EVALUATION_DATE");
    expect(screen.getByRole("columnheader", { name: /Ville/ })).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByRole("columnheader", { name: /Établissement/ })).toHaveAttribute("aria-sort", "none");
    expect(screen.getByRole("button", { name: /page 2/i })).toHaveAttribute("aria-current", "page");
    await user.click(within(screen.getByRole("columnheader", { name: /Établissement/ })).getByRole("button"));
    expect(search(router)).toBe("?filtre=EVALUATION_DATE");
    await act(() => router.navigate("/app/client?tri=nimportequoi"));
    expect(screen.getByRole("columnheader", { name: /Établissement/ })).toHaveAttribute("aria-sort", "ascending");
  });

  it("does not cancel the way to another screen with a search typed just before (lazy screens)", async () => {
    let loaded: (() => void) | undefined;
    const screenCode = new Promise<{ Component: () => JSX.Element }>((resolve) => {
      loaded = () => resolve({ Component: () => <p>Fiche</p> });
    });
    function Searchable() {
      const list = useListParams({ defaultSort: null });
      return (
        <input aria-label="Rechercher" value={list.searchText} onChange={(e) => list.setSearchText(e.target.value)} />
      );
    }
    const router = createMemoryRouter(
      [
        { path: "/app/client", element: <Searchable /> },
        {
          path: "/app/timeline-client/:id",
          // A screen whose code arrives later, as a lazily loaded chunk does.
          lazy: () => screenCode,
        },
      ],
      { initialEntries: ["/app/client"] },
    );
    renderWithTheme(<RouterProvider router={router} />);
    await userEvent.setup().type(screen.getByLabelText("Rechercher"), "Pins");
    // The row is clicked before the 300 ms pause: the navigation waits for the screen's code…
    const going = router.navigate("/app/timeline-client/1");
    // …while the search reaches the address, then the code arrives.
    await act(() => new Promise((r) => setTimeout(r, 400)));
    await act(async () => {
      loaded?.();
      await going;
    });
    expect(await screen.findByText("Fiche")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/app/timeline-client/1");
  });
});

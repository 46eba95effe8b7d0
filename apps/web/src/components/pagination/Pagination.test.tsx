import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { Pagination } from "./Pagination";
import { pageItems } from "./page-items";

const labels = () =>
  Array.from(screen.getByRole("navigation").querySelectorAll("button, [aria-hidden='true']"))
    .map((el) => el.textContent?.trim())
    .filter((t) => t && t !== "");

describe("pageItems", () => {
  it("shows at most 7 items with ellipses", () => {
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 5, "ellipsis-end", 10]);
    expect(pageItems(5, 10)).toEqual([1, "ellipsis-start", 4, 5, 6, "ellipsis-end", 10]);
    expect(pageItems(8, 10)).toEqual([1, "ellipsis-start", 6, 7, 8, 9, 10]);
    expect(pageItems(50, 100, 9)).toHaveLength(9);
  });
});

describe("Pagination", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows previous, 7 links with ellipsis, n / last and next", () => {
    renderWithTheme(<Pagination totalItems={100} itemsPerPage={10} currentPage={5} onPageChange={() => {}} />);
    expect(labels()).toEqual(["Précédent", "1", "…", "4", "5", "6", "…", "10", "Suivant"]);
    expect(screen.getByTestId("pagination-status")).toHaveTextContent("5 / 10");
    expect(screen.getByRole("button", { name: "Page 5" })).toHaveAttribute("aria-current", "page");
  });

  it("emits page changes within 1 and the last page only", async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const { rerender } = renderWithTheme(
      <Pagination totalItems={30} itemsPerPage={10} currentPage={1} onPageChange={onPageChange} />,
    );
    expect(screen.getByRole("button", { name: /Précédent/ })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: /Suivant/ }));
    await user.click(screen.getByRole("button", { name: "Page 3" }));
    await user.click(screen.getByRole("button", { name: "Page 1" }));
    expect(onPageChange.mock.calls).toEqual([[2], [3]]);

    rerender(<Pagination totalItems={30} itemsPerPage={10} currentPage={3} onPageChange={onPageChange} />);
    expect(screen.getByRole("button", { name: /Suivant/ })).toBeDisabled();
  });

  it("corrects an out-of-range page to the nearest valid one and emits it", () => {
    const onPageChange = vi.fn();
    const { rerender } = renderWithTheme(
      <Pagination totalItems={30} itemsPerPage={10} currentPage={9} onPageChange={onPageChange} />,
    );
    expect(screen.getByTestId("pagination-status")).toHaveTextContent("3 / 3");
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    rerender(<Pagination totalItems={30} itemsPerPage={10} currentPage={0} onPageChange={onPageChange} />);
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it("shows only previous, n / last and next on small screens", () => {
    renderWithTheme(
      <Pagination totalItems={100} itemsPerPage={10} currentPage={4} onPageChange={() => {}} smallScreen />,
    );
    expect(labels()).toEqual(["Précédent", "Suivant"]);
    expect(screen.getByTestId("pagination-status")).toHaveTextContent("4 / 10");
  });

  it("switches to small mode from the 600px media query", () => {
    const queries: string[] = [];
    vi.spyOn(window, "matchMedia").mockImplementation((query: string) => {
      queries.push(query);
      return {
        matches: query === "(max-width: 600px)",
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      } as MediaQueryList;
    });
    renderWithTheme(<Pagination totalItems={100} itemsPerPage={10} currentPage={4} onPageChange={() => {}} />);
    expect(queries).toContain("(max-width: 600px)");
    expect(within(screen.getByRole("navigation")).queryByRole("button", { name: "Page 4" })).not.toBeInTheDocument();
  });

  it("throws a developer error when itemsPerPage or currentPage is missing", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const missing = undefined as unknown as number;
    expect(() =>
      renderWithTheme(<Pagination totalItems={10} itemsPerPage={missing} currentPage={1} onPageChange={() => {}} />),
    ).toThrow(/itemsPerPage/);
    expect(() =>
      renderWithTheme(<Pagination totalItems={10} itemsPerPage={10} currentPage={missing} onPageChange={() => {}} />),
    ).toThrow(/currentPage/);
  });
});

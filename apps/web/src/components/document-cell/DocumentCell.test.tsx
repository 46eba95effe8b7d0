import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { DocumentCell } from "./DocumentCell";
import type { DocumentRef } from "./document-url";

const rapport: DocumentRef = {
  id: 1,
  name: "Rapport définitif EHPAD Les Tilleuls 2025.pdf",
  url: "missions/12/rapport final.pdf",
};
const facture: DocumentRef = { id: 2, name: "Facture F-2025-001.pdf", url: "factures/F-2025-001.pdf" };

describe("DocumentCell", () => {
  afterEach(() => vi.restoreAllMocks());

  it("opens a single document in a new window through the view URL", async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    renderWithTheme(<DocumentCell documents={[rapport]} />);
    await user.click(screen.getByRole("button", { name: `Ouvrir ${rapport.name}` }));
    expect(open).toHaveBeenCalledWith(
      "/api/documents/view?p=missions%2F12%2Frapport%20final.pdf",
      "_blank",
      "noopener",
    );
    expect(screen.queryByTestId("document-count")).not.toBeInTheDocument();
  });

  it("uses the caller's view URL builder", async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    renderWithTheme(<DocumentCell documents={[facture]} buildViewUrl={(d) => `/docs/${d.id}`} />);
    await user.click(screen.getByRole("button", { name: /Ouvrir/ }));
    expect(open).toHaveBeenCalledWith("/docs/2", "_blank", "noopener");
  });

  it("truncates names at 138px and shows the full name on hover", async () => {
    const user = userEvent.setup();
    renderWithTheme(<DocumentCell documents={[rapport]} />);
    const name = screen.getByText(rapport.name);
    expect(name).toHaveStyle({ maxWidth: "138px", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });
    await user.hover(name);
    expect(await screen.findByRole("tooltip")).toHaveTextContent(rapport.name);
  });

  it("shows the count when there are several and lists them in a menu", async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    renderWithTheme(<DocumentCell documents={[rapport, facture]} />);
    expect(screen.getByTestId("document-count")).toHaveTextContent("2");
    await user.click(screen.getByRole("button", { name: /2 documents$/ }));
    // jsdom has no layout: the floating dropdown counts as detached and hidden.
    const item = await screen.findByRole("menuitem", { hidden: true, name: facture.name });
    await user.click(item);
    expect(open).toHaveBeenCalledWith("/api/documents/view?p=factures%2FF-2025-001.pdf", "_blank", "noopener");
  });

  it("renders nothing without documents", () => {
    const { container } = renderWithTheme(<DocumentCell documents={[]} />);
    expect(screen.queryByRole("button")).toBeNull();
    expect(container.querySelector("[data-document-name]")).toBeNull();
  });
});

import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { PanelBoundary } from "./PanelBoundary";

let broken = true;
function Fragile() {
  if (broken) throw new Error("Each option must have value property");
  return <p>Formulaire affiché</p>;
}

function Page() {
  const [count] = useState(1);
  return (
    <>
      <h1>Page {count}</h1>
      <PanelBoundary>
        <Fragile />
      </PanelBoundary>
    </>
  );
}

describe("PanelBoundary", () => {
  it("shows a French message in place of a failing panel, keeps the page, and retries", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderWithTheme(<Page />);
    expect(screen.getByRole("heading", { name: "Page 1" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Cette partie de la page n'a pas pu s'afficher");
    broken = false;
    await userEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(screen.getByText("Formulaire affiché")).toBeInTheDocument();
  });
});

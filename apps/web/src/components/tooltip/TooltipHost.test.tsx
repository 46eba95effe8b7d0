import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithTheme } from "../../test/render";
import { Hint } from "./Hint";
import { TooltipHost } from "./TooltipHost";

function Row() {
  return (
    <TooltipHost>
      <Hint label="Établissement multi-sites">
        <button type="button">M</button>
      </Hint>
    </TooltipHost>
  );
}

const tooltip = () => screen.queryByText("Établissement multi-sites");

describe("TooltipHost (RGAA 10.13)", () => {
  it("closes on Échap without moving the focus, and the key goes no further", async () => {
    renderWithTheme(<Row />);
    const button = screen.getByRole("button", { name: "M" });
    button.focus();
    fireEvent.focus(button);
    await waitFor(() => expect(tooltip()).not.toBeNull());
    let heard = false;
    document.body.addEventListener("keydown", () => {
      heard = true;
    });
    fireEvent.keyDown(button, { key: "Escape" });
    await waitFor(() => expect(tooltip()).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(heard).toBe(false);
  });
});

import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { DateField } from "./DateField";

function Controlled({ initial = "", spy }: { initial?: string; spy?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Date de signature"
      value={value}
      onChange={(v) => {
        spy?.(v);
        setValue(v);
      }}
    />
  );
}

describe("DateField", () => {
  it("shows an ISO day as DD/MM/YYYY, not the browser's native input", () => {
    renderWithTheme(<Controlled initial="2026-03-05" />);
    const input = screen.getByLabelText("Date de signature");
    expect(input).toHaveValue("05/03/2026");
    expect(input).not.toHaveAttribute("type", "date");
  });

  it("reads a typed French date (day first) into the API's YYYY-MM-DD", async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithTheme(<Controlled spy={spy} />);
    const input = screen.getByLabelText("Date de signature");
    await user.type(input, "12/01/2027");
    await user.tab();
    expect(spy).toHaveBeenLastCalledWith("2027-01-12");
    expect(input).toHaveValue("12/01/2027");
  });

  it("opens a French calendar starting on Monday", async () => {
    const user = userEvent.setup();
    renderWithTheme(<Controlled initial="2026-03-05" />);
    await user.click(screen.getByLabelText("Date de signature"));
    expect(await screen.findByText("mars 2026")).toBeInTheDocument();
    const weekdays = [...document.querySelectorAll("thead th")].map((h) => h.textContent?.toLowerCase());
    expect(weekdays[0]).toMatch(/^lu/);
  });
});

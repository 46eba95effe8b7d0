import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { NumericInput, type NumericInputProps } from "./NumericInput";

function Controlled(props: Omit<NumericInputProps, "value" | "onChange"> & { spy?: (v: string) => void }) {
  const { spy, ...rest } = props;
  const [value, setValue] = useState("");
  return (
    <NumericInput
      label="Montant"
      {...rest}
      value={value}
      onChange={(v) => {
        spy?.(v);
        setValue(v);
      }}
    />
  );
}

describe("NumericInput", () => {
  it("accepts digits and one decimal separator only", async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithTheme(<Controlled spy={spy} />);
    const input = screen.getByLabelText("Montant");
    await user.type(input, "1a2.3.4-");
    expect(input).toHaveValue("12,34");
    expect(spy).toHaveBeenLastCalledWith("12,34");
    expect(input).toHaveAttribute("inputmode", "decimal");
  });

  it("keeps a leading minus only when negatives are allowed", async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithTheme(<Controlled />);
    await user.type(screen.getByLabelText("Montant"), "-5");
    expect(screen.getByLabelText("Montant")).toHaveValue("5");
    unmount();
    renderWithTheme(<Controlled allowNegative />);
    await user.type(screen.getByLabelText("Montant"), "-5");
    expect(screen.getByLabelText("Montant")).toHaveValue("-5");
  });

  it("takes a French decimal comma as typed: 0,5 and 150,50", async () => {
    const user = userEvent.setup();
    renderWithTheme(<Controlled />);
    const input = screen.getByLabelText("Montant");
    await user.type(input, "0,5");
    expect(input).toHaveValue("0,5");
    await user.clear(input);
    await user.type(input, "150,50");
    expect(input).toHaveValue("150,50");
  });

  it("takes a dot too (numeric pad) and shows it as a comma", async () => {
    const user = userEvent.setup();
    renderWithTheme(<Controlled />);
    await user.type(screen.getByLabelText("Montant"), "3.25");
    expect(screen.getByLabelText("Montant")).toHaveValue("3,25");
  });

  it("refuses keystrokes above max and clamps below min on blur", async () => {
    const user = userEvent.setup();
    renderWithTheme(<Controlled max={100} min={10} />);
    const input = screen.getByLabelText("Montant");
    await user.type(input, "1005");
    expect(input).toHaveValue("100");
    await user.clear(input);
    await user.type(input, "5");
    await user.tab();
    expect(input).toHaveValue("10");
  });

  it("sanitises pasted text and respects maxLength", async () => {
    const user = userEvent.setup();
    renderWithTheme(<Controlled maxLength={5} />);
    const input = screen.getByLabelText("Montant");
    await user.click(input);
    await user.paste("12 34a5678");
    expect(input).toHaveValue("12345");
  });

  it("sanitises dropped text", () => {
    renderWithTheme(<Controlled />);
    const input = screen.getByLabelText("Montant");
    fireEvent.drop(input, { dataTransfer: { getData: () => "Prix : 42,50 €" } });
    expect(input).toHaveValue("42,50");
  });

  it("applies a pattern on every change", async () => {
    const user = userEvent.setup();
    renderWithTheme(<Controlled pattern={/^\d{0,5}$/} allowDecimal={false} />);
    const input = screen.getByLabelText("Montant");
    await user.type(input, "7500123");
    expect(input).toHaveValue("75001");
    expect(input).toHaveAttribute("inputmode", "numeric");
  });
});

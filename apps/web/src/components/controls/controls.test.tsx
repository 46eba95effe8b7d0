import { IconPlus } from "@tabler/icons-react";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { LoadingOverlay } from "../loading/LoadingOverlay";
import { Spinner } from "../loading/Spinner";
import { OnOffSwitch } from "./OnOffSwitch";
import { RoundIconButton } from "./RoundIconButton";

describe("OnOffSwitch", () => {
  it("shows NON then OUI and emits the new state", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = renderWithTheme(<OnOffSwitch label="Facturation active" onChange={onChange} />);
    const input = screen.getByRole("switch", { name: "Facturation active" });
    expect(container).toHaveTextContent("NON");
    expect(container).not.toHaveTextContent("OUI");
    await user.click(input);
    expect(onChange).toHaveBeenCalledWith(true);
    expect(input).toBeChecked();
    expect(container).toHaveTextContent("OUI");
  });

  it("accepts other labels and a controlled state", () => {
    const { container } = renderWithTheme(
      <OnOffSwitch aria-label="Statut" checked onLabel="ACTIF" offLabel="INACTIF" onChange={() => {}} />,
    );
    expect(screen.getByRole("switch", { name: "Statut" })).toBeChecked();
    expect(container).toHaveTextContent("ACTIF");
  });
});

describe("RoundIconButton", () => {
  it("is a named round button with a tooltip", async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    renderWithTheme(<RoundIconButton icon={<IconPlus />} aria-label="Ajouter un contact" onClick={onClick} />);
    const button = screen.getByRole("button", { name: "Ajouter un contact" });
    await user.hover(button);
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Ajouter un contact");
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe("Spinner and LoadingOverlay", () => {
  it("announce Chargement…", () => {
    renderWithTheme(<Spinner />);
    expect(screen.getByRole("status", { name: "Chargement…" })).toBeInTheDocument();
  });

  it("shows the overlay only while visible", async () => {
    const { rerender } = renderWithTheme(<LoadingOverlay visible={false} />);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    rerender(<LoadingOverlay visible />);
    expect(await screen.findByRole("status", { name: "Chargement…" })).toBeInTheDocument();
  });
});

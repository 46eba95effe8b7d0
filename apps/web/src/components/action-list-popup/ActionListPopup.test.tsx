import { Button } from "@mantine/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { type ActionListEntry, ActionListPopup } from "./ActionListPopup";

const actions: ActionListEntry[] = [
  { label: "Envoyer le devis", subLabel: "Par e-mail au client", code: "SEND_QUOTE", status: "ACTIVE" },
  { label: "Signer le contrat", code: "SIGN_CONTRACT", status: "INACTIVE" },
];
// jsdom has no layout, so floating-ui takes the trigger for detached and Mantine hides the
// dropdown with display: none; its content is queried regardless of that visibility.
const hidden = { hidden: true } as const;

const retroactive: ActionListEntry[] = [{ label: "Devis déjà accepté", code: "QUOTE_ACCEPTED", status: "ACTIVE" }];

async function open(onSelect = vi.fn(), width?: number) {
  const user = userEvent.setup();
  renderWithTheme(
    <ActionListPopup actions={actions} retroactiveActions={retroactive} onSelect={onSelect} width={width}>
      <Button>Actions du dossier</Button>
    </ActionListPopup>,
  );
  await user.click(screen.getByRole("button", { name: "Actions du dossier" }));
  await screen.findByRole("menu", hidden);
  return { user, onSelect };
}

describe("ActionListPopup", () => {
  it("lists both groups with labels and sub-labels", async () => {
    await open();
    expect(screen.getByText("Actions")).toBeInTheDocument();
    expect(screen.getByText("Actions rétroactives")).toBeInTheDocument();
    expect(screen.getByText("Par e-mail au client")).toBeInTheDocument();
    expect(screen.getAllByRole("menuitem", hidden)).toHaveLength(3);
  });

  it("gives the menu only children a menu may own (axe aria-required-children): named groups and a separator", async () => {
    await open();
    const menu = screen.getByRole("menu", hidden);
    // Mantine's own focus helper is presentational, which axe looks through.
    for (const child of Array.from(menu.children))
      expect(["group", "separator", "presentation"]).toContain(child.getAttribute("role"));
    expect(screen.getByRole("group", { ...hidden, name: "Actions" })).toBeInTheDocument();
    expect(screen.getByRole("group", { ...hidden, name: "Actions rétroactives" })).toBeInTheDocument();
    expect(screen.getByRole("separator", hidden)).toBeInTheDocument();
  });

  it("is 350px wide by default", async () => {
    await open();
    // Mantine writes widths in rem: 350px / 16 = 21.875rem.
    expect(screen.getByRole("menu", hidden).style.width).toContain("21.875rem");
  });

  it("takes another width", async () => {
    await open(vi.fn(), 500);
    expect(screen.getByRole("menu", hidden).style.width).toContain("31.25rem");
  });

  it("emits the code of an active entry", async () => {
    const { user, onSelect } = await open();
    await user.click(screen.getByRole("menuitem", { ...hidden, name: /Devis déjà accepté/ }));
    expect(onSelect).toHaveBeenCalledWith("QUOTE_ACCEPTED");
  });

  it("greys inactive entries and ignores clicks on them", async () => {
    const { user, onSelect } = await open();
    const inactive = screen.getByRole("menuitem", { ...hidden, name: /Signer le contrat/ });
    expect(inactive).toBeDisabled();
    expect(inactive).toHaveAttribute("data-status", "INACTIVE");
    await user.click(inactive);
    expect(onSelect).not.toHaveBeenCalled();
  });
});

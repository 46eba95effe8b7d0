import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { ConfirmPopup, MOVE_TO_PROSPECT, REMOVE_ALERT } from "./ConfirmPopup";

describe("ConfirmPopup", () => {
  it("shows the title and text, and each button emits only its own code", async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    const onRemoveAlert = vi.fn();
    const onMoveToProspect = vi.fn();
    renderWithTheme(
      <ConfirmPopup
        opened
        onClose={() => {}}
        title="Alerte de relance"
        text="Que souhaitez-vous faire de cette demande ?"
        onAction={onAction}
        onRemoveAlert={onRemoveAlert}
        onMoveToProspect={onMoveToProspect}
      />,
    );
    expect(await screen.findByRole("dialog", { name: "Alerte de relance" })).toBeInTheDocument();
    expect(screen.getByText("Que souhaitez-vous faire de cette demande ?")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Supprimer l'alerte" }));
    expect(onAction).toHaveBeenLastCalledWith(REMOVE_ALERT);
    expect(onRemoveAlert).toHaveBeenCalledTimes(1);
    expect(onMoveToProspect).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Passer en prospect" }));
    expect(onAction).toHaveBeenLastCalledWith(MOVE_TO_PROSPECT);
    expect(onMoveToProspect).toHaveBeenCalledTimes(1);
    expect(onRemoveAlert).toHaveBeenCalledTimes(1);
  });

  it("puts the primary action on the right, after the alternative, as every dialog of the app", async () => {
    renderWithTheme(
      <ConfirmPopup
        opened
        onClose={() => {}}
        title="Supprimer l'e-mail"
        firstButton={{ label: "Supprimer", code: "DELETE", color: "red" }}
        secondButton={{ label: "Annuler", code: "CANCEL" }}
      />,
    );
    const dialog = await screen.findByRole("dialog", { name: "Supprimer l'e-mail" });
    const labels = Array.from(dialog.querySelectorAll("button"))
      .map((b) => b.textContent)
      .filter((t) => t === "Supprimer" || t === "Annuler");
    expect(labels).toEqual(["Annuler", "Supprimer"]);
  });

  it("does not fire the code-specific events for buttons carrying other codes", async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    const onRemoveAlert = vi.fn();
    const onMoveToProspect = vi.fn();
    renderWithTheme(
      <ConfirmPopup
        opened
        onClose={() => {}}
        title="Confirmation"
        firstButton={{ label: "Oui", code: "YES" }}
        secondButton={{ label: "Non", code: REMOVE_ALERT }}
        onAction={onAction}
        onRemoveAlert={onRemoveAlert}
        onMoveToProspect={onMoveToProspect}
      />,
    );
    await user.click(await screen.findByRole("button", { name: "Oui" }));
    await user.click(screen.getByRole("button", { name: "Non" }));
    expect(onAction.mock.calls).toEqual([["YES"], [REMOVE_ALERT]]);
    // REMOVE_ALERT on the second button is not the first button's remove-alert.
    expect(onRemoveAlert).not.toHaveBeenCalled();
    expect(onMoveToProspect).not.toHaveBeenCalled();
  });

  it("sanitises HTML content", async () => {
    renderWithTheme(
      <ConfirmPopup
        opened
        onClose={() => {}}
        title="Supprimer"
        html={
          '<p>Supprimer <strong>EHPAD Les Tilleuls</strong> ?</p><img src="x" onerror="alert(1)"><script>alert(2)</script>'
        }
      />,
    );
    const content = await screen.findByTestId("confirm-html");
    expect(content.querySelector("strong")).toHaveTextContent("EHPAD Les Tilleuls");
    expect(content.querySelector("script")).toBeNull();
    expect(content.querySelector("img")?.getAttribute("onerror")).toBeNull();
  });

  it("closes from the French close button", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithTheme(<ConfirmPopup opened onClose={onClose} title="Titre" text="Texte" />);
    await user.click(await screen.findByRole("button", { name: "Fermer" }));
    expect(onClose).toHaveBeenCalled();
  });
});

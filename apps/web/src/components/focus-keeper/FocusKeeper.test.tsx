import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { layOutBoxesInThisFile } from "../../test/layout-boxes";
import { FocusKeeper } from "./FocusKeeper";

layOutBoxesInThisFile();

/** A record's form, remounted at each new version as the tabs do, then a control after it. */
function Screen({ dirtyAfterSave = false }: { dirtyAfterSave?: boolean }) {
  const [version, setVersion] = useState(1);
  return (
    <>
      <FocusKeeper version={version}>
        <form key={version}>
          <input aria-label={`Nom v${version}`} />
          <button type="button" disabled={version > 1 && !dirtyAfterSave} onClick={() => setVersion((v) => v + 1)}>
            Enregistrer
          </button>
        </form>
      </FocusKeeper>
      <button type="button">Étape suivante</button>
    </>
  );
}

/** The focus elsewhere when the content is built again. */
function Elsewhere() {
  const [version, setVersion] = useState(1);
  return (
    <>
      <FocusKeeper version={version}>
        <input key={version} aria-label="Nom" />
      </FocusKeeper>
      <button type="button" onClick={() => setVersion((v) => v + 1)}>
        Recharger
      </button>
    </>
  );
}

/** A decision taken: its buttons give way to the outcome, a message that takes the focus. */
function Decision() {
  const [signed, setSigned] = useState(false);
  return (
    <FocusKeeper version={String(signed)}>
      {signed ? (
        <div tabIndex={-1}>Contrat signé.</div>
      ) : (
        <button type="button" onClick={() => setSigned(true)}>
          Contrat signé
        </button>
      )}
    </FocusKeeper>
  );
}

describe("FocusKeeper", () => {
  it("puts the focus back on the same control of the new content", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Screen dirtyAfterSave />);
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    // The form was built again: a new button, which has the focus.
    expect(screen.getByRole("textbox", { name: "Nom v2" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Enregistrer" })).toHaveFocus();
  });

  it("goes on to the next control Tab reaches when that one is now disabled", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Screen />);
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(screen.getByRole("button", { name: "Enregistrer" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Étape suivante" })).toHaveFocus();
  });

  it("gives the focus to the outcome that replaced the buttons", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Decision />);
    await user.click(screen.getByRole("button", { name: "Contrat signé" }));
    expect(screen.getByText("Contrat signé.")).toHaveFocus();
  });

  it("leaves the focus alone when it was not lost", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Elsewhere />);
    await user.click(screen.getByRole("textbox", { name: "Nom" }));
    await user.click(screen.getByRole("button", { name: "Recharger" }));
    expect(screen.getByRole("button", { name: "Recharger" })).toHaveFocus();
  });
});

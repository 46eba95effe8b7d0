import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithTheme } from "../../../test/render";
import { EmailTagsInput } from "./EmailTagsInput";

function Harness({ initial = [] as string[] }) {
  const [emails, setEmails] = useState(initial);
  return (
    <>
      <EmailTagsInput label="À" value={emails} onChange={setEmails} />
      <output data-testid="emails">{emails.join("|")}</output>
    </>
  );
}

describe("EmailTagsInput", () => {
  it("keeps valid addresses and says in French which entry is refused", async () => {
    const user = userEvent.setup();
    renderWithTheme(<Harness />);
    const input = screen.getByRole("combobox", { name: "À" });
    await user.type(input, "direction@ehpad-tilleuls.fr{Enter}");
    await user.type(input, "marie.lefebvre{Enter}");
    expect(screen.getByTestId("emails")).toHaveTextContent("direction@ehpad-tilleuls.fr");
    expect(screen.getByTestId("emails")).not.toHaveTextContent("marie");
    expect(screen.getByText("« marie.lefebvre » n'est pas une adresse e-mail valide.")).toBeInTheDocument();
  });

  it("ignores an address already listed, whatever its case", async () => {
    const user = userEvent.setup();
    renderWithTheme(<Harness initial={["qualite@ehpad.fr"]} />);
    await user.type(screen.getByRole("combobox", { name: "À" }), "QUALITE@ehpad.fr{Enter}");
    expect(screen.getByTestId("emails")).toHaveTextContent(/^qualite@ehpad\.fr$/);
  });
});

import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { FeeInvoiceModal } from "./FeeInvoiceModal";

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

describe("FeeInvoiceModal", { timeout: 30_000 }, () => {
  it("says under the amount that it has more than two decimals, instead of rounding it to the cent", async () => {
    fetchMock = mockFetch(() => ({ body: { items: [] } }));
    const user = userEvent.setup({ delay: null });
    renderWithQuery(
      <FeeInvoiceModal opened onClose={() => {}} missions={[{ id: "m1", label: "EHPAD Les Tilleuls" }]} />,
    );
    await user.type(screen.getByLabelText(/Numéro de facture/), "F-2026-04");
    const amount = screen.getByLabelText(/Montant HT/);
    await user.type(amount, "975,005");
    await user.click(screen.getByRole("button", { name: "Envoyer" }));
    expect(await screen.findByText("Le montant HT : deux décimales au plus (au centime près).")).toBeInTheDocument();
    expect(amount).toHaveAttribute("aria-invalid", "true");
    await user.clear(amount);
    await user.type(amount, "0,001");
    await user.click(screen.getByRole("button", { name: "Envoyer" }));
    expect(await screen.findByText("Le montant HT : deux décimales au plus (au centime près).")).toBeInTheDocument();
    expect(fetchMock.calls).toHaveLength(0);
  });
});

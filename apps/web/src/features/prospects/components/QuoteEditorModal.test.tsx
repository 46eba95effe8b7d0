import type { QuoteDetail, RequestDetail } from "@certidesk/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { QuoteEditorModal } from "./QuoteEditorModal";

/** Testing Library folds the no-break spaces of formatted amounts into plain spaces. */
const fr = (text: string) => text;

const request = {
  id: "req-1",
  service: "ESSMS_EVALUATION",
  establishmentDetails: [{ id: "c1", raisonSocial: "EHPAD Les Tilleuls", postalCode: "69003" }],
} as unknown as RequestDetail;

const quote = {
  id: "q-1",
  requestId: "req-1",
  label: "D-2026-0001",
  version: 3,
  vatRate: 0.2,
  travelExpenseMode: 1,
  travelExpenseAmount: null,
  validUntil: "2026-12-31",
  notes: null,
  lines: [
    { id: "l1", service: "Préparation", days: 1, unitPrice: 100, quantity: 1, total: 100 },
    { id: "l2", service: "Visite sur site", days: 2, unitPrice: 1000, quantity: 1, total: 2000 },
  ],
} as unknown as QuoteDetail;

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

function open(existing: QuoteDetail | null = quote) {
  renderWithQuery(<QuoteEditorModal request={request} quote={existing} opened onClose={() => {}} />);
  return screen.getByRole("dialog");
}

async function retype(user: ReturnType<typeof userEvent.setup>, label: string | RegExp, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (text) await user.type(input, text);
  return input;
}

/** The VAT select's input (its listbox carries the same label). */
const vatSelect = () => screen.getAllByLabelText("TVA").find((el) => el.tagName === "INPUT") as HTMLElement;

// Typing through a whole form is slow on a busy machine: a generous limit, no timing asserted.
describe("QuoteEditorModal", { timeout: 30_000 }, () => {
  it("reads French decimals: 0,5 day at 150,50 € is 75,25 € HT, and sends 0.5 and 150.5", async () => {
    fetchMock = mockFetch(() => ({ body: { ...quote, label: "D-2026-0001 v1" } }));
    const user = userEvent.setup({ delay: null });
    open();
    await user.click(screen.getByLabelText("Supprimer la ligne 2"));
    await retype(user, "Jours 1", "0,5");
    await retype(user, "Prix unitaire 1", "150,50");
    expect(screen.getByLabelText("Jours 1")).toHaveValue("0,5");
    expect(screen.getByLabelText("Prix unitaire 1")).toHaveValue("150,50");
    expect(screen.getByTestId("line-total-1")).toHaveTextContent(fr("75,25 €"));
    expect(screen.getByText(`Total HT : ${fr("75,25 €")}`)).toBeInTheDocument();
    expect(screen.getByText(`TVA (20 %) : ${fr("15,05 €")}`)).toBeInTheDocument();
    expect(screen.getByText(`Total TTC : ${fr("90,30 €")}`)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(fetchMock?.calls).toHaveLength(1));
    expect(fetchMock?.calls[0]).toMatchObject({
      method: "PUT",
      url: "/api/quotes/q-1",
      body: { version: 3, quote: { lines: [{ service: "Préparation", days: 0.5, unitPrice: 150.5, quantity: 1 }] } },
    });
  });

  it("computes the totals for each VAT rate and travel option", async () => {
    const user = userEvent.setup({ delay: null });
    open();
    // 1 × 100 + 2 × 1 000 = 2 100 € HT.
    expect(screen.getByText(`Total TTC : ${fr("2 520,00 €")}`)).toBeInTheDocument();
    await user.click(vatSelect());
    await user.click(await screen.findByRole("option", { name: "8,5 %", hidden: true }));
    expect(screen.getByText(`TVA (8,5 %) : ${fr("178,50 €")}`)).toBeInTheDocument();
    expect(screen.getByText(`Total TTC : ${fr("2 278,50 €")}`)).toBeInTheDocument();
    await user.click(vatSelect());
    await user.click(await screen.findByRole("option", { name: "Exonéré", hidden: true }));
    expect(screen.getByText(`Total TTC : ${fr("2 100,00 €")}`)).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "Forfait" }));
    await retype(user, /Montant du forfait HT/, "199,90");
    expect(screen.getByText(`Total HT : ${fr("2 299,90 €")}`)).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "Inclus" }));
    expect(screen.getByText(`Total HT : ${fr("2 100,00 €")}`)).toBeInTheDocument();
  });

  it("refuses a negative quantity with a message under the field, never flipping it", async () => {
    fetchMock = mockFetch(() => ({ body: quote }));
    const user = userEvent.setup({ delay: null });
    open();
    const quantity = await retype(user, "Quantité 2", "-2");
    expect(quantity).toHaveValue("-2");
    expect(screen.getByTestId("line-total-2")).toHaveTextContent("—");
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    // Under the field and linked to it, so a screen reader says it there (RGAA 11.10).
    await waitFor(() => expect(quantity).toHaveAccessibleDescription(/La quantité doit être au moins 1/));
    expect(quantity).toHaveAttribute("aria-invalid", "true");
    expect(quantity).toHaveValue("-2");
    expect(fetchMock.calls).toHaveLength(0);
  });

  it("keeps the other totals when a price is empty, and asks for it on its line", async () => {
    fetchMock = mockFetch(() => ({ body: quote }));
    const user = userEvent.setup({ delay: null });
    open();
    await retype(user, "Prix unitaire 1", "");
    expect(screen.getByTestId("line-total-1")).toHaveTextContent("—");
    expect(screen.getByTestId("line-total-2")).toHaveTextContent(fr("2 000,00 €"));
    expect(screen.getByText(`Total HT : ${fr("2 000,00 €")}`)).toBeInTheDocument();
    expect(screen.getByText("Une ligne incomplète n'est pas comptée.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText("Indiquez le prix unitaire.")).toBeInTheDocument();
    // The list of errors at the top takes the focus; its link leads to the field.
    const summary = screen.getByRole("alert", { name: "1 erreur à corriger" });
    await waitFor(() => expect(summary).toHaveFocus());
    await user.click(within(summary).getByRole("link", { name: "Prix unitaire 1 : Indiquez le prix unitaire." }));
    expect(screen.getByLabelText("Prix unitaire 1")).toHaveFocus();
    expect(fetchMock.calls).toHaveLength(0);
  });

  it("puts the server's field errors under their fields", async () => {
    fetchMock = mockFetch(() => ({
      status: 400,
      body: {
        error: {
          code: "BAD_REQUEST",
          message: "Les données envoyées sont invalides.",
          details: [
            { path: "body.quote.lines.1.service", message: "Décrivez la prestation sans caractère de contrôle." },
          ],
        },
      },
    }));
    const user = userEvent.setup({ delay: null });
    const dialog = open();
    await user.click(within(dialog).getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText("Décrivez la prestation sans caractère de contrôle.")).toBeInTheDocument();
    const service = screen.getByLabelText("Prestation 2");
    expect(service).toHaveAttribute("aria-invalid", "true");
    // On its field and in the list of errors, not in the banner.
    expect(screen.queryByText("Les données envoyées sont invalides.")).not.toBeInTheDocument();
    expect(screen.getByRole("alert", { name: "1 erreur à corriger" })).toHaveTextContent(
      "Prestation 2 : Décrivez la prestation sans caractère de contrôle.",
    );
    // The server's complaint stays while the field is unchanged, and goes once it is edited.
    await user.click(service);
    await user.tab();
    expect(screen.getByText("Décrivez la prestation sans caractère de contrôle.")).toBeInTheDocument();
    await user.type(service, " (binôme)");
    expect(screen.queryByText("Décrivez la prestation sans caractère de contrôle.")).not.toBeInTheDocument();
  });

  it("starts a new quote from the service's default lines", () => {
    open(null);
    expect(screen.getByRole("button", { name: "Créer le devis" })).toBeInTheDocument();
    expect(screen.getByLabelText("Prestation 1")).not.toHaveValue("");
    expect(screen.getByLabelText("Quantité 1")).toHaveValue("1");
  });
});

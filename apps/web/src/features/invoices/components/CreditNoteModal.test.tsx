import type { InvoiceDetail } from "@certidesk/shared";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithQuery } from "../../../test/render";
import { CreditNoteModal } from "./CreditNoteModal";

const line = (label: string, unitPrice: number, kind = "SERVICE") => ({
  kind,
  label,
  quantity: 1,
  unitPrice,
  vatRate: 0.2,
  totalHt: unitPrice,
  expenseId: null,
});
const invoice = (paid: number, creditNotes: Array<{ id: string; number: string; totalTtc: number }> = []) =>
  ({
    id: "inv-1",
    number: "F-2026-0007",
    totalTtc: 3600,
    paid,
    due: 3600 - paid,
    creditNotes,
    lines: [line("Évaluation externe", 2700), line("Forfait de déplacement", 300, "FLAT_FEE")],
  }) as unknown as InvoiceDetail;

describe("CreditNoteModal", { timeout: 30_000 }, () => {
  it("cancels the whole invoice while it has no credit note, even once paid (a refund then falls due)", async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithQuery(
      <CreditNoteModal
        invoice={invoice(3600)}
        opened
        error={null}
        loading={false}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText(/L'avoir annule la facture entière/)).toBeInTheDocument();
    expect(screen.getByText(/deviendra un remboursement à enregistrer/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Motif de l'avoir/), "Erreur de destinataire");
    await user.click(screen.getByRole("button", { name: "Émettre l'avoir" }));
    expect(onConfirm).toHaveBeenCalledWith({ reason: "Erreur de destinataire" });
  });

  it("credits chosen lines of an invoice already credited once, within what remains, the quantity typed with a comma", async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithQuery(
      <CreditNoteModal
        invoice={invoice(1000, [{ id: "cn-1", number: "F-2026-0009", totalTtc: 360 }])}
        opened
        error={null}
        loading={false}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    );
    // The whole invoice can no longer be cancelled: lines only, within 3 600 − 360 €.
    expect(screen.getByRole("radio", { name: "Toute la facture" })).toBeDisabled();
    expect(screen.getByText(/Reste à créditer sur la facture : 3\s240,00/)).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Créditer la ligne 2 : Forfait de déplacement" }));
    const quantity = screen.getByLabelText("Quantité créditée, ligne 2");
    await user.clear(quantity);
    await user.type(quantity, "0,5");
    expect(screen.getByText(/Avoir d'environ 180,00/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Motif de l'avoir/), "Remise sur le déplacement");
    await user.click(screen.getByRole("button", { name: "Émettre l'avoir" }));
    expect(onConfirm).toHaveBeenCalledWith({
      reason: "Remise sur le déplacement",
      lines: [{ position: 2, quantity: 0.5 }],
    });
  });

  it("says under a credited quantity that it has more than two decimals, and does not send it", async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithQuery(
      <CreditNoteModal
        invoice={invoice(0, [{ id: "cn-1", number: "F-2026-0009", totalTtc: 360 }])}
        opened
        error={null}
        loading={false}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    );
    await user.click(screen.getByRole("checkbox", { name: "Créditer la ligne 1 : Évaluation externe" }));
    const quantity = screen.getByLabelText("Quantité créditée, ligne 1");
    await user.clear(quantity);
    await user.type(quantity, "0,001");
    expect(screen.getByText("Deux décimales au plus.")).toBeInTheDocument();
    expect(quantity).toHaveAttribute("aria-invalid", "true");
    await user.type(screen.getByLabelText(/Motif de l'avoir/), "Remise");
    expect(screen.getByRole("button", { name: "Émettre l'avoir" })).toBeDisabled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

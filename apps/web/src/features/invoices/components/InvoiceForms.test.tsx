import type { InvoiceDetail } from "@certidesk/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { InvoiceDraftForm } from "./InvoiceDraftForm";
import { PaymentModal } from "./PaymentModal";

const invoice = {
  id: "inv-1",
  number: "F-2026-0007",
  kind: "BALANCE",
  status: "INVOICE_SEND",
  version: 4,
  totalTtc: 1200,
  due: 1200,
  paid: 0,
  lines: [
    {
      kind: "SERVICE",
      label: "Évaluation externe",
      quantity: 1,
      unitPrice: 1000,
      vatRate: 0.2,
      totalHt: 1000,
      expenseId: null,
    },
  ],
  buyerReference: { buyerSiret: null, serviceCode: null, engagementNumber: null },
  notes: null,
} as unknown as InvoiceDetail;

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

describe("invoice forms", { timeout: 30_000 }, () => {
  it("records a payment typed with a decimal comma, sent in euros", async () => {
    fetchMock = mockFetch(() => ({ body: { ...invoice, status: "INVOICE_PARTIALLY_PAID", due: 699.5 } }));
    const user = userEvent.setup({ delay: null });
    renderWithQuery(<PaymentModal invoice={invoice} opened onClose={() => {}} />);
    expect(screen.getByText("Reste à payer : 1 200,00 €")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Montant/), "500,50");
    await user.type(screen.getByLabelText("Référence"), "VIR 42");
    await user.click(screen.getByRole("button", { name: "Enregistrer le paiement" }));
    await waitFor(() => expect(fetchMock?.calls).toHaveLength(1));
    expect(fetchMock?.calls[0]).toMatchObject({
      method: "POST",
      url: "/api/invoices/inv-1/payments",
      body: { amount: 500.5, method: "TRANSFER", reference: "VIR 42" },
    });
  });

  it("refuses under the field an amount below one cent or with more than two decimals, sending nothing", async () => {
    fetchMock = mockFetch(() => ({ body: invoice }));
    const user = userEvent.setup({ delay: null });
    renderWithQuery(<PaymentModal invoice={invoice} opened onClose={() => {}} />);
    const amount = screen.getByLabelText(/Montant/);
    await user.type(amount, "0,000000001");
    await user.click(screen.getByRole("button", { name: "Enregistrer le paiement" }));
    expect(await screen.findByText("Le montant doit être d'au moins 0,01 €.")).toBeInTheDocument();
    expect(amount).toHaveAttribute("aria-invalid", "true");
    await user.clear(amount);
    await user.type(amount, "12,345");
    await user.click(screen.getByRole("button", { name: "Enregistrer le paiement" }));
    expect(await screen.findByText("Le montant : deux décimales au plus (au centime près).")).toBeInTheDocument();
    expect(fetchMock.calls).toHaveLength(0);
  });

  it("records what is paid back to the client after a credit note on a paid invoice", async () => {
    const owed = { ...invoice, status: "INVOICE_PAID", due: 0, refundDue: 300 } as InvoiceDetail;
    fetchMock = mockFetch(() => ({ body: { ...owed, refundDue: 0 } }));
    const user = userEvent.setup({ delay: null });
    renderWithQuery(<PaymentModal invoice={owed} mode="refund" opened onClose={() => {}} />);
    expect(screen.getByText("Dû au client après les avoirs : 300,00 €")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Montant/), "300");
    await user.click(screen.getByRole("button", { name: "Enregistrer le remboursement" }));
    await waitFor(() => expect(fetchMock?.calls).toHaveLength(1));
    expect(fetchMock?.calls[0]).toMatchObject({
      method: "POST",
      url: "/api/invoices/inv-1/refunds",
      body: { amount: 300, method: "TRANSFER" },
    });
  });

  it("totals a draft per VAT rate as typed, and sends its lines with the version", async () => {
    fetchMock = mockFetch(() => ({ body: { ...invoice, version: 5 } }));
    const user = userEvent.setup({ delay: null });
    renderWithQuery(<InvoiceDraftForm invoice={{ ...invoice, status: "INVOICE_PREPARE" } as InvoiceDetail} />);
    await user.click(screen.getByRole("button", { name: "Ajouter des frais de déplacement" }));
    await user.type(screen.getByLabelText("Prix unitaire 2"), "61,35");
    await user.clear(screen.getByLabelText("Quantité 2"));
    await user.type(screen.getByLabelText("Quantité 2"), "2");
    expect(screen.getByText("Total HT : 1 122,70 €")).toBeInTheDocument();
    expect(screen.getByText("TVA 20 % : 224,54 €")).toBeInTheDocument();
    expect(screen.getByText("Total TTC : 1 347,24 €")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Enregistrer le brouillon" }));
    await waitFor(() => expect(fetchMock?.calls).toHaveLength(1));
    expect(fetchMock?.calls[0]).toMatchObject({
      method: "PUT",
      url: "/api/invoices/inv-1",
      body: {
        version: 4,
        lines: [
          { kind: "SERVICE", quantity: 1, unitPrice: 1000, vatRate: 0.2 },
          { kind: "TRAVEL", label: "Frais de déplacement", quantity: 2, unitPrice: 61.35, vatRate: 0.2 },
        ],
      },
    });
  });
});

import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { PortalInvoices } from "./PortalInvoices";

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

describe("PortalInvoices", () => {
  it("lists the establishment's invoices in the spec's currency format, each with its PDF", async () => {
    fetchMock = mockFetch(() => ({
      body: {
        items: [
          {
            id: "i1",
            number: "FA-2026-0012",
            kind: "BALANCE",
            status: "INVOICE_PARTIALLY_PAID",
            issueDate: "2026-10-20",
            dueDate: "2026-11-19",
            totalTtc: 7452,
            due: 2452,
            pdfUrl: "/api/client-portal/invoices/i1/pdf",
          },
          {
            id: "i2",
            number: "AV-2026-0003",
            kind: "CREDIT_NOTE",
            status: "INVOICE_SEND",
            issueDate: "2026-10-25",
            dueDate: null,
            totalTtc: -300,
            due: 0,
            pdfUrl: "/api/client-portal/invoices/i2/pdf",
          },
        ],
      },
    }));
    renderWithQuery(<PortalInvoices />);
    const link = await screen.findByRole("link", { name: "Télécharger la facture FA-2026-0012 (PDF)" });
    expect(link.getAttribute("href")).toBe("/api/client-portal/invoices/i1/pdf");
    expect(fetchMock.calls[0]?.url).toBe("/api/client-portal/invoices");
    const row = link.closest("tr");
    expect(row?.textContent).toContain("20/10/2026");
    expect(row?.textContent?.replace(/\s/g, " ")).toMatch(/7 452,00 €/);
    expect(row?.textContent?.replace(/\s/g, " ")).toMatch(/2 452,00 €/);
    expect(screen.getByRole("link", { name: "Télécharger la facture AV-2026-0003 (PDF)" })).toBeTruthy();
  });

  it("says so when no invoice was sent yet", async () => {
    fetchMock = mockFetch(() => ({ body: { items: [] } }));
    renderWithQuery(<PortalInvoices />);
    expect(await screen.findByText("Aucune facture ne vous a encore été adressée.")).toBeTruthy();
  });
});

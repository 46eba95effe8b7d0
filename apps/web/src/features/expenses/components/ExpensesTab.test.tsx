import type { Expense, MissionDetail } from "@certidesk/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { ExpensesTab } from "./ExpensesTab";

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

const MISSION = { id: "m1", client: { raisonSocial: "EHPAD Les Tilleuls" } } as unknown as MissionDetail;
const expense = (overrides: Partial<Expense>): Expense => ({
  id: "e1",
  missionId: "m1",
  missionLabel: "EHPAD Les Tilleuls",
  clientId: "c1",
  auditorId: "a1",
  auditorName: "Marc Dubois",
  kind: "TRANSPORT",
  date: "2026-04-07",
  description: "Aller-retour",
  transportMode: "CAR",
  fareClassId: null,
  fareClassName: null,
  kilometres: 123.5,
  kmRate: 0.636,
  amountCents: 7855,
  receipt: { id: "d1", name: "Ticket", url: "/api/documents/view?p=x&token=y" },
  status: "SUBMITTED",
  rejectionReason: null,
  decidedAt: null,
  decidedBy: null,
  reimbursedOn: null,
  rebilledInvoice: null,
  dateWarning: null,
  abilities: { update: false, decide: true, reimburse: false },
  version: 1,
  ...overrides,
});

describe("ExpensesTab", () => {
  it("shows the lines in euros with their receipt, and approves one with its version", async () => {
    fetchMock = mockFetch(({ url, method }) => {
      if (url.endsWith("/expenses") && method === "GET")
        return {
          body: {
            items: [
              expense({}),
              expense({
                id: "e2",
                date: "2026-03-01",
                dateWarning:
                  "Datée du 01/03/2026, 37 jours avant le début de la mission (07/04/2026) : au-delà de la marge de 7 jours.",
                kind: "LODGING",
                transportMode: null,
                kilometres: null,
                kmRate: null,
                amountCents: 123450,
                status: "REJECTED",
                rejectionReason: "Justificatif illisible",
                abilities: { update: false, decide: false, reimburse: false },
              }),
            ],
            totals: { SUBMITTED: 7855, APPROVED: 0, REJECTED: 123450, REIMBURSED: 0 },
            kmRate: 0.636,
            canDeclare: false,
            rebilledToClient: false,
          },
        };
      if (url.endsWith("/fees")) return { body: { items: [] } };
      if (url.endsWith("/approve")) return { body: expense({ status: "APPROVED", version: 2 }) };
      return { status: 404, body: { error: { code: "NOT_FOUND", message: "?" } } };
    });
    renderWithQuery(<ExpensesTab mission={MISSION} />);
    const row = (await screen.findByText(/123,5 km/)).closest("tr") as HTMLElement;
    expect(within(row).getByText(/78,55/)).toBeTruthy();
    expect(within(row).getByRole("link", { name: "Voir le justificatif" }).getAttribute("href")).toContain(
      "/api/documents/view",
    );
    // The line and the total of refused expenses, both in the French currency format.
    expect(screen.getAllByText(/1\s234,50\s€/).length).toBe(2);
    expect(screen.getByText("Justificatif illisible")).toBeTruthy();
    // Dated well before the mission: flagged to whoever validates it, with the reason; the other line is not.
    const early = screen.getByText("Justificatif illisible").closest("tr") as HTMLElement;
    expect(within(early).getByText("Date à vérifier")).toBeTruthy();
    expect(within(early).getByText(/37 jours avant le début de la mission \(07\/04\/2026\)/)).toBeTruthy();
    expect(within(row).queryByText("Date à vérifier")).toBeNull();
    await userEvent.click(within(row).getByRole("button", { name: /Valider la dépense du 07\/04\/2026/ }));
    await waitFor(() => expect(fetchMock?.calls.some((c) => c.url.endsWith("/api/expenses/e1/approve"))).toBe(true));
    const call = fetchMock.calls.find((c) => c.url.endsWith("/approve"));
    expect(call).toMatchObject({ method: "POST", body: { version: 1 } });
  });

  it("says, when the contract rebills the expenses, on which client invoice each approved one is", async () => {
    fetchMock = mockFetch(({ url }) => {
      if (url.endsWith("/expenses"))
        return {
          body: {
            items: [
              expense({ status: "APPROVED", rebilledInvoice: { id: "i1", number: "FA-2026-0042" } }),
              expense({ id: "e2", date: "2026-04-08", status: "REIMBURSED", reimbursedOn: "2026-04-20" }),
              expense({
                id: "e3",
                date: "2026-04-09",
                status: "APPROVED",
                rebilledInvoice: { id: "i2", number: null },
              }),
            ],
            totals: { SUBMITTED: 0, APPROVED: 15710, REJECTED: 0, REIMBURSED: 7855 },
            kmRate: 0.636,
            canDeclare: false,
            rebilledToClient: true,
          },
        };
      if (url.endsWith("/fees")) return { body: { items: [] } };
      return { status: 404, body: { error: { code: "NOT_FOUND", message: "?" } } };
    });
    renderWithQuery(
      <MemoryRouter>
        <ExpensesTab mission={MISSION} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole("columnheader", { name: "Refacturation" })).toBeTruthy();
    expect(screen.getByText("Facture n° FA-2026-0042")).toBeTruthy();
    expect(screen.getByText("Pas encore refacturée")).toBeTruthy();
    expect(screen.getByText("Brouillon de solde")).toBeTruthy();
  });
});

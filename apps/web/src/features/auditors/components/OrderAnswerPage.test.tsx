import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { OrderAnswerPage } from "./OrderAnswerPage";

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

const render = (url: string) =>
  renderWithQuery(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/ordre-de-mission" element={<OrderAnswerPage />} />
      </Routes>
    </MemoryRouter>,
  );

const ORDER = {
  orderId: "o1",
  status: "SENT",
  answerable: true,
  auditorName: "Marc Dubois",
  raisonSocial: "EHPAD Les Tilleuls",
  city: "Villeurbanne",
  days: [{ day: "2027-01-04", timeSlot: "9h00-12h30 et 13h30-18h00" }],
};

describe("OrderAnswerPage", () => {
  it("says in French that an expired link no longer works", async () => {
    fetchMock = mockFetch(({ url }) =>
      url.startsWith("/api/mission-orders/by-link")
        ? {
            status: 403,
            body: {
              error: { code: "FORBIDDEN", message: "Ce lien a expiré : répondez depuis votre espace évaluateur." },
            },
          }
        : { body: {} },
    );
    render("/ordre-de-mission?p=abc&token=def");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Ce lien a expiré : répondez depuis votre espace évaluateur.",
    );
  });

  it("refuses with a reason, which is required", async () => {
    fetchMock = mockFetch(({ url }) =>
      url.startsWith("/api/mission-orders/by-link?") ? { body: ORDER } : { body: { ok: true } },
    );
    render("/ordre-de-mission?p=abc&token=def");
    expect(await screen.findByText(/04\/01\/2027 · 9h00-12h30 et 13h30-18h00/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Refuser…" }));
    await user.click(screen.getByRole("button", { name: "Refuser l'ordre de mission" }));
    expect(await screen.findByText("Indiquez le motif du refus.")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Motif du refus/), "Déjà en mission ces jours-là.");
    await user.click(screen.getByRole("button", { name: "Refuser l'ordre de mission" }));
    await waitFor(() =>
      expect(fetchMock?.calls.find((c) => c.method === "POST")?.body).toEqual({
        p: "abc",
        token: "def",
        answer: "REFUSE",
        reason: "Déjà en mission ces jours-là.",
      }),
    );
    expect(await screen.findByText(/Votre refus est enregistré/)).toBeInTheDocument();
  });
});

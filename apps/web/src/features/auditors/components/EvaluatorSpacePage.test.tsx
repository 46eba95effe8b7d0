import { screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { EvaluatorSpacePage } from "./EvaluatorSpacePage";

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

const AUDITOR = {
  id: "a1",
  firstName: "Anne",
  lastName: "Lemaire",
  email: "anne@example.fr",
  phone: null,
  mobilePhone: "0612345678",
  postalCode: "69003",
  city: "Lyon",
  documentState: "EXPIRING",
  abilities: { update: true, updateStaffFields: false, declare: true },
};

describe("EvaluatorSpacePage", () => {
  it("shows the evaluator's phone grouped in pairs, their documents' state and their programmes", async () => {
    fetchMock = mockFetch(({ url }) => {
      if (url.endsWith("/missions"))
        return {
          body: [
            {
              contractId: "c1",
              contractNumber: "C-2026-0042",
              contractStatus: "SIGNED",
              role: "COORDINATOR",
              establishments: [{ clientId: "e1", raisonSocial: "EHPAD Les Tilleuls", city: "Villeurbanne" }],
              firstDay: "2026-12-14",
              lastDay: "2026-12-15",
              dayCount: 2,
            },
          ],
        };
      return { body: AUDITOR };
    });
    renderWithQuery(
      <MemoryRouter initialEntries={["/espace-evaluateur/a1?onglet=programmes"]}>
        <Routes>
          <Route path="/espace-evaluateur/:auditorId" element={<EvaluatorSpacePage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText(/06 12 34 56 78/)).toBeInTheDocument();
    expect(screen.getByText("Expire bientôt")).toBeInTheDocument();
    expect(await screen.findByText("C-2026-0042")).toBeInTheDocument();
    expect(screen.getByText(/14\/12\/2026 → 15\/12\/2026/)).toBeInTheDocument();
  });
});

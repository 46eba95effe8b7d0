import { screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { EvaluatorSpacePage } from "./EvaluatorSpacePage";

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

describe("EvaluatorSpacePage", () => {
  it("shows the evaluator's phone grouped in pairs", async () => {
    fetchMock = mockFetch(() => ({
      body: {
        id: "a1",
        firstName: "Anne",
        lastName: "Lemaire",
        email: "anne@example.fr",
        phone: "0612345678",
        postalCode: "69003",
        city: "Lyon",
      },
    }));
    renderWithQuery(
      <MemoryRouter initialEntries={["/app/auditor/a1"]}>
        <Routes>
          <Route path="/app/auditor/:auditorId" element={<EvaluatorSpacePage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText(/06 12 34 56 78/)).toBeInTheDocument();
  });
});

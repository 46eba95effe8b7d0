import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SessionProvider } from "../../../lib/session-context";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { MissionListPage } from "./MissionListPage";

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

const row = (id: string, raisonSocial: string, status: string, firstDay: string | null) => ({
  id,
  clientId: `client-${id}`,
  raisonSocial,
  postalCode: "69003",
  city: "Lyon",
  contractId: "k1",
  contractNumber: "C-2026-0042",
  kind: "ESSMS_EVALUATION",
  remote: false,
  grouped: id === "m2",
  status,
  firstDay,
  lastDay: firstDay ? "2026-12-15" : null,
  team: firstDay ? "Anne Lemaire, Bruno Carpentier" : "",
  preliminaryReportDue: firstDay ? "2027-01-14" : null,
  finalReportDue: null,
});

function Where() {
  const location = useLocation();
  return <output aria-label="Adresse">{`${location.pathname}${location.search}`}</output>;
}

function serve() {
  fetchMock = mockFetch(({ url }) => {
    if (url.startsWith("/api/saved-views")) return { body: [] };
    if (url.startsWith("/api/missions/counts"))
      return { body: { TO_PLAN: 1, PLANNED: 1, VISIT_PAST: 0, REPORT_LATE: 0, FINALISED: 0 } };
    if (url.startsWith("/api/contracts/auditor-options"))
      return { body: [{ id: "a1", name: "Anne Lemaire", city: "Lyon", postalCode: "69003" }] };
    if (url.startsWith("/api/missions"))
      return {
        body: {
          items: url.includes("status=TO_PLAN")
            ? [row("m1", "EHPAD Les Tilleuls", "TO_PLAN", null)]
            : [
                row("m1", "EHPAD Les Tilleuls", "TO_PLAN", null),
                row("m2", "FAM Les Glycines", "PLANNED", "2026-12-14"),
              ],
          total: url.includes("status=TO_PLAN") ? 1 : 2,
          page: 1,
          pageSize: 50,
        },
      };
    return { body: {} };
  });
  return fetchMock;
}

const renderAt = (url: string) =>
  renderWithQuery(
    <SessionProvider>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/app/mission" element={<MissionListPage />} />
          <Route path="/app/mission/:clientId/:missionId" element={<p>Vue de la mission</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </SessionProvider>,
  );

describe("MissionListPage", { timeout: 30_000 }, () => {
  it("lists the missions with their state, visit and team, and counts each filter", async () => {
    serve();
    renderAt("/app/mission");
    expect(await screen.findByText("FAM Les Glycines")).toBeInTheDocument();
    expect(screen.getByText("14/12/2026 → 15/12/2026")).toBeInTheDocument();
    expect(screen.getByText("Anne Lemaire, Bruno Carpentier")).toBeInTheDocument();
    expect(screen.getAllByText("Programmée").length).toBeGreaterThan(0);
    expect(await screen.findByText("À programmer (1)")).toBeInTheDocument();
    expect(screen.getByText("Toutes (2)")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Exporter \(XLSX\)/ })).toHaveAttribute(
      "href",
      "/api/missions/export?sort=firstDay&direction=asc",
    );
  });

  it("filters « à programmer » through the address and the server, and opens a mission", async () => {
    const fetch = serve();
    const user = userEvent.setup({ delay: null });
    renderAt("/app/mission?page=2");
    await screen.findByText("FAM Les Glycines");
    await user.click(await screen.findByText("À programmer (1)"));
    await waitFor(() => expect(screen.getByLabelText("Adresse")).toHaveTextContent("/app/mission?statut=TO_PLAN"));
    await waitFor(() => expect(screen.queryByText("FAM Les Glycines")).not.toBeInTheDocument());
    expect(fetch.calls.some((c) => c.url.startsWith("/api/missions?status=TO_PLAN") && c.url.includes("page=1"))).toBe(
      true,
    );
    await user.click(screen.getByText("EHPAD Les Tilleuls"));
    expect(await screen.findByText("Vue de la mission")).toBeInTheDocument();
    expect(screen.getByLabelText("Adresse")).toHaveTextContent("/app/mission/client-m1/m1");
  });
});

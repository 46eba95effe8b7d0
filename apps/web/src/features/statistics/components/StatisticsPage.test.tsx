import type { ClientStatistics, LinkInterestStatistics } from "@certidesk/shared";
import { screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { StatisticsPage } from "./StatisticsPage";

const delay = { count: 2, averageDays: 25, medianDays: 25 };
const CLIENTS: ClientStatistics = {
  period: { from: "2026-01-01", to: "2026-02-28" },
  evaluationsByMonth: [
    { month: "2026-01", sold: 0, planned: 1, done: 0, finalised: 0 },
    { month: "2026-02", sold: 3, planned: 0, done: 1, finalised: 1 },
  ],
  evaluationsByDepartement: [{ departement: "69", sold: 3, planned: 1, done: 1, finalised: 1 }],
  evaluationTotals: { sold: 3, planned: 1, done: 1, finalised: 1 },
  revenueByMonth: [
    { month: "2026-01", invoicedHt: 0, invoicedTtc: 0, collected: 100 },
    { month: "2026-02", invoicedHt: 1234.5, invoicedTtc: 1481.4, collected: 0 },
  ],
  revenueTotals: { invoicedHt: 1234.5, invoicedTtc: 1481.4, collected: 100 },
  pipeline: {
    requests: 4,
    quoted: 3,
    signed: 2,
    quoteRate: 75,
    signatureRate: 66.7,
    conversionRate: 50,
    requestToQuote: delay,
    quoteToSignature: delay,
    requestToSignature: { count: 2, averageDays: 35.5, medianDays: 35 },
  },
  reports: [
    { report: "PRELIMINARY", onTime: 1, late: 1, pending: 0, averageDelayDays: 25 },
    { report: "FINAL", onTime: 0, late: 1, pending: 1, averageDelayDays: 5 },
  ],
  evaluators: [
    {
      auditorId: "a1",
      name: "Xavier Statistique",
      satisfactionAnswers: 2,
      satisfactionAverage: 2.75,
      performanceMissions: 2,
      performanceAverage: 4,
    },
  ],
};
const LINKS: LinkInterestStatistics = {
  period: { from: "2026-01-01", to: "2026-02-28" },
  byEvaluator: [
    { auditorId: "a1", name: "Xavier Statistique", links: 2, active: 1, organisations: 2, refused: 1, justified: 0 },
  ],
  byOrganisation: [
    {
      organisationType: "GESTIONNAIRE",
      organisationId: "g1",
      organisationName: "Fondation Rhône",
      evaluators: 1,
      links: 1,
      active: 0,
    },
  ],
  decisions: [
    {
      id: "d1",
      decision: "REFUSED",
      at: "2026-02-03",
      auditorId: "a1",
      auditorName: "Xavier Statistique",
      clientName: "EHPAD Les Tilleuls",
      contractNumber: "C-2026-0004",
      reasons: ["Intérêt en cours avec « EHPAD Les Tilleuls »."],
      justification: null,
      by: "Camille Planif",
    },
  ],
};

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

function renderAt(address: string) {
  fetchMock = mockFetch(({ url }) => {
    if (url.startsWith("/api/statistics/clients")) return { body: CLIENTS };
    if (url.startsWith("/api/statistics/link-interest")) return { body: LINKS };
    if (url.startsWith("/api/statistics/filter-options"))
      return { body: { gestionnaires: [{ value: "g1", label: "Fondation Rhône" }], evaluators: [] } };
    return { body: { companyName: "Certidesk" } };
  });
  renderWithQuery(
    <MemoryRouter initialEntries={[address]}>
      <StatisticsPage />
    </MemoryRouter>,
  );
  return fetchMock;
}

describe("StatisticsPage", () => {
  it("asks the figures with the address's filters and shows them as tables, money in the French format", async () => {
    const mock = renderAt("/app/statistiques?du=2026-01-01&au=2026-02-28&domaine=PA&gestionnaire=g1");
    const months = await screen.findByRole("table", { name: "Évaluations par mois" });
    expect(screen.getByText("Période : du 01/01/2026 au 28/02/2026")).toBeInTheDocument();
    expect(within(months).getByRole("row", { name: /février 2026 3 0 1 1/ })).toBeInTheDocument();
    expect(within(months).getByRole("row", { name: /Total 3 1 1 1/ })).toBeInTheDocument();
    const revenue = screen.getByRole("table", { name: "Chiffre d'affaires par mois" });
    expect(within(revenue).getAllByText(/^1\s234,50\s€$/)).toHaveLength(2);
    expect(screen.getByRole("table", { name: "Délais entre les étapes" })).toHaveTextContent("35,5 j");
    expect(screen.getByRole("table", { name: "Satisfaction et performance par évaluateur" })).toHaveTextContent(
      "Xavier Statistique22,7524",
    );
    expect(screen.getByRole("img", { name: /Graphique : Évaluations par mois/ })).toBeInTheDocument();
    const call = mock.calls.find((c) => c.url.startsWith("/api/statistics/clients"));
    expect(call?.url).toBe("/api/statistics/clients?from=2026-01-01&to=2026-02-28&domain=PA&gestionnaireId=g1");
    expect(screen.getByRole("link", { name: "Exporter (XLSX)" })).toHaveAttribute(
      "href",
      "/api/statistics/clients/export.xlsx?from=2026-01-01&to=2026-02-28&domain=PA&gestionnaireId=g1",
    );
  });

  it("says under the field when the period ends before it starts, and asks nothing", async () => {
    const mock = renderAt("/app/statistiques?du=2026-03-01&au=2026-02-01");
    expect(await screen.findByText("La période se termine avant de commencer.")).toBeInTheDocument();
    expect(mock.calls.some((c) => c.url.startsWith("/api/statistics/clients"))).toBe(false);
  });

  it("shows the links of interest and the engine's decisions on the Liens tab, exported with its filters", async () => {
    const mock = renderAt("/app/statistiques?onglet=liens&du=2026-01-01");
    const decisions = await screen.findByRole("table", { name: "Décisions du moteur d'impartialité" });
    expect(within(decisions).getByText("Refusée (incompatibilité)")).toBeInTheDocument();
    expect(within(decisions).getByText("03/02/2026")).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Par organisation" })).toHaveTextContent("Fondation Rhône");
    expect(screen.getByRole("tab", { name: "Liens", selected: true })).toBeInTheDocument();
    expect(mock.calls.some((c) => c.url === "/api/statistics/link-interest?from=2026-01-01")).toBe(true);
    expect(screen.getByRole("link", { name: "Exporter (XLSX)" })).toHaveAttribute(
      "href",
      "/api/statistics/link-interest/export.xlsx?from=2026-01-01",
    );
  });
});

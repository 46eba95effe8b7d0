import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch } from "../../../../test/fetch-mock";
import { renderWithQuery } from "../../../../test/render";
import { MISSION_ID, missionFixture } from "../mission-fixture.test-data";
import { EvaluationTab } from "./EvaluationTab";

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

const uploaded = missionFixture({
  status: "VISIT_PAST",
  reports: {
    preliminary: {
      document: { id: "d1", name: "Rapport préliminaire — EHPAD Les Tilleuls", url: "/doc/d1" },
      uploadedAt: "2026-04-20",
      reviewedAt: null,
      reviewedBy: null,
      reviewComment: null,
      sentAt: null,
    },
    observations: { document: null, receivedAt: null },
    final: { document: null, at: null },
    hasTransmittedAt: null,
  },
});

describe("EvaluationTab", { timeout: 30_000 }, () => {
  it("shows the reports with their due dates and a late one", () => {
    renderWithQuery(
      <EvaluationTab mission={missionFixture({ late: { preliminary: true, final: false }, status: "REPORT_LATE" })} />,
    );
    expect(screen.getByText("08/05/2026")).toBeInTheDocument();
    expect(screen.getByText("En retard")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Déposer le rapport préliminaire" })).toBeDisabled();
    expect(screen.queryByText("Non-conformités")).not.toBeInTheDocument();
  });

  it("lets the quality profile review the uploaded report, then the staff send it", async () => {
    fetchMock = mockFetch(() => ({ body: uploaded }));
    const user = userEvent.setup({ delay: null });
    const { unmount } = renderWithQuery(
      <EvaluationTab mission={{ ...uploaded, abilities: { reviewPreliminary: true } }} />,
    );
    expect(screen.getByRole("link", { name: "Rapport préliminaire — EHPAD Les Tilleuls" })).toBeInTheDocument();
    await user.type(screen.getByLabelText("Commentaire de relecture (facultatif)"), "Conforme.");
    await user.click(screen.getByRole("button", { name: "Valider la relecture qualité" }));
    await waitFor(() => expect(fetchMock?.calls).toHaveLength(1));
    expect(fetchMock?.calls[0]).toMatchObject({
      method: "POST",
      url: `/api/missions/${MISSION_ID}/reports/preliminary/review`,
      body: { comment: "Conforme.", version: 3 },
    });
    unmount();
    const reviewed = {
      ...uploaded,
      reports: {
        ...uploaded.reports,
        preliminary: { ...uploaded.reports.preliminary, reviewedAt: "2026-04-21", reviewedBy: "Qualité Demo" },
      },
      abilities: { sendPreliminary: true },
    };
    renderWithQuery(<EvaluationTab mission={reviewed} />);
    expect(screen.getByText(/Relu par Qualité Demo le 21\/04\/2026/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Envoyer le rapport préliminaire à l'établissement" }));
    await waitFor(() => expect(fetchMock?.calls).toHaveLength(2));
    expect(fetchMock?.calls[1]).toMatchObject({ url: `/api/missions/${MISSION_ID}/reports/preliminary/send` });
  });

  it("lists a certification audit's non-conformities and warns while a major one is open", async () => {
    fetchMock = mockFetch(() => ({
      body: [
        {
          id: "n1",
          missionId: MISSION_ID,
          criterion: "2.3.1",
          severity: "MAJOR",
          description: "Le projet personnalisé n'est pas réévalué.",
          correctiveAction: null,
          evidence: null,
          dueDate: "2026-06-01",
          closedAt: null,
          closedBy: null,
          late: false,
          version: 1,
        },
      ],
    }));
    renderWithQuery(
      <EvaluationTab
        mission={missionFixture({
          kind: "CERT_INITIAL",
          abilities: { manageNonConformities: true, closeNonConformity: true },
        })}
      />,
    );
    expect(await screen.findByText("Critère 2.3.1")).toBeInTheDocument();
    expect(screen.getByText("Majeure")).toBeInTheDocument();
    expect(screen.getByText(/la décision de certification attend leur levée/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Lever la non-conformité 2.3.1" })).toBeInTheDocument();
    expect(fetchMock?.calls[0]?.url).toBe(`/api/missions/${MISSION_ID}/non-conformities`);
  });
});

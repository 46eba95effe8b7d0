import type { PortalMission } from "@certidesk/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { PortalMissionCard } from "./PortalMissionCard";

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

const MISSION: PortalMission = {
  id: "m1",
  essms: { raisonSocial: "EHPAD Les Tilleuls", address: null, postalCode: null, city: "Villeurbanne" },
  kind: "ESSMS_EVALUATION",
  remote: false,
  status: "VISIT_PAST",
  contractNumber: "C-2026-0046",
  steps: [
    {
      code: "CONTRACT",
      label: "Contrat signé",
      done: true,
      status: "done",
      statusText: "fait",
      date: "2026-05-12",
      detail: "C-2026-0046",
    },
    {
      code: "TEAM_ACCEPTED",
      label: "Équipe acceptée",
      done: false,
      status: "passed",
      statusText: "sans réponse",
      date: null,
      detail: null,
    },
    {
      code: "PRELIMINARY",
      label: "Rapport préliminaire reçu",
      done: true,
      status: "done",
      statusText: "fait",
      date: "2026-11-20",
      detail: null,
    },
    {
      code: "OBSERVATIONS",
      label: "Observations envoyées",
      done: false,
      status: "current",
      statusText: "en cours",
      date: null,
      detail: "à envoyer au plus tard le 05/12/2026",
    },
  ],
  statusTexts: {
    summary:
      "Le rapport préliminaire vous a été envoyé le 20/11/2026. Vos observations sont attendues au plus tard le 05/12/2026.",
    team: "Merci d'accepter l'équipe proposée ou de formuler une objection.",
    preliminary: "Le rapport préliminaire vous a été envoyé le 20/11/2026.",
    final: "Le rapport définitif vous sera envoyé au plus tard le 20/12/2026.",
  },
  days: [{ day: "2026-10-05", timeSlot: "8h30-12h00 et 13h30-18h00" }],
  team: [
    {
      name: "Michel Brun",
      role: "COORDINATOR",
      domains: ["PA — Personnes âgées"],
      publics: [],
      trainedOnReferential: true,
      orderStatus: "ACCEPT",
    },
  ],
  teamAnswer: null,
  canAnswerTeam: true,
  documents: [],
  requestedDocuments: [
    { id: "r1", label: "Projet d'établissement", received: true },
    { id: "r2", label: "Livret d'accueil", received: false },
  ],
  canProvideDocuments: true,
  preliminaryReport: { id: "d1", name: "Rapport préliminaire", url: "/api/documents/view?r" },
  observations: { due: "2026-12-05", receivedAt: null, text: null, document: null, canSend: true, closedReason: null },
  finalReport: null,
  version: 7,
};

describe("PortalMissionCard", () => {
  it("shows where the evaluation stands, the team, the preliminary report; objects with a reason and sends observations", async () => {
    fetchMock = mockFetch(() => ({ body: { ok: true } }));
    renderWithQuery(<PortalMissionCard mission={MISSION} />);
    expect(screen.getByText("Contrat signé")).toBeInTheDocument();
    expect(screen.getByText(/12\/05\/2026 · C-2026-0046/)).toBeInTheDocument();
    expect(screen.getByText(/à envoyer au plus tard le 05\/12\/2026/)).toBeInTheDocument();
    // Each step says what became of it, a step left behind is not "à venir".
    expect(screen.getByText("Équipe acceptée").textContent).toBe("Équipe acceptée — sans réponse");
    expect(screen.getByText("Observations envoyées").textContent).toBe("Observations envoyées — en cours");
    expect(screen.queryByText(/vous sera transmis/)).toBeNull();
    expect(screen.getAllByText("Le rapport préliminaire vous a été envoyé le 20/11/2026.").length).toBeGreaterThan(0);
    expect(screen.getByText("Domaines : PA — Personnes âgées")).toBeInTheDocument();
    const requested = screen.getByRole("list", { name: "Documents demandés" });
    expect(
      within(requested)
        .getAllByRole("listitem")
        .map((i) => i.textContent),
    ).toEqual(["Projet d'établissement Reçu", "Livret d'accueil À fournir"]);
    expect(screen.getByRole("link", { name: "Lire le rapport préliminaire" })).toHaveAttribute(
      "href",
      "/api/documents/view?r",
    );

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Formuler une objection" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText(/Motif de votre objection/), "Lien avec notre gestionnaire.");
    await user.click(within(dialog).getByRole("button", { name: "Envoyer l'objection" }));
    await waitFor(() =>
      expect(fetchMock?.calls.find((c) => c.url.endsWith("/team/client-answer"))?.body).toEqual({
        decision: "OBJECT",
        reason: "Lien avec notre gestionnaire.",
        version: 7,
      }),
    );

    // An empty text is refused under its field, nothing sent; then the observations leave as JSON.
    await user.click(screen.getByRole("button", { name: "Envoyer mes observations" }));
    expect(await screen.findByText("Rédigez vos observations (ou joignez un fichier).")).toBeInTheDocument();
    expect(fetchMock?.calls.some((c) => c.url.endsWith("/client-observations"))).toBe(false);
    await user.type(screen.getByLabelText(/Vos observations sur le rapport préliminaire/), "Page 12 : à corriger.");
    await user.click(screen.getByRole("button", { name: "Envoyer mes observations" }));
    await waitFor(() =>
      expect(fetchMock?.calls.find((c) => c.url.endsWith("/client-observations"))?.body).toEqual({
        text: "Page 12 : à corriger.",
        version: 7,
      }),
    );
  });
});

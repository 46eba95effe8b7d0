import type { MissionDetail } from "@certidesk/shared";
import { notifications } from "@mantine/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, type RecordedCall } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { TeamTab } from "./TeamTab";

const ID = {
  mission: "5a1e6a52-4c1e-4d55-9f5e-0a8b2f1c0001",
  contract: "5a1e6a52-4c1e-4d55-9f5e-0a8b2f1c0002",
  client: "5a1e6a52-4c1e-4d55-9f5e-0a8b2f1c00c1",
  anne: "5a1e6a52-4c1e-4d55-9f5e-0a8b2f1c00a1",
  bruno: "5a1e6a52-4c1e-4d55-9f5e-0a8b2f1c00a2",
  claire: "5a1e6a52-4c1e-4d55-9f5e-0a8b2f1c00a3",
  david: "5a1e6a52-4c1e-4d55-9f5e-0a8b2f1c00a4",
};

const abilities = { read: true, updateTeam: true, updateDays: true, sendOrders: true };
/** A mission whose coordinator refused their order: one evaluator left, the place free. */
const mission = {
  id: ID.mission,
  clientId: ID.client,
  client: { raisonSocial: "EHPAD Les Tilleuls", postalCode: "69003", city: "Lyon", finess: "690000001" },
  contractId: ID.contract,
  contractNumber: "C-2026-0042",
  kind: "ESSMS_EVALUATION",
  remote: false,
  groupId: null,
  groupedWith: [],
  status: "PLANNED",
  team: [{ auditorId: ID.bruno, name: "Bruno Carpentier", role: "EVALUATOR" }],
  missionOrders: [
    {
      id: "o1",
      auditorId: ID.anne,
      auditorName: "Anne Lemaire",
      role: "COORDINATOR",
      status: "REFUSE",
      sentAt: "2026-11-02T09:00:00.000Z",
      answeredAt: "2026-11-04T09:00:00.000Z",
      refusalReason: "Indisponible sur ces dates.",
      document: { id: "d1", name: "Ordre de mission", url: "/api/documents/view?p=x&token=y" },
      version: 1,
    },
    {
      id: "o2",
      auditorId: ID.bruno,
      auditorName: "Bruno Carpentier",
      role: "EVALUATOR",
      status: "WAITING",
      sentAt: null,
      answeredAt: null,
      refusalReason: null,
      document: null,
      version: 1,
    },
  ],
  replacedOrders: [
    {
      id: "o0",
      auditorId: ID.bruno,
      auditorName: "Bruno Carpentier",
      role: "EVALUATOR",
      status: "ACCEPT",
      sentAt: "2026-10-20T09:00:00.000Z",
      answeredAt: "2026-10-21T09:00:00.000Z",
      refusalReason: null,
      document: { id: "d0", name: "Ordre de mission", url: "/api/documents/view?p=old&token=y" },
      version: 1,
      replacedAt: "2026-11-02T09:30:00.000Z",
    },
  ],
  days: [
    { day: "2026-12-14", timeSlotId: 1, timeSlot: "8h00-12h00 et 14h00-18h00", dayFraction: 1, programme: [] },
    { day: "2026-12-15", timeSlotId: 1, timeSlot: "8h00-12h00 et 14h00-18h00", dayFraction: 1, programme: [] },
  ],
  statusFacts: {
    state: "PLANNED",
    contractSignedAt: "2026-10-01",
    teamSize: 1,
    teamProposedAt: "2026-11-01T10:00:00.000Z",
    teamAnswer: null,
    firstDay: "2026-12-14",
    lastDay: "2026-12-15",
    today: "2026-11-20",
    preliminaryUploadedAt: null,
    preliminaryReviewedAt: null,
    preliminarySentAt: null,
    observationsReceivedAt: null,
    finalReportAt: null,
    deadlines: { preliminaryReportDue: "2027-01-14", observationsDue: null, finalReportDue: null },
    late: { preliminary: false, final: false },
  },
  abilities,
  version: 7,
} as unknown as MissionDetail;

const verdict = (blocking: string[] = [], warnings: string[] = []) => ({
  eligible: blocking.length === 0,
  blocking: blocking.map((message) => ({ rule: "ADVICE_WINDOW", severity: "BLOCKING", message })),
  warnings: warnings.map((message) => ({ rule: "DOMAIN", severity: "WARNING", message })),
});
const candidate = (id: string, name: string, eligibility = verdict()) => ({
  id,
  name,
  city: "Lyon",
  departement: "69",
  status: "SALARIE",
  roles: ["EVALUATOR", "COORDINATOR"],
  distanceKm: 5,
  monthLoad: 1,
  eligibility,
});
const candidates = {
  items: [
    candidate(ID.bruno, "Bruno Carpentier"),
    candidate(ID.david, "David Morel", verdict([], ["Non qualifié(e) pour le domaine PH."])),
    candidate(ID.claire, "Claire Vasseur", verdict(["Conseil pour l'organisme moins de 24 mois avant la visite."])),
  ],
};

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

function serve(onWrite: (call: RecordedCall) => { status?: number; body?: unknown } = () => ({ body: mission })) {
  fetchMock = mockFetch((call) => {
    if (call.method !== "GET") return onWrite(call);
    if (call.url.startsWith("/api/auditors/candidates")) return { body: candidates };
    if (call.url.endsWith("/history"))
      return {
        body: {
          items: [
            {
              id: "h1",
              occurredAt: "2026-11-02T09:30:00.000Z",
              actorLabel: "Mathieu Roux",
              action: "replan",
              summary: "Visite déplacée : 07/12/2026, 08/12/2026 → 14/12/2026, 15/12/2026.",
            },
          ],
        },
      };
    if (call.url.endsWith("/proposals"))
      return {
        body: {
          items: [
            {
              kind: "CLIENT",
              to: ["direction@tilleuls.fr"],
              auditorId: null,
              at: "2026-11-01T10:00:00.000Z",
              mailStatus: "SENT",
              by: "Mathieu Roux",
            },
          ],
        },
      };
    return { body: {} };
  });
  return fetchMock;
}
const writes = () => fetchMock?.calls.filter((c) => c.method !== "GET") ?? [];

describe("TeamTab", { timeout: 30_000 }, () => {
  it("shows the orders in French with the refusal and its reason, and the proposals already sent", async () => {
    serve();
    renderWithQuery(<TeamTab mission={mission} />);
    const refused = screen.getByRole("row", { name: "Ordre de mission de Anne Lemaire" });
    expect(within(refused).getByText("Refusé")).toBeInTheDocument();
    expect(within(refused).getByText("Motif : Indisponible sur ces dates.")).toBeInTheDocument();
    expect(within(refused).getByText("02/11/2026")).toBeInTheDocument();
    expect(
      within(screen.getByRole("row", { name: "Ordre de mission de Bruno Carpentier" })).getByText("À envoyer"),
    ).toBeInTheDocument();
    expect(
      await screen.findByText("Envoyée le 01/11/2026 à direction@tilleuls.fr par Mathieu Roux"),
    ).toBeInTheDocument();
    // The order a move replaced, kept with its PDF; the move in the mission's history.
    const replaced = screen.getByRole("row", { name: "Ordre remplacé de Bruno Carpentier" });
    expect(within(replaced).getByText("Accepté")).toBeInTheDocument();
    expect(within(replaced).getByRole("link", { name: /PDF/ })).toHaveAttribute(
      "href",
      "/api/documents/view?p=old&token=y",
    );
    const history = await screen.findByRole("table", { name: "Historique de la mission" });
    expect(within(history).getByText(/^Visite déplacée : 07\/12\/2026/)).toBeInTheDocument();
    expect(within(history).getByText("Mathieu Roux")).toBeInTheDocument();
    // The establishment's side of it, in the words its portal uses (missionStatusText).
    expect(
      screen.getByText("Équipe proposée à l'établissement le 01/11/2026 : réponse en attente."),
    ).toBeInTheDocument();
    expect(
      fetchMock?.calls.some(
        (c) =>
          c.url ===
          `/api/auditors/candidates?clientId=${ID.client}&days=2026-12-14%2C2026-12-15&contractId=${ID.contract}`,
      ),
    ).toBe(true);
  });

  it("refuses a blocked evaluator with the French reason, and saves a team of two with its coordinator and justification", async () => {
    serve();
    const user = userEvent.setup({ delay: null });
    renderWithQuery(<TeamTab mission={mission} />);
    const blocked = await screen.findByRole("row", { name: "Claire Vasseur" });
    expect(within(blocked).getByText(/Conseil pour l'organisme moins de 24 mois/)).toBeInTheDocument();
    expect(within(blocked).getByRole("button", { name: "Ajouter Claire Vasseur" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Ajouter David Morel" }));
    const david = screen.getByLabelText("Équipe : David Morel");
    await user.type(within(david).getByLabelText(/Justification/), "Seul disponible ces jours-là.");
    await user.click(within(david).getByLabelText("Coordinateur(rice)"));
    await user.click(screen.getByRole("button", { name: "Enregistrer l'équipe" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: "PUT",
      url: `/api/missions/${ID.mission}/team`,
      body: {
        members: [
          { auditorId: ID.bruno, role: "EVALUATOR" },
          { auditorId: ID.david, role: "COORDINATOR" },
        ],
        justification: "Seul disponible ces jours-là.",
        version: 7,
      },
    });
  });

  it("shows the server's impartiality refusal (422) in French", async () => {
    serve(() => ({
      status: 422,
      body: {
        error: {
          code: "UNPROCESSABLE",
          message:
            "David Morel ne peut pas évaluer « EHPAD Les Tilleuls » : emploi dans l'organisation depuis moins de 5 ans.",
        },
      },
    }));
    const user = userEvent.setup({ delay: null });
    renderWithQuery(<TeamTab mission={mission} />);
    await user.click(await screen.findByRole("button", { name: "Ajouter David Morel" }));
    await user.click(within(screen.getByLabelText("Équipe : David Morel")).getByLabelText("Coordinateur(rice)"));
    await user.click(screen.getByRole("button", { name: "Enregistrer l'équipe" }));
    expect(await screen.findByText(/emploi dans l'organisation depuis moins de 5 ans/)).toBeInTheDocument();
  });

  it("confirms the saved team even when the refreshed mission lands before the save's answer", async () => {
    const show = vi.spyOn(notifications, "show");
    let refreshed = () => {};
    // The mission refetched with its new version (the team editor remounts) before the PUT answers.
    serve(() => {
      act(refreshed);
      return { body: { ...mission, version: 8 } };
    });
    const user = userEvent.setup({ delay: null });
    const { rerender } = renderWithQuery(<TeamTab mission={mission} />);
    refreshed = () => rerender(<TeamTab mission={{ ...mission, version: 8 }} />);
    await user.click(await screen.findByRole("button", { name: "Ajouter David Morel" }));
    await user.type(
      within(screen.getByLabelText("Équipe : David Morel")).getByLabelText(/Justification/),
      "Seul disponible.",
    );
    await user.click(screen.getByRole("button", { name: "Enregistrer l'équipe" }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: "Équipe d'évaluation enregistrée." })),
    );
    show.mockRestore();
  });

  it("sends the waiting orders with the mission's version", async () => {
    serve();
    const user = userEvent.setup({ delay: null });
    renderWithQuery(<TeamTab mission={mission} />);
    await user.click(screen.getByRole("button", { name: "Envoyer les ordres de mission (1)" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: "POST",
      url: `/api/missions/${ID.mission}/mission-orders/send`,
      body: { version: 7 },
    });
  });

  it("is read only without the right, and proposes nothing while the team is incomplete", () => {
    serve();
    renderWithQuery(
      <TeamTab mission={{ ...mission, abilities: { ...abilities, updateTeam: false, sendOrders: false } }} />,
    );
    expect(screen.queryByRole("button", { name: "Enregistrer l'équipe" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Envoyer les ordres/ })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Proposer à l'établissement" })).toBeDisabled();
  });
});

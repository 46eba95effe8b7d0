import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch } from "../../../../test/fetch-mock";
import { renderWithQuery } from "../../../../test/render";
import { MISSION_ID, missionFixture } from "../mission-fixture.test-data";
import { PreparationTab } from "./PreparationTab";

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

describe("PreparationTab", { timeout: 30_000 }, () => {
  it("shows the visit days with their slots, the programme and the checklist asked of the ESSMS", () => {
    renderWithQuery(<PreparationTab mission={missionFixture()} />);
    const table = screen.getByRole("table", { name: "Jours de visite" });
    expect(within(table).getByText("07/04/2026")).toBeInTheDocument();
    expect(within(table).getAllByText("8h30-12h00 et 13h30-18h00")).toHaveLength(2);
    expect(within(table).getByText("Accompagné traceur")).toBeInTheDocument();
    expect(within(table).getByText("Programme à établir")).toBeInTheDocument();
    expect(screen.getByText("Durée de la visite : 2 j")).toBeInTheDocument();
    expect(screen.getByText(/1 reçu\(s\) sur 2/)).toBeInTheDocument();
  });

  it("hides the programme column for a visit before 16/12/2022 (spec §9)", () => {
    const mission = missionFixture({
      days: [{ day: "2022-12-15", timeSlotId: 1, timeSlot: "Journée", dayFraction: 1, programme: [] }],
    });
    renderWithQuery(<PreparationTab mission={mission} />);
    expect(screen.queryByRole("columnheader", { name: "Programme" })).not.toBeInTheDocument();
  });

  it("saves a day's programme with the mission's version", async () => {
    fetchMock = mockFetch(() => ({ body: missionFixture() }));
    const user = userEvent.setup({ delay: null });
    renderWithQuery(<PreparationTab mission={missionFixture()} />);
    await user.click(screen.getByRole("button", { name: "Modifier le programme du 08/04/2026" }));
    await user.click(await screen.findByRole("button", { name: "Ajouter une séquence" }));
    await user.type(screen.getByLabelText("Heure 1"), "14h00");
    await user.type(screen.getByLabelText("Personnes rencontrées 1"), "Directrice");
    await user.click(screen.getByRole("button", { name: "Enregistrer le programme" }));
    await waitFor(() => expect(fetchMock?.calls.filter((c) => c.method === "PUT")).toHaveLength(1));
    expect(fetchMock?.calls.find((c) => c.method === "PUT")).toMatchObject({
      url: `/api/missions/${MISSION_ID}/programme`,
      body: {
        days: [
          { day: "2026-04-08", programme: [{ time: "14h00", activity: "ACCOMPAGNE_TRACEUR", people: "Directrice" }] },
        ],
        version: 3,
      },
    });
  });

  it("shows the server's refusal of the days (at least two days since July 2025)", async () => {
    fetchMock = mockFetch(() => ({
      status: 400,
      body: {
        error: {
          code: "BAD_REQUEST",
          message: "Depuis juillet 2025, la visite d'une évaluation ESSMS dure au moins 2 jours (programmé : 1 j).",
          details: [{ path: "days", message: "Au moins deux jours de visite." }],
        },
      },
    }));
    const user = userEvent.setup({ delay: null });
    renderWithQuery(<PreparationTab mission={missionFixture()} />);
    await user.click(screen.getByRole("button", { name: "Modifier les jours" }));
    await user.click(await screen.findByRole("button", { name: "Retirer le jour 2" }));
    await user.click(screen.getByRole("button", { name: "Enregistrer les jours" }));
    await waitFor(() => expect(fetchMock?.calls.filter((c) => c.method === "PUT")).toHaveLength(1));
    expect(fetchMock?.calls.find((c) => c.method === "PUT")?.body).toMatchObject({
      days: [{ day: "2026-04-07", timeSlotId: 1, programme: [{ activity: "ACCOMPAGNE_TRACEUR" }] }],
      version: 3,
    });
    expect(await screen.findByText(/Au moins deux jours de visite|au moins 2 jours/)).toBeInTheDocument();
  });

  it("plans a certification audit on site or remotely, from the days form", async () => {
    fetchMock = mockFetch(({ body }) => ({
      body: missionFixture({ kind: "CERT_SURVEILLANCE_1", ...(body as object) }),
    }));
    const user = userEvent.setup({ delay: null });
    renderWithQuery(<PreparationTab mission={missionFixture({ kind: "CERT_SURVEILLANCE_1" })} />);
    expect(screen.getByText("Sur site")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Modifier les jours" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Lieu de l'audit")).toBeInTheDocument();
    await user.click(within(dialog).getByText("À distance"));
    await user.click(within(dialog).getByRole("button", { name: "Enregistrer les jours" }));
    await waitFor(() => expect(fetchMock?.calls.filter((c) => c.method === "PUT")).toHaveLength(1));
    expect(fetchMock?.calls.find((c) => c.method === "PUT")?.body).toMatchObject({ remote: true, version: 3 });
  });

  it("shows a remote audit as such, without travel", () => {
    renderWithQuery(<PreparationTab mission={missionFixture({ kind: "CERT_SURVEILLANCE_1", remote: true })} />);
    expect(screen.getByText("À distance")).toBeInTheDocument();
    expect(screen.getByText(/aucun déplacement/)).toBeInTheDocument();
  });

  it("is read only without the abilities", () => {
    renderWithQuery(<PreparationTab mission={missionFixture({ abilities: { read: true } })} />);
    expect(screen.queryByRole("button", { name: "Modifier les jours" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Programme du/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Modifier la liste" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Déposer" })).not.toBeInTheDocument();
  });
});

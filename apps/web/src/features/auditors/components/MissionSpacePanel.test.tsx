import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { MissionSpacePanel } from "./MissionSpacePanel";

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

const ESSMS = {
  raisonSocial: "EHPAD Les Tilleuls",
  address: "12 rue des Tilleuls",
  postalCode: "69100",
  city: "Villeurbanne",
};
const SPACE = {
  orders: [
    {
      orderId: "o1",
      missionId: "m1",
      essms: ESSMS,
      kind: "ESSMS_EVALUATION",
      role: "EVALUATOR",
      sentAt: "2026-11-20T09:00:00Z",
      days: [{ day: "2027-01-04", timeSlot: "8h30-12h00 et 13h30-18h00" }],
      document: { id: "d1", name: "Ordre de mission", url: "/api/documents/view?x" },
    },
  ],
  visits: [
    {
      missionId: "m2",
      essms: { ...ESSMS, raisonSocial: "Foyer Les Lilas" },
      kind: "ESSMS_EVALUATION",
      remote: false,
      role: "COORDINATOR",
      status: "Visite prévue le 01/12/2026.",
      days: [{ day: "2026-12-01", timeSlot: "8h30-12h00" }],
      team: [{ name: "Anne Lemaire", role: "EVALUATOR", phone: "0612345678" }],
    },
  ],
  reports: [
    {
      missionId: "m3",
      essms: { ...ESSMS, raisonSocial: "IME Les Pins" },
      report: "PRELIMINARY",
      status: "Rapport préliminaire en retard (attendu le 10/11/2026).",
      due: "2026-11-10",
      late: true,
      coordinator: true,
      canUpload: true,
      version: 4,
    },
  ],
};

describe("MissionSpacePanel", () => {
  it("shows the orders to answer, the coming visits, the reports due and late; refusing asks for a reason", async () => {
    fetchMock = mockFetch(({ url }) => {
      if (url.endsWith("/mission-space")) return { body: SPACE };
      if (url.endsWith("/calendar-link")) return { body: { url: "https://certidesk.fr/api/calendar/abc/visites.ics" } };
      return { body: { ok: true, missionId: "m1" } };
    });
    renderWithQuery(<MissionSpacePanel auditorId="a1" />);
    const orders = await screen.findByRole("region", { name: "Ordres de mission à traiter" });
    expect(within(orders).getByText("EHPAD Les Tilleuls")).toBeInTheDocument();
    expect(within(orders).getByText(/04\/01\/2027 · 8h30-12h00 et 13h30-18h00/)).toBeInTheDocument();
    expect(within(orders).getByRole("link", { name: "Lire l'ordre de mission (PDF)" })).toBeInTheDocument();
    const visits = screen.getByRole("region", { name: "Prochaines visites" });
    expect(within(visits).getByRole("link", { name: "06 12 34 56 78" })).toHaveAttribute("href", "tel:0612345678");
    const reports = screen.getByRole("region", { name: "Rapports à rendre" });
    expect(within(reports).getByText("En retard")).toBeInTheDocument();
    // Where each mission stands, in the words of every screen (missionStatusText, from the server).
    expect(within(visits).getByText("Visite prévue le 01/12/2026.")).toBeInTheDocument();
    expect(within(reports).getByText("Rapport préliminaire en retard (attendu le 10/11/2026).")).toBeInTheDocument();
    expect(await screen.findByDisplayValue("https://certidesk.fr/api/calendar/abc/visites.ics")).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(orders).getByRole("button", { name: "Refuser" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText(/Motif du refus/), "Indisponible ces jours-là.");
    await user.click(within(dialog).getByRole("button", { name: "Refuser" }));
    await waitFor(() =>
      expect(fetchMock?.calls.find((c) => c.method === "POST")).toMatchObject({
        url: "/api/mission-orders/o1/refuse",
        body: { reason: "Indisponible ces jours-là." },
      }),
    );
  });

  it("shows a remote certification audit and the training organisation's data the auditor sizes it from", async () => {
    const training = {
      trainers: [{ name: "Julie Martin", speciality: "Bureautique", status: "FREELANCE" }],
      trainees: { perYear: 1200, hoursPerYear: 16800 },
      hardware: [{ label: "Ordinateurs portables", quantity: 12 }],
      premises: [{ address: "3 quai Perrache, Lyon", accessible: true }],
    };
    const visit = { ...SPACE.visits[0], kind: "CERT_SURVEILLANCE_1", remote: true, trainingOrganisation: training };
    fetchMock = mockFetch(({ url }) => {
      if (url.endsWith("/mission-space")) return { body: { orders: [], visits: [visit], reports: [] } };
      return { body: { url: "https://certidesk.fr/api/calendar/abc/visites.ics" } };
    });
    renderWithQuery(<MissionSpacePanel auditorId="a1" />);
    const visits = await screen.findByRole("region", { name: "Prochaines visites" });
    expect(within(visits).getByText(/· À distance ·/)).toBeInTheDocument();
    expect(within(visits).getByText("1 formateur(s) : Julie Martin (Bureautique, indépendant(e))")).toBeInTheDocument();
    expect(within(visits).getByText(/1 200 stagiaires et 16 800 heures-stagiaires par an/)).toBeInTheDocument();
    expect(within(visits).getByText("Locaux : 3 quai Perrache, Lyon (accessible PMR)")).toBeInTheDocument();
  });
});

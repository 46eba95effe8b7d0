import type { ContractDetail } from "@certidesk/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch, type RecordedCall } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { ProgrammeTab } from "./ProgrammeTab";

const ID = {
  contract: "7d3c6a52-4c1e-4d55-9f5e-0a8b2f1c0001",
  c1: "7d3c6a52-4c1e-4d55-9f5e-0a8b2f1c00c1",
  c2: "7d3c6a52-4c1e-4d55-9f5e-0a8b2f1c00c2",
  a1: "7d3c6a52-4c1e-4d55-9f5e-0a8b2f1c00a1",
  a2: "7d3c6a52-4c1e-4d55-9f5e-0a8b2f1c00a2",
};

const contract = {
  id: ID.contract,
  version: 4,
  status: "DRAFT",
  establishments: [
    {
      clientId: ID.c1,
      raisonSocial: "EHPAD Les Tilleuls",
      finess: "690000001",
      city: "Lyon",
      regroupingStatus: null,
      atc: "ARS",
    },
    {
      clientId: ID.c2,
      raisonSocial: "SSIAD Les Tilleuls",
      finess: "690000002",
      city: "Lyon",
      regroupingStatus: null,
      atc: null,
    },
  ],
  days: [{ id: "d1", day: "2027-03-05", timeSlotId: 1, dayFraction: 1, clientId: null }],
  evaluators: [
    { auditorId: ID.a1, name: "Anne Lemaire", city: "Lyon", role: "COORDINATOR" },
    { auditorId: ID.a2, name: "Bruno Carpentier", city: "Villeurbanne", role: "EVALUATOR" },
  ],
  programmeIssues: [],
} as unknown as ContractDetail;

const auditors = [
  { id: ID.a1, name: "Anne Lemaire", city: "Lyon" },
  { id: ID.a2, name: "Bruno Carpentier", city: "Villeurbanne" },
];

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

function serve(onPut: (call: RecordedCall) => { status?: number; body?: unknown } = () => ({ body: contract })) {
  fetchMock = mockFetch((call) => (call.method === "GET" ? { body: auditors } : onPut(call)));
  return fetchMock;
}
const puts = () => fetchMock?.calls.filter((c) => c.method === "PUT") ?? [];

describe("ProgrammeTab", { timeout: 30_000 }, () => {
  it("shows the stored programme: French dates, slots, total days and team", async () => {
    serve();
    renderWithQuery(<ProgrammeTab contract={contract} scope={{ kind: "prospect" }} canEdit />);
    expect(screen.getByLabelText("Jour 1")).toHaveValue("05/03/2027");
    expect(screen.getByText("Durée programmée : 1 jour(s)")).toBeInTheDocument();
    expect(screen.getByLabelText("ATC de EHPAD Les Tilleuls")).toHaveValue("ARS");
    expect((await screen.findAllByText("Anne Lemaire — Lyon")).length).toBeGreaterThan(0);
  });

  it("adds half days to the total and saves the programme with the coordinator's role", async () => {
    const fetch = serve();
    const user = userEvent.setup({ delay: null });
    renderWithQuery(<ProgrammeTab contract={contract} scope={{ kind: "prospect" }} canEdit />);
    await screen.findAllByText("Anne Lemaire — Lyon");
    await user.click(screen.getByRole("button", { name: "Ajouter un jour" }));
    await user.type(screen.getByLabelText("Jour 2"), "06/03/2027");
    const slot = screen.getAllByLabelText("Créneau 2").find((el) => el.tagName === "INPUT") as HTMLElement;
    await user.click(slot);
    const listbox = await waitFor(
      () => document.getElementById(slot.getAttribute("aria-controls") ?? "") as HTMLElement,
    );
    await user.click(within(listbox).getByRole("option", { name: /^8h00-12h00 \(0,5\sj\)$/, hidden: true }));
    expect(screen.getByText("Durée programmée : 1,5 jour(s)")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Enregistrer le programme" }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(fetch.calls.find((c) => c.method === "PUT")).toMatchObject({
      url: `/api/contracts/${ID.contract}/programme`,
      body: {
        version: 4,
        days: [
          { day: "2027-03-05", timeSlotId: 1, clientId: null },
          { day: "2027-03-06", timeSlotId: 5, clientId: null },
        ],
        evaluators: [
          { auditorId: ID.a1, role: "COORDINATOR" },
          { auditorId: ID.a2, role: "EVALUATOR" },
        ],
        establishments: [
          { clientId: ID.c1, regroupingStatus: null, atc: "ARS" },
          { clientId: ID.c2, regroupingStatus: null, atc: "" },
        ],
      },
    });
  });

  it("asks for the date of a day left empty, under that day, and sends nothing", async () => {
    serve();
    const user = userEvent.setup({ delay: null });
    renderWithQuery(<ProgrammeTab contract={contract} scope={{ kind: "prospect" }} canEdit />);
    await user.click(screen.getByRole("button", { name: "Ajouter un jour" }));
    await user.click(screen.getByRole("button", { name: "Enregistrer le programme" }));
    expect(await screen.findByText("Jour de visite : date invalide.")).toBeInTheDocument();
    expect(screen.getByLabelText("Jour 2")).toHaveAttribute("aria-invalid", "true");
    expect(puts()).toHaveLength(0);
  });

  it("saves through the client route when opened from a client file", async () => {
    serve();
    const user = userEvent.setup({ delay: null });
    renderWithQuery(<ProgrammeTab contract={contract} scope={{ kind: "client", clientId: ID.c1 }} canEdit />);
    await user.click(screen.getByRole("button", { name: "Enregistrer le programme" }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.url).toBe(`/api/client/${ID.c1}/contracts/${ID.contract}/programme`);
  });

  it("shows the server's team error under the evaluators field", async () => {
    serve(() => ({
      status: 400,
      body: {
        error: {
          code: "BAD_REQUEST",
          message: "L'équipe d'évaluation compte au moins 2 évaluateurs.",
          details: [{ path: "body.evaluators", message: "L'équipe d'évaluation compte au moins 2 évaluateurs." }],
        },
      },
    }));
    const user = userEvent.setup({ delay: null });
    renderWithQuery(<ProgrammeTab contract={contract} scope={{ kind: "prospect" }} canEdit />);
    await user.click(screen.getByRole("button", { name: "Enregistrer le programme" }));
    expect(await screen.findByText("L'équipe d'évaluation compte au moins 2 évaluateurs.")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("is read only without the right, and for a refused contract", () => {
    serve();
    const { unmount } = renderWithQuery(
      <ProgrammeTab contract={contract} scope={{ kind: "prospect" }} canEdit={false} />,
    );
    expect(screen.queryByRole("button", { name: "Enregistrer le programme" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Jour 1")).toBeDisabled();
    unmount();
    renderWithQuery(<ProgrammeTab contract={{ ...contract, status: "REFUSE" }} scope={{ kind: "prospect" }} canEdit />);
    expect(screen.queryByRole("button", { name: "Ajouter un jour" })).not.toBeInTheDocument();
  });
});

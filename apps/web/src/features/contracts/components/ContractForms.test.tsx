import { CONTRACT_ACTIONS, type ContractDetail } from "@certidesk/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { ContractTermsTab } from "./ContractTermsTab";
import { DecisionTab } from "./DecisionTab";
import { FebTab } from "./FebTab";

const contract = {
  id: "7d3c6a52-4c1e-4d55-9f5e-0a8b2f1c0001",
  number: "C-2026-0001",
  version: 2,
  status: "DRAFT",
  typology: "STANDARD_CONTRACT_DRAWN_UP_WITH_CREG_2",
  deadline: "2026-12-15",
  signatureDate: null,
  amountHT: 3900,
  vatRate: 0.2,
  travelExpenseMode: 1,
  travelExpenseAmount: null,
  depositPercent: 30,
  document: null,
  febDocument: null,
  feb: {
    evaluationKind: "FIRST",
    authorisationDate: "2012-01-03",
    authorisationEndDate: null,
    previousEvaluationDate: null,
    peopleSupported: 84,
    staffCount: null,
    sites: 1,
    specificities: null,
    expectations: null,
    wishedPeriod: "printemps",
    atcContact: null,
  },
  // The server's policy: a draft contract whose terms this user may edit.
  abilities: Object.fromEntries(CONTRACT_ACTIONS.map((a) => [a, true])),
} as unknown as ContractDetail;

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());
const writes = () => fetchMock?.calls.filter((c) => c.method !== "GET") ?? [];

describe("contract tabs", { timeout: 30_000 }, () => {
  it("Contrat: reads an amount typed with a comma (4250,50), shows the TTC the French way and saves the number", async () => {
    fetchMock = mockFetch((call) => (call.method === "GET" ? { body: {} } : { body: contract }));
    const user = userEvent.setup({ delay: null });
    renderWithQuery(<ContractTermsTab contract={contract} canEdit onSend={() => {}} />);
    const amount = screen.getByLabelText("Montant HT");
    expect(amount).toHaveValue("3900");
    expect(screen.getByText("4 680,00 €")).toBeInTheDocument();
    expect(screen.getByLabelText("Date limite de retour signé")).toHaveValue("15/12/2026");
    await user.clear(amount);
    await user.type(amount, "4250,50");
    expect(screen.getByText("5 100,60 €")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toMatchObject({
      amountHT: 4250.5,
      deadline: "2026-12-15",
      depositPercent: 30,
      version: 2,
    });
  });

  it("Contrat: refuses a negative amount under the field", async () => {
    fetchMock = mockFetch(() => ({ body: {} }));
    const user = userEvent.setup({ delay: null });
    renderWithQuery(<ContractTermsTab contract={contract} canEdit onSend={() => {}} />);
    const amount = screen.getByLabelText("Montant HT");
    await user.clear(amount);
    await user.type(amount, "-10");
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText("Le montant HT ne peut pas être négatif.")).toBeInTheDocument();
    expect(amount).toHaveValue("-10");
    expect(writes()).toHaveLength(0);
  });

  it("Besoin: French dates, counts refused when negative, saved as numbers", async () => {
    fetchMock = mockFetch(() => ({ body: contract }));
    const user = userEvent.setup({ delay: null });
    renderWithQuery(<FebTab contract={contract} canEdit />);
    expect(screen.getByLabelText("Date d'autorisation")).toHaveValue("03/01/2012");
    const sites = screen.getByLabelText("Nombre de sites");
    await user.clear(sites);
    await user.type(sites, "-2");
    await user.click(screen.getByRole("button", { name: "Enregistrer le besoin" }));
    expect(await screen.findByText("Le nombre de sites ne peut pas être négatif.")).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await user.clear(sites);
    await user.type(sites, "3");
    await user.click(screen.getByRole("button", { name: "Enregistrer le besoin" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toMatchObject({
      version: 2,
      feb: { sites: 3, peopleSupported: 84, staffCount: null, authorisationDate: "2012-01-03" },
    });
  });

  it("Décision: shows the server's refusal while a major non-conformity is open", async () => {
    const decider = "7d3c6a52-4c1e-4d55-9f5e-0a8b2f1c00d1";
    const reason = "Une non-conformité majeure est encore ouverte (critère 2.3.1) : la décision attend leur levée.";
    fetchMock = mockFetch((call) =>
      call.method === "GET"
        ? { body: [{ id: decider, name: "Claire Durand" }] }
        : {
            status: 422,
            body: { error: { code: "UNPROCESSABLE", message: reason, details: [{ path: "", message: reason }] } },
          },
    );
    const user = userEvent.setup({ delay: null });
    const signed = {
      ...contract,
      status: "SIGNED",
      service: "CERTIFICATION",
      signatureDate: "2026-01-10",
      decision: {
        decision: "GRANTED",
        deciderUserId: decider,
        decidedBy: null,
        decidedAt: "2026-03-02",
        validUntil: "2029-03-01",
        comment: "Certificat accordé.",
      },
      decisionBlockers: [],
    } as unknown as ContractDetail;
    renderWithQuery(<DecisionTab contract={signed} canEdit onSign={() => {}} onRefuse={() => {}} />);
    await user.click(screen.getByRole("button", { name: "Enregistrer la décision" }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(writes()[0]).toMatchObject({ method: "PUT", body: { decision: "GRANTED", deciderUserId: decider } });
  });

  it("Décision: says why it cannot be taken yet, the button disabled until then", async () => {
    fetchMock = mockFetch(() => ({ body: [] }));
    const blockers = [
      "Le rapport définitif de l'audit de « OF Horizon » n'est pas déposé.",
      "Une non-conformité majeure est encore ouverte (critère 2.3.1) : la décision attend leur levée.",
    ];
    const signed = {
      ...contract,
      status: "SIGNED",
      service: "CERTIFICATION",
      decision: {
        decision: "GRANTED",
        deciderUserId: null,
        decidedBy: null,
        decidedAt: null,
        validUntil: null,
        comment: null,
      },
      decisionBlockers: blockers,
    } as unknown as ContractDetail;
    renderWithQuery(<DecisionTab contract={signed} canEdit onSign={() => {}} onRefuse={() => {}} />);
    expect(screen.getByText("La décision ne peut pas encore être prise")).toBeInTheDocument();
    for (const b of blockers) expect(screen.getByText(b)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Enregistrer la décision" })).toBeDisabled();
  });
});

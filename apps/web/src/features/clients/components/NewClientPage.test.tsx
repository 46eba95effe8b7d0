import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch, type RecordedCall } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { LegalEntityPage } from "./LegalEntityPage";
import { NewClientPage } from "./NewClientPage";

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());
const posts = () => fetchMock?.calls.filter((c) => c.method === "POST") ?? [];

function serve(onPost: (call: RecordedCall) => { status?: number; body?: unknown } = () => ({ body: { id: "x" } })) {
  fetchMock = mockFetch((call) => (call.method === "GET" ? { body: [] } : onPost(call)));
}

function openNewClient() {
  renderWithQuery(
    <MemoryRouter>
      <NewClientPage />
    </MemoryRouter>,
  );
}

/** The section holding a field, so two "SIRET" fields are told apart. */
const inSection = (name: string) => screen.getByRole("region", { name });

describe("NewClientPage", { timeout: 30_000 }, () => {
  it("shows every missing field under itself before sending anything", async () => {
    serve();
    const user = userEvent.setup({ delay: null });
    openNewClient();
    await user.click(screen.getByRole("button", { name: "Créer le client" }));
    expect(await screen.findByText("La raison sociale est obligatoire.")).toBeInTheDocument();
    expect(screen.getByText("Le nom de l'établissement est obligatoire.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "N° FINESS" })).toHaveAccessibleDescription(
      /Le numéro FINESS doit contenir 9 caractères/,
    );
    expect(screen.getByText("Choisissez le secteur (médico-social ou social).")).toBeInTheDocument();
    expect(screen.getByText("Choisissez au moins un domaine.")).toBeInTheDocument();
    expect(screen.getAllByText("Le code postal doit contenir 5 chiffres.")).toHaveLength(2);
    expect(posts()).toHaveLength(0);
  });

  it("says which identifier is wrong: the VAT key, the establishment's SIRET", async () => {
    serve();
    const user = userEvent.setup({ delay: null });
    openNewClient();
    await user.type(screen.getByLabelText("N° de TVA intracommunautaire"), "FR00732829320");
    const siret = within(inSection("Établissement (ESSMS)")).getByLabelText("SIRET de l'établissement");
    await user.type(siret, "1234567890123");
    await user.click(screen.getByRole("button", { name: "Créer le client" }));
    expect(
      await screen.findByText("Clé de TVA incorrecte : pour le SIREN 732829320, le numéro est FR44732829320."),
    ).toBeInTheDocument();
    expect(await screen.findByText("Le SIRET doit contenir 14 chiffres (13 saisis).")).toBeInTheDocument();
    expect(screen.getByLabelText("SIRET du siège")).not.toHaveAttribute("aria-invalid", "true");
  });

  it("groups a phone in pairs when the field is left", async () => {
    serve();
    const user = userEvent.setup({ delay: null });
    openNewClient();
    const phones = screen.getAllByLabelText("Téléphone");
    await user.type(phones[0] as HTMLElement, "0472000000");
    await user.tab();
    expect(phones[0]).toHaveValue("04 72 00 00 00");
  });

  it("puts the server's field errors under the right field, the establishment's FINESS", async () => {
    serve(() => ({
      status: 409,
      body: {
        error: {
          code: "CONFLICT",
          message: "Un établissement porte déjà ce FINESS.",
          details: [{ path: "establishment.finess", message: "Un établissement porte déjà le FINESS 690000001." }],
        },
      },
    }));
    const user = userEvent.setup({ delay: null });
    openNewClient();
    // Typing is what the other tests check; here the fields are filled at once to keep the test short.
    const fill = (input: HTMLElement | undefined, value: string) =>
      fireEvent.change(input as HTMLElement, { target: { value } });
    const [entityAddress, essmsAddress] = screen.getAllByLabelText(/Adresse/);
    const [entityPostal, essmsPostal] = screen.getAllByLabelText(/Code postal/);
    const [entityCity, essmsCity] = screen.getAllByLabelText(/Ville/);
    fill(screen.getByLabelText(/Raison sociale/), "Association Les Genêts");
    fill(entityAddress, "1 rue des Lilas");
    fill(entityPostal, "69003");
    fill(entityCity, "Lyon");
    fill(screen.getByLabelText(/Nom de l'établissement/), "EHPAD Les Tilleuls");
    fill(screen.getByLabelText(/N° FINESS/), "690000001");
    fill(essmsAddress, "1 rue des Lilas");
    fill(essmsPostal, "69003");
    fill(essmsCity, "Lyon");
    await pick(user, /Secteur/, "Médico-Social");
    await pick(user, /^Type/, "Établissement");
    await pick(user, /Domaines/, "PA — Personnes âgées");
    await user.click(screen.getByRole("button", { name: "Créer le client" }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({
      legalEntityId: null,
      legalEntity: { raisonSocial: "Association Les Genêts", postalCode: "69003" },
      establishment: { finess: "690000001", capacity: null },
      contact: null,
      openRequest: true,
    });
    expect(await screen.findByText("Un établissement porte déjà le FINESS 690000001.")).toBeInTheDocument();
    expect(screen.getByLabelText(/N° FINESS/)).toHaveAttribute("aria-invalid", "true");
  });
});

async function pick(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  const input = screen.getAllByLabelText(label).find((el) => el.tagName === "INPUT") as HTMLElement;
  await user.click(input);
  const listbox = await waitFor(
    () => document.getElementById(input.getAttribute("aria-controls") ?? "") as HTMLElement,
  );
  await user.click(within(listbox).getByRole("option", { name: option, hidden: true }));
}

describe("LegalEntityPage", { timeout: 30_000 }, () => {
  it("validates with the shared schema and sends the entity with its contact", async () => {
    serve(() => ({ body: { id: "le-1", version: 1 } }));
    const user = userEvent.setup({ delay: null });
    renderWithQuery(
      <MemoryRouter>
        <LegalEntityPage />
      </MemoryRouter>,
    );
    await user.type(screen.getByLabelText("Prénom"), "Claire");
    await user.click(screen.getByRole("button", { name: "Créer l'entité juridique" }));
    expect(await screen.findByText("Le nom est obligatoire.")).toBeInTheDocument();
    expect(screen.getByText("La raison sociale est obligatoire.")).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });
});

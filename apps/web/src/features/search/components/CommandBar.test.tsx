import type { CurrentUser, ProfileType, SearchResponse } from "@certidesk/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SessionProvider } from "../../../lib/session-context";
import { storeUser } from "../../../lib/session-store";
import { mockFetch, type RecordedCall } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { CommandBar } from "./CommandBar";

const grant = (code: string, letters: string) => ({
  code,
  operation: {
    create: letters.includes("C"),
    read: letters.includes("R"),
    update: letters.includes("U"),
    delete: letters.includes("D"),
  },
});
const user = (profileType: ProfileType): CurrentUser =>
  ({
    id: `u-${profileType}`,
    identifier: "someone@demo.fr",
    firstName: "Anne",
    lastName: "Martin",
    email: null,
    profileType,
    permissions:
      profileType === "MYQUALIANOR"
        ? [grant("CLIENT", "R")]
        : [grant("PROSPECT", "CRUD"), grant("NOUVEAU", "CR"), grant("SETTING", "R")],
    auditorId: null,
    clientId: null,
    abilities: { readHrDocuments: false, manageBackups: false },
    mustChangePassword: false,
  }) as CurrentUser;

const RESULTS: SearchResponse = {
  groups: [
    {
      kind: "client",
      results: [
        {
          kind: "client",
          id: "c1",
          title: "Résidence Kerlouan Nord",
          detail: "Client · 29200 Brest",
          path: "/app/timeline-client/c1",
          corrected: false,
        },
        {
          kind: "client",
          id: "c2",
          title: "Résidence Kerlouan Sud",
          detail: "Client · 29200 Brest",
          path: "/app/timeline-client/c2",
          corrected: true,
        },
      ],
    },
    {
      kind: "invoice",
      results: [
        {
          kind: "invoice",
          id: "f1",
          title: "F-2047-0001",
          detail: "Acompte · 3 900,00 €",
          path: "/app/facture/f1",
          corrected: false,
        },
      ],
    },
  ],
};

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="adresse">{pathname + search}</output>;
}

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => {
  fetchMock?.restore();
  localStorage.clear();
});

function renderBar(profile: ProfileType = "CC") {
  storeUser(user(profile));
  const searched: RecordedCall[] = [];
  fetchMock = mockFetch((call) => {
    searched.push(call);
    return { body: RESULTS };
  });
  const onClose = vi.fn();
  const view = renderWithQuery(
    <SessionProvider>
      <MemoryRouter initialEntries={["/app/alert"]}>
        <CommandBar onClose={onClose} />
        <Where />
      </MemoryRouter>
    </SessionProvider>,
  );
  return { onClose, searched, view };
}

const field = () => screen.getByRole("combobox", { name: "Rechercher" });
/** The bar's status line, which describes the field (the page's <output> is a status too). */
const status = () => document.getElementById(field().getAttribute("aria-describedby") ?? "");
const activeOption = () => document.getElementById(field().getAttribute("aria-activedescendant") ?? "");

describe("command bar", () => {
  it("offers the actions the user may take while empty, moving through them with the arrow keys", async () => {
    renderBar();
    const input = field();
    await waitFor(() => expect(input).toHaveFocus());
    expect(screen.getByRole("group", { name: "Actions" })).toBeInTheDocument();
    const actions = screen.getAllByRole("option").map((o) => o.textContent);
    expect(actions).toEqual([
      expect.stringContaining("Nouvelle demande"),
      expect.stringContaining("Nouveau client"),
      expect.stringContaining("Paramètres de la recherche"),
    ]);
    expect(activeOption()).toHaveTextContent("Nouvelle demande");
    await userEvent.keyboard("{ArrowUp}");
    expect(activeOption()).toHaveTextContent("Paramètres de la recherche");
    expect(activeOption()).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    expect(activeOption()).toHaveTextContent("Nouveau client");
  });

  it("searches as the user types, groups the results by kind, and opens the chosen one with Entrée", async () => {
    const { onClose, searched } = renderBar();
    await userEvent.type(field(), "kerl");
    expect(await screen.findByRole("group", { name: "Clients et établissements" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Factures et avoirs" })).toBeInTheDocument();
    expect(searched.at(-1)?.url).toBe("/api/search?q=kerl");
    expect(field()).toHaveAttribute("aria-expanded", "true");
    expect(status()).toHaveTextContent("3 résultats");
    expect(activeOption()).toHaveTextContent("Résidence Kerlouan Nord");
    await userEvent.keyboard("{ArrowDown}");
    expect(activeOption()).toHaveTextContent("Résidence Kerlouan Sud");
    expect(activeOption()).toHaveTextContent("orthographe approchée");
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    expect(activeOption(), "round the end").toHaveTextContent("Résidence Kerlouan Nord");
    await userEvent.keyboard("{ArrowUp}");
    expect(activeOption()).toHaveTextContent("F-2047-0001");
    await userEvent.keyboard("{Enter}");
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByLabelText("adresse")).toHaveTextContent("/app/facture/f1");
    expect(JSON.parse(localStorage.getItem("certidesk.recherche.recents.u-CC") ?? "[]")).toEqual([
      expect.objectContaining({ kind: "invoice", id: "f1", path: "/app/facture/f1" }),
    ]);
  });

  it("waits for three characters, then offers the records opened lately when emptied again", async () => {
    localStorage.setItem(
      "certidesk.recherche.recents.u-CC",
      JSON.stringify([
        {
          kind: "client",
          id: "c1",
          title: "Résidence Kerlouan Nord",
          detail: "Client",
          path: "/app/timeline-client/c1",
        },
        { kind: "client", id: "x", title: "Ailleurs", detail: "?", path: "https://example.org/" },
      ]),
    );
    const { searched } = renderBar();
    expect(screen.getByRole("group", { name: "Ouverts récemment" })).toHaveTextContent("Résidence Kerlouan Nord");
    expect(screen.queryByText("Ailleurs"), "only an address of the application").toBeNull();
    await userEvent.type(field(), "ke");
    expect(status()).toHaveTextContent("Tapez au moins 3 caractères.");
    expect(field()).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("listbox")).toBeNull();
    await userEvent.clear(field());
    expect(activeOption()).toHaveTextContent("Résidence Kerlouan Nord");
    await userEvent.keyboard("{Enter}");
    expect(screen.getByLabelText("adresse")).toHaveTextContent("/app/timeline-client/c1");
    expect(searched).toEqual([]);
  });

  it("offers a client user no staff action", () => {
    renderBar("MYQUALIANOR");
    expect(screen.queryByRole("group", { name: "Actions" })).toBeNull();
    expect(status()).toHaveTextContent("Tapez pour chercher.");
  });
});

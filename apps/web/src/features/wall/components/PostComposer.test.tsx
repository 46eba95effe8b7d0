import type { CurrentUser } from "@certidesk/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { SessionProvider } from "../../../lib/session-context";
import { storeUser } from "../../../lib/session-store";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { PostComposer } from "./PostComposer";

const dir: CurrentUser = {
  id: "u1",
  accessToken: "t",
  identifier: "dir@demo.fr",
  firstName: "Anne",
  lastName: "Martin",
  email: null,
  profileType: "DIR",
  permissions: [
    { code: "WALL", operation: { create: true, read: true, update: true, delete: true } },
    { code: "CERTMANAGER_DOCUMENT", operation: { create: true, read: true, update: true, delete: true } },
  ],
  auditorId: null,
  clientId: null,
  abilities: { readHrDocuments: true, manageBackups: false },
  mustChangePassword: false,
};

const procedure = { id: "d0c00000-0000-4000-8000-000000000001", name: "Procédure de visite" };

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => {
  fetchMock?.restore();
  localStorage.clear();
});

function renderComposer(respond: Parameters<typeof mockFetch>[0], canPin = true) {
  storeUser(dir);
  fetchMock = mockFetch(respond);
  renderWithQuery(
    <SessionProvider>
      <PostComposer canPin={canPin} />
    </SessionProvider>,
  );
  return fetchMock;
}

const library = { body: { items: [procedure], total: 1, page: 1, pageSize: 20 } };

describe("the wall's composer", { timeout: 30_000 }, () => {
  it("explains in French under each field what is missing, and sends nothing", async () => {
    const mock = renderComposer(() => library);
    const user = userEvent.setup({ delay: null });
    // Remove the default audience (the whole staff) and send an empty message.
    // Backspace in the field removes the last chosen audience (here the default: the whole staff).
    await user.click(screen.getByRole("combobox", { name: /Destinataires/ }));
    await user.keyboard("{Backspace}");
    await user.click(screen.getByRole("button", { name: "Publier" }));
    expect(await screen.findByText("Le message est vide.")).toBeInTheDocument();
    expect(screen.getByText("Choisissez au moins un destinataire.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /Message/ })).toHaveAttribute("aria-invalid", "true");
    expect(mock.calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("publishes a pinned announcement to the evaluators with a library document", async () => {
    const mock = renderComposer((call) => (call.method === "POST" ? { body: { id: "p1", version: 1 } } : library));
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole("textbox", { name: "Titre (facultatif)" }), "Nouveau référentiel");
    await user.type(screen.getByRole("textbox", { name: /Message/ }), "Première ligne{enter}Deuxième ligne");
    await user.click(screen.getByRole("combobox", { name: /Destinataires/ }));
    await user.click(await screen.findByRole("option", { name: "Évaluateurs", hidden: true }));
    await user.click(screen.getByRole("combobox", { name: "Pièces jointes" }));
    await user.click(await screen.findByRole("option", { name: procedure.name, hidden: true }));
    await user.click(screen.getByRole("switch", { name: "Épingler en annonce" }));
    await user.click(screen.getByRole("button", { name: "Publier" }));
    await waitFor(() => expect(mock.calls.some((c) => c.method === "POST")).toBe(true));
    expect(mock.calls.find((c) => c.method === "POST")).toMatchObject({
      url: "/api/wall/posts",
      body: {
        title: "Nouveau référentiel",
        text: "Première ligne\nDeuxième ligne",
        audience: ["STAFF", "AUDITEUR"],
        pinned: true,
        documentIds: [procedure.id],
      },
    });
  });

  it("puts the server's refusal of an attachment under the attachments field; no pin switch without the right", async () => {
    renderComposer(
      (call) =>
        call.method === "POST"
          ? {
              status: 422,
              body: {
                error: {
                  code: "UNPROCESSABLE",
                  message: "Pièce jointe introuvable : choisissez un document de la bibliothèque générale.",
                  details: [
                    { path: "body.documentIds", message: "Pièce jointe introuvable dans la bibliothèque générale." },
                  ],
                  requestId: "r",
                },
              },
            }
          : library,
      false,
    );
    const user = userEvent.setup({ delay: null });
    expect(screen.queryByRole("switch", { name: "Épingler en annonce" })).toBeNull();
    await user.type(screen.getByRole("textbox", { name: /Message/ }), "Voir la pièce");
    await user.click(screen.getByRole("combobox", { name: "Pièces jointes" }));
    await user.click(await screen.findByRole("option", { name: procedure.name, hidden: true }));
    await user.click(screen.getByRole("button", { name: "Publier" }));
    expect(await screen.findByText("Pièce jointe introuvable dans la bibliothèque générale.")).toBeInTheDocument();
  });
});

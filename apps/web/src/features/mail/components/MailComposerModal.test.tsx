import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { SessionProvider } from "../../../lib/session-context";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { MailComposerModal } from "./MailComposerModal";

const tilleuls = {
  clientId: "5f0c1f8e-1111-4a8b-9c3d-000000000002",
  raisonSocial: "EHPAD Les Tilleuls",
  city: "Lyon",
  isClient: true,
  contacts: [
    { name: "Claire Martin", email: "claire.martin@tilleuls.fr", isMain: true },
    { name: "Hugo Siège", email: "direction@horizon.fr", isMain: false },
  ],
};

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

describe("the new mail dialog", { timeout: 30_000 }, () => {
  it("suggests the chosen client's contact addresses and files the mail under that client", async () => {
    fetchMock = mockFetch((call) => {
      if (call.url.startsWith("/api/mails/recipient-options")) return { body: [tilleuls] };
      if (call.url.startsWith("/api/mail-groups")) return { body: [] };
      if (call.method === "POST") return { body: { id: "m1", status: "QUEUED" } };
      return { body: { items: [], total: 0, page: 1, pageSize: 20 } };
    });
    const user = userEvent.setup({ delay: null });
    renderWithQuery(
      <SessionProvider>
        <MailComposerModal opened onClose={() => {}} />
      </SessionProvider>,
    );
    await user.click(screen.getByRole("combobox", { name: "Client" }));
    await user.click(await screen.findByRole("option", { name: "EHPAD Les Tilleuls — Lyon", hidden: true }));
    // The main contact goes into an empty "À"; the others are suggested.
    expect(await screen.findByText("claire.martin@tilleuls.fr")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Hugo Siège <direction@horizon.fr>" }));
    expect(screen.queryByRole("button", { name: /Hugo Siège/ })).toBeNull();
    await user.type(screen.getByRole("textbox", { name: "Objet" }), "Votre évaluation");
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Bonjour");
    await user.click(screen.getByRole("button", { name: "Envoyer" }));
    await waitFor(() => expect(fetchMock?.calls.some((c) => c.method === "POST")).toBe(true));
    expect(fetchMock.calls.find((c) => c.method === "POST")?.body).toMatchObject({
      to: ["claire.martin@tilleuls.fr", "direction@horizon.fr"],
      clientId: tilleuls.clientId,
    });
  });

  it("opens addressed to the establishment named by an alert", async () => {
    fetchMock = mockFetch((call) => {
      if (call.url.startsWith("/api/mails/recipient-options")) return { body: [tilleuls] };
      return { body: [] };
    });
    renderWithQuery(
      <SessionProvider>
        <MailComposerModal opened onClose={() => {}} clientName="EHPAD Les Tilleuls" />
      </SessionProvider>,
    );
    expect(await screen.findByText("claire.martin@tilleuls.fr")).toBeInTheDocument();
    // The field shows the client a render after the address goes in.
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Client" })).toHaveValue("EHPAD Les Tilleuls — Lyon"),
    );
    expect(fetchMock?.calls.some((c) => c.url.includes("search=EHPAD+Les+Tilleuls"))).toBe(true);
  });
});

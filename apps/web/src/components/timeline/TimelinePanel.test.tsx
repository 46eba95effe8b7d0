import type { Timeline } from "@certidesk/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { TimelinePanel } from "./TimelinePanel";

const timeline = (dateRelance: string | null): Timeline => ({
  items: [
    {
      id: "1",
      kind: "COMMENT",
      occurredAt: "2026-03-02T09:15:00Z",
      authorLabel: "Julien Moreau",
      title: "Commentaire",
      text: "Directrice rappelée.",
      followUpDate: null,
      mail: null,
      document: null,
    },
    {
      id: "2",
      kind: "MAIL",
      occurredAt: "2026-03-01T08:00:00Z",
      authorLabel: "Julien Moreau",
      title: "E-mail envoyé : Devis D-2026-0012",
      text: null,
      followUpDate: null,
      mail: { subject: "Devis D-2026-0012", to: ["direction@ehpad.fr"], status: "SENT" },
      document: null,
    },
  ],
  total: 2,
  page: 1,
  pageSize: 30,
  dateRelance,
});

function mockApi(body: Timeline) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? "GET", body: init.body ? JSON.parse(String(init.body)) : undefined });
      const payload = init.method === "GET" ? body : { ok: true };
      return new Response(JSON.stringify(payload), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

const renderPanel = () =>
  renderWithTheme(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TimelinePanel target={{ kind: "prospect", id: "req-1" }} canWrite />
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe("TimelinePanel", () => {
  it("lists the events and turns the comment button to 'warning' once the follow-up date is past", async () => {
    mockApi(timeline("2024-01-10"));
    renderPanel();
    expect(await screen.findByText("Directrice rappelée.")).toBeInTheDocument();
    expect(screen.getByText("À : direction@ehpad.fr")).toBeInTheDocument();
    expect(screen.getByText("Relance 10/01/2024")).toBeInTheDocument();
    const button = screen.getByRole("button", { name: /Commenter/ });
    expect(button).toHaveAttribute("data-type", "warning");
    expect(button).toHaveTextContent("Commenter (relance dépassée)");
  });

  it("keeps the 'info' button without a past follow-up, and posts a comment", async () => {
    const calls = mockApi(timeline("2999-01-01"));
    renderPanel();
    const button = await screen.findByRole("button", { name: "Commenter" });
    expect(button).toHaveAttribute("data-type", "info");
    await userEvent.click(button);
    await userEvent.type(screen.getByRole("textbox", { name: "Nouveau commentaire" }), "Dossier complet reçu.");
    await userEvent.click(screen.getByRole("button", { name: "Ajouter le commentaire" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      url: "/api/timeline/prospect/req-1/comments",
      body: { text: "Dossier complet reçu." },
    });
  });
});

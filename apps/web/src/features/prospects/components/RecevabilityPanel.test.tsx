import type { RequestDetail } from "@certidesk/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../../test/render";
import { RecevabilityPanel } from "./RecevabilityPanel";

const ITEMS = ["Kbis", "Statuts", "Autorisation", "Projet", "Rapport", "Organigramme"];

const request = (checked: boolean) =>
  ({
    id: "req-1",
    reference: "DEM-2026-0042",
    service: "CERTIFICATION",
    recevability: {
      checklist: ITEMS.map((label, i) => ({ code: `C${i}`, label, checked })),
      decision: "PENDING",
      reason: null,
      decidedAt: null,
      decidedBy: null,
      documents: [],
      version: 3,
    },
  }) as unknown as RequestDetail;

function mockApi() {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? "GET", body: init.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify({ version: 4 }), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return calls;
}

const renderPanel = (detail: RequestDetail) =>
  renderWithTheme(
    <QueryClientProvider client={new QueryClient()}>
      <RecevabilityPanel request={detail} canUpdate />
    </QueryClientProvider>,
  );

// jsdom has no font loading API; Mantine's autosize textarea listens to it.
if (!("fonts" in document))
  Object.defineProperty(document, "fonts", {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
  });

afterEach(() => vi.unstubAllGlobals());

describe("RecevabilityPanel", () => {
  it("saves six ticked boxes in one call, so the history gets one entry", async () => {
    const user = userEvent.setup();
    const calls = mockApi();
    renderPanel(request(false));
    for (const label of ITEMS) await user.click(screen.getByRole("checkbox", { name: label }));
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Enregistrer la liste" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: "PUT",
      url: "/api/requestclients/req-1/recevability",
      body: { checked: ["C0", "C1", "C2", "C3", "C4", "C5"], version: 3 },
    });
  });

  it("asks for confirmation before declaring the request recevable", async () => {
    const user = userEvent.setup();
    const calls = mockApi();
    renderPanel(request(true));
    await user.click(screen.getByRole("button", { name: "Déclarer recevable" }));
    await screen.findByRole("dialog", { name: "Déclarer DEM-2026-0042 recevable" });
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Annuler" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Déclarer recevable" }));
    await screen.findByRole("dialog", { name: "Déclarer DEM-2026-0042 recevable" });
    const confirm = screen
      .getAllByRole("button", { name: "Déclarer recevable" })
      .find((b) => b.closest("[role=dialog]"));
    if (!confirm) throw new Error("no confirm button");
    await user.click(confirm);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: "POST", body: { decision: "RECEVABLE", version: 3 } });
  });
});

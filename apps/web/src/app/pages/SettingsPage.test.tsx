import type { CurrentUser } from "@certidesk/shared";
import { screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SessionProvider } from "../../lib/session-context";
import { storeUser } from "../../lib/session-store";
import { mockFetch } from "../../test/fetch-mock";
import { renderWithQuery } from "../../test/render";
import { SettingsPage } from "./SettingsPage";

const user = (manageBackups: boolean): CurrentUser => ({
  id: "u1",
  identifier: "someone@demo.fr",
  firstName: "Anne",
  lastName: "Martin",
  email: null,
  profileType: manageBackups ? "DIR" : "QSE",
  permissions: [{ code: "SETTING", operation: { create: false, read: true, update: true, delete: false } }],
  auditorId: null,
  clientId: null,
  abilities: { readHrDocuments: manageBackups, manageBackups },
  mustChangePassword: false,
});

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => {
  fetchMock?.restore();
  localStorage.clear();
});

function Where() {
  return <output aria-label="adresse">{useLocation().pathname}</output>;
}

function renderAt(path: string, manageBackups: boolean) {
  storeUser(user(manageBackups));
  fetchMock = mockFetch(() => ({ status: 404, body: { error: { code: "NOT_FOUND", message: "?", requestId: "r" } } }));
  renderWithQuery(
    <SessionProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/app/setting/:activeTab" element={<SettingsPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </SessionProvider>,
  );
}

describe("Settings tabs", () => {
  it("shows the backups' tab to whom the session allows it", async () => {
    renderAt("/app/setting/sauvegardes", true);
    expect(await screen.findByRole("tab", { name: "Sauvegardes", selected: true })).toBeInTheDocument();
  });

  it("hides it from the others, and its address opens the first tab", async () => {
    renderAt("/app/setting/sauvegardes", false);
    expect(await screen.findByRole("tab", { name: "Société", selected: true })).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Sauvegardes" })).toBeNull();
    expect(screen.getByLabelText("adresse")).toHaveTextContent("/app/setting/general");
  });
});

import type { CurrentUser, ProfileType } from "@certidesk/shared";
import { screen, waitFor } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SessionProvider } from "../../../lib/session-context";
import { storeUser } from "../../../lib/session-store";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { LibraryPage } from "./LibraryPage";

const userOf = (profileType: ProfileType, readHrDocuments: boolean): CurrentUser => ({
  id: "u1",
  identifier: "x@demo.fr",
  firstName: "Anne",
  lastName: "Martin",
  email: null,
  profileType,
  permissions: [{ code: "CERTMANAGER_DOCUMENT", operation: { create: true, read: true, update: true, delete: false } }],
  auditorId: null,
  clientId: null,
  abilities: { readHrDocuments, manageBackups: false },
  mustChangePassword: false,
});

function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => {
  fetchMock?.restore();
  localStorage.clear();
});

function renderLibrary(user: CurrentUser, url: string) {
  storeUser(user);
  fetchMock = mockFetch((call) => ({
    body: call.url.includes("categories") ? [] : { items: [], total: 0, page: 1, pageSize: 25 },
  }));
  renderWithQuery(
    <SessionProvider>
      <MemoryRouter initialEntries={[url]}>
        <LibraryPage />
        <Address />
      </MemoryRouter>
    </SessionProvider>,
  );
}

describe("the library's RH tab", () => {
  it("is not shown to accounting, and a link to it opens the first tab they may read", async () => {
    renderLibrary(userOf("COMPTA", false), "/app/biblio?famille=RH");
    expect(await screen.findByRole("tab", { name: "Documents généraux" })).toHaveAttribute("aria-selected", "true");
    expect(screen.queryByRole("tab", { name: "Documents RH" })).toBeNull();
    await waitFor(() => expect(fetchMock?.calls.some((c) => c.url.includes("/api/documents?"))).toBe(true));
    expect(fetchMock?.calls.some((c) => c.url.includes("family=RH"))).toBe(false);
  });

  it("is shown to the people whose job it is", async () => {
    renderLibrary(userOf("RH", true), "/app/biblio?famille=RH");
    expect(await screen.findByRole("tab", { name: "Documents RH" })).toHaveAttribute("aria-selected", "true");
  });
});

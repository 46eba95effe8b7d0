import type { BackupOverview, CurrentUser } from "@certidesk/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { SessionProvider } from "../../../lib/session-context";
import { storeUser } from "../../../lib/session-store";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { BackupsTab } from "./BackupsTab";

const DIR: CurrentUser = {
  id: "u1",
  identifier: "dir@demo.fr",
  firstName: "Anne",
  lastName: "Martin",
  email: null,
  profileType: "DIR",
  permissions: [{ code: "SETTING", operation: { create: true, read: true, update: true, delete: true } }],
  auditorId: null,
  clientId: null,
  abilities: { readHrDocuments: true, manageBackups: true },
  mustChangePassword: false,
};

const OVERVIEW: BackupOverview = {
  scheduled: true,
  engine: "pglite",
  hour: 2,
  keep: 7,
  version: 3,
  backups: [
    { name: "certidesk-2026-03-12T01-05-00.tar.gz", takenAt: "2026-03-12T01:05:00.000Z", size: 16_252_928 },
    { name: "certidesk-2026-03-11T01-05-00.tar.gz", takenAt: "2026-03-11T01:05:00.000Z", size: 16_000_000 },
  ],
  lastRun: {
    startedAt: "2026-03-13T01:05:00.000Z",
    ok: false,
    fileName: null,
    error: "ENOSPC: no space left on device",
    freeBytes: 0,
  },
};

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => {
  fetchMock?.restore();
  localStorage.clear();
});

function renderTab(overview: BackupOverview) {
  storeUser(DIR);
  fetchMock = mockFetch(({ method, body }) => ({
    body: method === "PUT" ? { ...overview, ...(body as object), version: overview.version + 1 } : overview,
  }));
  return renderWithQuery(
    <SessionProvider>
      <BackupsTab />
    </SessionProvider>,
  );
}

describe("Settings › Sauvegardes", () => {
  it("lists the kept backups with their download, and says why the last one failed", async () => {
    renderTab(OVERVIEW);
    const link = await screen.findByRole("link", { name: "Télécharger la sauvegarde du 12/03/2026 02:05" });
    expect(link).toHaveAttribute("href", "/api/backups/download/certidesk-2026-03-12T01-05-00.tar.gz");
    expect(screen.getByText("16 Mo")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("La dernière sauvegarde a échoué");
    expect(screen.getByRole("alert")).toHaveTextContent("ENOSPC: no space left on device");
  });

  it("saves the hour and the number kept, and refuses an hour out of the day under its field", async () => {
    renderTab(OVERVIEW);
    const hour = await screen.findByLabelText("Heure de la sauvegarde");
    await userEvent.clear(hour);
    await userEvent.type(hour, "25");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText("L'heure va de 0 à 23.")).toBeInTheDocument();
    expect(fetchMock?.calls.filter((c) => c.method === "PUT")).toEqual([]);

    await userEvent.clear(hour);
    await userEvent.type(hour, "3");
    const keep = screen.getByLabelText("Sauvegardes gardées");
    await userEvent.clear(keep);
    await userEvent.type(keep, "14");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() =>
      expect(fetchMock?.calls.find((c) => c.method === "PUT")).toMatchObject({
        url: "/api/backups/settings",
        body: { hour: 3, keep: 14, version: 3 },
      }),
    );
  });

  it("points a PostgreSQL base to pg_dump, without a schedule", async () => {
    renderTab({ ...OVERVIEW, scheduled: false, engine: "postgresql", backups: [], lastRun: null });
    expect(await screen.findByText(/La base est sur PostgreSQL/)).toBeInTheDocument();
    expect(screen.queryByLabelText("Heure de la sauvegarde")).toBeNull();
    expect(screen.getByText("Aucune sauvegarde pour l'instant.")).toBeInTheDocument();
  });

  it("says the embedded base's daily backup is turned off, not that the base is on PostgreSQL", async () => {
    renderTab({ ...OVERVIEW, scheduled: false, engine: "pglite", backups: [], lastRun: null });
    expect(await screen.findByText(/La sauvegarde quotidienne est désactivée sur ce serveur/)).toBeInTheDocument();
    expect(screen.queryByText(/La base est sur PostgreSQL/)).toBeNull();
  });
});

import type { AlertSetting, CurrentUser } from "@certidesk/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { SessionProvider } from "../../../lib/session-context";
import { storeUser } from "../../../lib/session-store";
import { mockFetch } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { AlertSettingsTab } from "./AlertSettingsTab";

const userWith = (update: boolean): CurrentUser => ({
  id: "u1",
  identifier: "dir@demo.fr",
  firstName: "Anne",
  lastName: "Martin",
  email: null,
  profileType: "DIR",
  permissions: [{ code: "SETTING", operation: { create: false, read: true, update, delete: false } }],
  auditorId: null,
  clientId: null,
  abilities: { readHrDocuments: false, manageBackups: false },
  mustChangePassword: false,
});

const SETTINGS: AlertSetting[] = [
  {
    code: "quote-unanswered",
    page: "ALERT_DEMAND",
    title: "Devis sans réponse",
    label: "Jours après l'envoi du devis",
    days: 15,
    default: 15,
    version: 0,
  },
  {
    code: "mission-order-unanswered",
    page: "ALERT_PLANIFICATION",
    title: "Ordre de mission sans réponse",
    label: "Jours après l'envoi",
    days: 7,
    default: 7,
    version: 3,
  },
];

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => {
  fetchMock?.restore();
  localStorage.clear();
});

function renderTab(update: boolean, putStatus = 200) {
  storeUser(userWith(update));
  fetchMock = mockFetch(({ method, url, body }) => {
    if (url === "/api/alerts/digest/settings")
      return { body: method === "PUT" ? { ...(body as object), version: 2 } : { hour: 7, version: 1 } };
    if (method === "PUT")
      return putStatus === 200
        ? { body: { ...SETTINGS[1], days: 10, version: 4 } }
        : {
            status: putStatus,
            body: { error: { code: "CONFLICT", message: "Ce seuil a été modifié entre-temps.", requestId: "r" } },
          };
    return { body: SETTINGS };
  });
  return renderWithQuery(
    <SessionProvider>
      <AlertSettingsTab />
    </SessionProvider>,
  );
}

const rowOf = (title: string) => screen.getByText(title).closest("tr") as HTMLElement;

describe("Settings › Alertes", () => {
  it("lists each rule with its page and days, in the order of the pages", async () => {
    renderTab(true);
    await screen.findByText("Devis sans réponse");
    const rows = screen.getAllByRole("row").slice(1);
    expect(within(rows[0] as HTMLElement).getByText("Demandes")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText("Planifications")).toBeInTheDocument();
    expect(within(rowOf("Ordre de mission sans réponse")).getByRole("textbox")).toHaveValue("7");
  });

  it("saves a threshold with the version read, and refuses an empty one", async () => {
    renderTab(true);
    const user = userEvent.setup();
    await screen.findByText("Ordre de mission sans réponse");
    const row = rowOf("Ordre de mission sans réponse");
    const input = within(row).getByRole("textbox");
    await user.clear(input);
    await user.click(within(row).getByRole("button", { name: "Enregistrer" }));
    expect(await within(row).findByText("Indiquez un nombre de jours.")).toBeInTheDocument();
    expect(fetchMock?.calls.some((c) => c.method === "PUT")).toBe(false);
    await user.type(input, "10");
    await user.click(within(row).getByRole("button", { name: "Enregistrer" }));
    await waitFor(() =>
      expect(fetchMock?.calls.find((c) => c.method === "PUT")).toMatchObject({
        url: "/api/alerts/settings",
        body: { code: "mission-order-unanswered", days: 10, version: 3 },
      }),
    );
  });

  it("shows the server's message under the field when the version is stale", async () => {
    renderTab(true, 409);
    const user = userEvent.setup();
    await screen.findByText("Ordre de mission sans réponse");
    const row = rowOf("Ordre de mission sans réponse");
    await user.type(within(row).getByRole("textbox"), "0");
    await user.click(within(row).getByRole("button", { name: "Enregistrer" }));
    expect(await within(row).findByText("Ce seuil a été modifié entre-temps.")).toBeInTheDocument();
  });

  it("saves the digest's hour with its version, and refuses an hour past 23", async () => {
    renderTab(true);
    const user = userEvent.setup();
    const hour = await screen.findByLabelText("Heure d'envoi");
    expect(hour).toHaveValue("7");
    const form = hour.closest("form") as HTMLElement;
    await user.clear(hour);
    await user.type(hour, "24");
    await user.click(within(form).getByRole("button", { name: "Enregistrer" }));
    expect(await within(form).findByText("L'heure va de 0 à 23.")).toBeInTheDocument();
    expect(fetchMock?.calls.some((c) => c.method === "PUT")).toBe(false);
    await user.clear(hour);
    await user.type(hour, "6");
    await user.click(within(form).getByRole("button", { name: "Enregistrer" }));
    await waitFor(() =>
      expect(fetchMock?.calls.find((c) => c.method === "PUT")).toMatchObject({
        url: "/api/alerts/digest/settings",
        body: { hour: 6, version: 1 },
      }),
    );
  });

  it("only shows the thresholds to a profile that may not update the settings", async () => {
    renderTab(false);
    await screen.findByText("Devis sans réponse");
    expect(screen.queryByRole("button", { name: "Enregistrer" })).toBeNull();
    expect(within(rowOf("Devis sans réponse")).getByRole("textbox")).toBeDisabled();
  });
});

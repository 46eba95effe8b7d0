import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SessionProvider } from "../../../lib/session-context";
import { mockFetch, type RecordedCall } from "../../../test/fetch-mock";
import { renderWithQuery } from "../../../test/render";
import { AlertLandingPage } from "./AlertLandingPage";
import { alertRow, SUMMARY } from "./alert-fixture.test-data";

let fetchMock: ReturnType<typeof mockFetch> | null = null;
afterEach(() => fetchMock?.restore());

function Where() {
  const location = useLocation();
  return <output aria-label="Adresse">{`${location.pathname}${location.search}`}</output>;
}

const refused = alertRow();
const unanswered = alertRow({
  id: "mission-order-unanswered:m2",
  alertType: "mission-order-unanswered",
  alertTitle: { title: "Ordre de mission sans réponse", description: "Sans réponse depuis 7 jours." },
  raisonSocial: "FAM Les Glycines",
  displayValue: "",
  dateRelance: "2020-01-10",
  isRemovable: true,
  isChangable: false,
  link: "/app/mission/c2/m2",
});
const satisfaction = alertRow({
  id: "performance-not-exist-satisfaction-while-audit-date-past:m3",
  alertType: "performance-not-exist-satisfaction-while-audit-date-past",
  page: "ALERT_PERFORMANCE",
  alertTitle: { title: "Satisfaction manquante", description: "La visite est passée." },
  isSendSatisfactionToAuditor: true,
  link: "/app/mission/c3/m3?onglet=performance",
});

/** The server of these tests: the planning page empties once an action is stored. */
function serve() {
  let acted = false;
  fetchMock = mockFetch((call: RecordedCall) => {
    const { url, method } = call;
    if (method === "POST" && url.startsWith("/api/alerts/")) {
      acted = true;
      return { body: { ok: true } };
    }
    if (url.startsWith("/api/saved-views")) return { body: [] };
    if (url.startsWith("/api/alerts/summary"))
      return { body: SUMMARY.map((p) => (p.key === "alert-planification" && acted ? { ...p, count: 1 } : p)) };
    if (url.startsWith("/api/alerts/getAlertPlanification")) {
      const items = url.includes("alertType=mission-order-refused")
        ? [refused]
        : acted
          ? [unanswered]
          : [refused, unanswered];
      return { body: { items, total: items.length, page: 1, pageSize: 50 } };
    }
    if (url.startsWith("/api/alerts/getAlertPerformance"))
      return { body: { items: [satisfaction], total: 1, page: 1, pageSize: 50 } };
    if (url.startsWith("/api/alerts/history"))
      return {
        body: [
          {
            at: "2026-11-02T09:30:00Z",
            action: "POSTPONED",
            actorName: "Claire Petit",
            text: null,
            date: "2026-11-10",
          },
          {
            at: "2026-11-03T10:00:00Z",
            action: "COMMENTED",
            actorName: "Paul Morel",
            text: "Relancé par téléphone",
            date: null,
          },
        ],
      };
    if (url.startsWith("/api/audit-log/mine")) return { body: { items: [], total: 0, page: 1, pageSize: 8 } };
    if (url.startsWith("/configuration/getDataToCheckBlockAction"))
      return { body: { missingFields: [], blockedActions: [] } };
    return { body: {} };
  });
  return fetchMock;
}

function renderAt(path: string) {
  return renderWithQuery(
    <SessionProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/app/alert" element={<AlertLandingPage />} />
          <Route path="*" element={<p>Autre écran</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </SessionProvider>,
  );
}

const rowOf = (text: string) => within(screen.getByRole("table")).getByText(text).closest("tr") as HTMLElement;

describe("AlertLandingPage", () => {
  it("shows a tab per page with its count, opening the first page with work", async () => {
    serve();
    renderAt("/app/alert");
    expect(await screen.findByRole("tab", { name: "Planifications 2" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Demandes 0" })).toBeInTheDocument();
    expect(await screen.findByText("EHPAD Les Tilleuls")).toBeInTheDocument();
    // displayValue "Aucun" when empty; the follow-up date as DD/MM/YYYY.
    const second = rowOf("FAM Les Glycines");
    expect(within(second).getByText("Aucun")).toBeInTheDocument();
    expect(within(second).getByText("10/01/2020")).toBeInTheDocument();
    expect(within(rowOf("EHPAD Les Tilleuls")).getByText("20/11/2026")).toBeInTheDocument();
  });

  it("keeps the page in the address and shows the empty state", async () => {
    serve();
    const user = userEvent.setup();
    renderAt("/app/alert?page=alert-planification");
    await user.click(await screen.findByRole("tab", { name: "Demandes 0" }));
    expect(screen.getByLabelText("Adresse")).toHaveTextContent("/app/alert?page=alert-demandes");
    expect(await screen.findByText("Aucune alerte sur cette page.")).toBeInTheDocument();
  });

  it("applies the row flags: CONFIRM or COMMENT, EDIT blocked, comment in warning when the follow-up is past", async () => {
    serve();
    renderAt("/app/alert?page=alert-planification");
    await screen.findByText("EHPAD Les Tilleuls");
    const first = rowOf("EHPAD Les Tilleuls");
    expect(within(first).getByRole("button", { name: "Commenter" })).toHaveAttribute("data-type", "info");
    expect(within(first).queryByRole("button", { name: "Confirmer" })).toBeNull();
    expect(within(first).getByRole("button", { name: "Modifier" })).not.toHaveAttribute("aria-disabled");
    const second = rowOf("FAM Les Glycines");
    expect(within(second).getByRole("button", { name: "Confirmer" })).toBeInTheDocument();
    expect(within(second).queryByRole("button", { name: /Commenter/ })).toBeNull();
    expect(within(second).getByRole("button", { name: "Modification impossible" })).toHaveStyle({
      cursor: "not-allowed",
    });
  });

  it("leads a row click to the screen where the work is done", async () => {
    serve();
    const user = userEvent.setup();
    renderAt("/app/alert?page=alert-planification");
    await user.click(await screen.findByText("EHPAD Les Tilleuls"));
    expect(screen.getByLabelText("Adresse")).toHaveTextContent("/app/mission/c1/m1?onglet=evaluateur");
  });

  it("filters by alert type through the address", async () => {
    serve();
    const user = userEvent.setup();
    renderAt("/app/alert?page=alert-planification");
    await screen.findByText("FAM Les Glycines");
    const input = screen.getAllByLabelText("Type d'alerte").find((el) => el.tagName === "INPUT") as HTMLElement;
    await user.click(input);
    const listbox = await waitFor(
      () => document.getElementById(input.getAttribute("aria-controls") ?? "") as HTMLElement,
    );
    await user.click(within(listbox).getByRole("option", { name: "Ordre de mission refusé (1)", hidden: true }));
    await waitFor(() => expect(screen.getByLabelText("Adresse")).toHaveTextContent("type=mission-order-refused"));
    await waitFor(() => expect(screen.queryByText("FAM Les Glycines")).toBeNull());
  });

  it("postpones with the date picker, then the row leaves and the count follows", async () => {
    const server = serve();
    const user = userEvent.setup();
    renderAt("/app/alert?page=alert-planification");
    await screen.findByText("EHPAD Les Tilleuls");
    const first = rowOf("EHPAD Les Tilleuls");
    await user.click(within(first).getByRole("button", { name: "Modifier" }));
    const dialog = await screen.findByRole("dialog", { name: "Reporter l'alerte" });
    await user.click(within(dialog).getByRole("button", { name: "Reporter" }));
    expect(within(dialog).getByText("Choisissez la date de reprise de l'alerte.")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reporter jusqu'au/), "31/12/2099");
    await user.click(within(dialog).getByRole("button", { name: "Reporter" }));
    await waitFor(() => expect(screen.queryByText("EHPAD Les Tilleuls")).toBeNull());
    expect(server.calls.find((c) => c.method === "POST")).toMatchObject({
      url: "/api/alerts/saveAlertDate",
      body: { id: "mission-order-refused:m1", date: "2099-12-31" },
    });
    expect(await screen.findByRole("tab", { name: "Planifications 1" })).toBeInTheDocument();
  });

  it("confirms a removable alert through the confirm popup", async () => {
    const server = serve();
    const user = userEvent.setup();
    renderAt("/app/alert?page=alert-planification");
    await screen.findByText("FAM Les Glycines");
    await user.click(within(rowOf("FAM Les Glycines")).getByRole("button", { name: "Confirmer" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirmer l'alerte" });
    await user.click(within(dialog).getByRole("button", { name: "Confirmer" }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.method === "POST")).toMatchObject({
        url: "/api/alerts/remove-alert-supervision",
        body: { id: "mission-order-unanswered:m2" },
      }),
    );
  });

  it("lists the alert's history", async () => {
    serve();
    const user = userEvent.setup();
    renderAt("/app/alert?page=alert-planification");
    await screen.findByText("FAM Les Glycines");
    await user.click(within(rowOf("FAM Les Glycines")).getByRole("button", { name: "Historique" }));
    const dialog = await screen.findByRole("dialog", { name: /Historique/ });
    expect(await within(dialog).findByText("Jusqu'au 10/11/2026")).toBeInTheDocument();
    expect(within(dialog).getByText("Relancé par téléphone")).toBeInTheDocument();
    expect(within(dialog).getByText("Paul Morel")).toBeInTheDocument();
  });

  it("hides DELETE for a performance without satisfaction and sends the questionnaire once", async () => {
    const server = serve();
    const user = userEvent.setup();
    renderAt("/app/alert?page=alert-performance");
    await screen.findByText("La visite est passée.");
    const row = rowOf("Satisfaction manquante");
    expect(within(row).queryByRole("button", { name: "Supprimer" })).toBeNull();
    await user.click(within(row).getByRole("button", { name: "Envoyer aux évaluateurs" }));
    expect(await within(row).findByRole("button", { name: "Envoyé aux évaluateurs" })).toBeDisabled();
    expect(server.calls.filter((c) => c.url === "/api/alerts/sendSatisfactionToAuditor")).toHaveLength(1);
  });

  it("shows the server's French message when an action fails", async () => {
    fetchMock = mockFetch(({ url, method }) => {
      if (method === "POST")
        return {
          status: 409,
          body: { error: { code: "CONFLICT", message: "Cette alerte a déjà été traitée.", requestId: "r" } },
        };
      if (url.startsWith("/api/saved-views")) return { body: [] };
      if (url.startsWith("/api/alerts/summary")) return { body: SUMMARY };
      if (url.startsWith("/api/alerts/getAlertPlanification"))
        return { body: { items: [refused], total: 1, page: 1, pageSize: 50 } };
      return { body: { items: [], missingFields: [], blockedActions: [] } };
    });
    const user = userEvent.setup();
    renderAt("/app/alert?page=alert-planification");
    await screen.findByText("EHPAD Les Tilleuls");
    await user.click(within(rowOf("EHPAD Les Tilleuls")).getByRole("button", { name: "Commenter" }));
    const dialog = await screen.findByRole("dialog", { name: "Commenter l'alerte" });
    await user.click(within(dialog).getByRole("button", { name: "Enregistrer" }));
    expect(within(dialog).getByText("Le commentaire est vide.")).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: /Commentaire/ }), "Relancé");
    await user.click(within(dialog).getByRole("button", { name: "Enregistrer" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Cette alerte a déjà été traitée.");
  });

  it("offers the action list with its two groups; SEND_MAIL opens the composer for the establishment", async () => {
    serve();
    const user = userEvent.setup();
    renderAt("/app/alert?page=alert-planification");
    await screen.findByText("EHPAD Les Tilleuls");
    await user.click(within(rowOf("EHPAD Les Tilleuls")).getByRole("button", { name: "Plus d'actions" }));
    const menu = await screen.findByRole("menu", { hidden: true });
    expect(within(menu).getByText("Actions")).toBeInTheDocument();
    expect(within(menu).queryByText("Actions rétroactives")).toBeNull();
    await user.click(within(menu).getByRole("menuitem", { name: /Envoyer un e-mail/, hidden: true }));
    expect(screen.getByLabelText("Adresse")).toHaveTextContent("/app/mail?ecrire=1&client=EHPAD%20Les%20Tilleuls");
  });
});

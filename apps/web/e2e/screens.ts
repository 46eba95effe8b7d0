import { ALERT_PAGES, canOpenAppRoute, type PermissionGrant } from "@certidesk/shared";
import { expect, type Page, type Request } from "@playwright/test";
import { apiGet, signIn } from "./helpers";

/** Every demo profile, by sign-in identifier. */
export const STAFF_ACCOUNTS = [
  "dir@demo.fr",
  "cc@demo.fr",
  "cmcc@demo.fr",
  "cmadmin@demo.fr",
  "qse@demo.fr",
  "rh@demo.fr",
  "cpi@demo.fr",
  "compta@demo.fr",
] as const;

/** Records of the demo data the screens are opened on, found through the API as the director. */
export interface DemoRecords {
  newRequest: string;
  recevabilityRequest: string;
  quoteDraftRequest: string;
  quoteSentRequest: string;
  contractRequest: string;
  contract: string;
  archivedRequest: string | null;
  client: string;
  signedClient: string;
  gestionnaire: string;
  auditor: string;
  /** A finalised mission (its Frais and Performance tabs have demo data), as clientId/missionId. */
  finishedMission: string | null;
  /** A programmed demo mission: `clientId/missionId`. */
  mission: string;
  /** An issued invoice with payments, and a draft (empty when the demo has none). */
  invoice: string;
  draftInvoice: string;
  /** The mission of that invoice, as `clientId/missionId` (its Facture tab). */
  invoiceMission: string;
}

interface ProspectItem {
  id: string;
  status: string;
  service: string;
  contractId: string | null;
}

/** A GET of the API with the page's session (its cookie), answering the JSON; a refusal throws. */
async function apiPost<T>(page: Page, url: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ u, b }) => {
      const csrf = document.cookie
        .split("; ")
        .find((c) => c.startsWith("certidesk_csrf="))
        ?.slice("certidesk_csrf=".length);
      const response = await fetch(u, {
        method: "POST",
        headers: { accept: "application/json", "content-type": "application/json", "x-csrf-token": csrf ?? "" },
        body: JSON.stringify(b),
      });
      if (!response.ok) throw new Error(`${u}: ${response.status}`);
      return response.json();
    },
    { u: url, b: body },
  );
}

export async function findDemoRecords(page: Page): Promise<DemoRecords> {
  await signIn(page, "dir@demo.fr");
  const prospects = await apiGet<{ items: ProspectItem[] }>(
    page,
    "/requestclients/getListProspectByProspectType/all?pageSize=500",
  );
  const archive = await apiGet<{ items: ProspectItem[] }>(
    page,
    "/api/requestclients/getListProspectArchive?pageSize=5",
  );
  const pick = (test: (p: ProspectItem) => boolean, what: string) => {
    const found = prospects.items.find(test);
    if (!found) throw new Error(`Aucune demande de démonstration : ${what}`);
    return found;
  };
  const withContract = pick((p) => p.status === "CONTRACT_SENT" && p.contractId !== null, "contrat envoyé");
  const clients = await apiPost<{ items: Array<{ id: string; status: string | null }> }>(
    page,
    "/api/client/getListClient",
    { filter: "all", page: 1, pageSize: 50, sort: null },
  );
  const gestionnaires = await apiGet<{ items: Array<{ id: string }> }>(page, "/api/gestionnaires?pageSize=1");
  const auditors = await apiGet<{ items: Array<{ id: string }> }>(page, "/api/auditors?pageSize=1");
  const finished = await apiGet<{ items: Array<{ id: string; clientId: string }> }>(
    page,
    "/api/missions?status=FINALISED&pageSize=1&sort=firstDay&direction=desc",
  );
  const missions = await apiGet<{ items: Array<{ id: string; clientId: string }> }>(
    page,
    "/api/missions?status=PLANNED&pageSize=1",
  );
  const invoices = await apiGet<{
    items: Array<{ id: string; status: string; clientId: string; missionId: string | null }>;
  }>(page, "/api/invoices?status=INVOICE_PARTIALLY_PAID&pageSize=1");
  const drafts = await apiGet<{ items: Array<{ id: string }> }>(
    page,
    "/api/invoices?status=INVOICE_PREPARE&pageSize=1",
  );
  const signed = clients.items.find((c) => c.status === "SIGNED") ?? clients.items[0];
  if (!clients.items[0] || !signed || !gestionnaires.items[0]) throw new Error("Données de démonstration incomplètes");
  return {
    newRequest: pick((p) => p.status === "NEW", "nouvelle").id,
    recevabilityRequest: pick((p) => p.status === "RECEVABILITY", "recevabilité").id,
    quoteDraftRequest: pick((p) => p.status === "QUOTE_DRAFT", "devis en préparation").id,
    quoteSentRequest: pick((p) => p.status === "QUOTE_SENT", "devis envoyé").id,
    contractRequest: withContract.id,
    contract: withContract.contractId ?? "",
    archivedRequest: archive.items[0]?.id ?? null,
    client: clients.items[0].id,
    signedClient: signed.id,
    gestionnaire: gestionnaires.items[0].id,
    auditor: auditors.items[0]?.id ?? "",
    finishedMission: finished.items[0] ? `${finished.items[0].clientId}/${finished.items[0].id}` : null,
    mission: missions.items[0] ? `${missions.items[0].clientId}/${missions.items[0].id}` : "",
    invoice: invoices.items[0]?.id ?? "",
    draftInvoice: drafts.items[0]?.id ?? "",
    invoiceMission: invoices.items[0]?.missionId ? `${invoices.items[0].clientId}/${invoices.items[0].missionId}` : "",
  };
}

/** The staff screens, as paths under /app/ (the guard's route table decides who may open each). */
export function staffScreens(r: DemoRecords, { variants = true } = {}): string[] {
  const contractTabs = variants ? ["", "?onglet=programme", "?onglet=contrat", "?onglet=decision"] : [""];
  const families = variants ? ["", "?famille=RH", "?famille=AUDITOR", "?famille=CLIENT"] : [""];
  const settings = variants
    ? [
        "general",
        "profils",
        "utilisateurs",
        "documents",
        "e-mails",
        "e-mails-groupes",
        "alertes",
        "numerotation",
        "facturation",
        "evaluateurs",
        "missions",
        "frais",
        "recherche",
        "sauvegardes",
        "accessibilite",
        "journal",
      ]
    : ["general", "utilisateurs"];
  const requests = variants
    ? [r.newRequest, r.recevabilityRequest, r.quoteDraftRequest, r.quoteSentRequest, r.contractRequest]
    : [r.recevabilityRequest, r.contractRequest];
  return [
    "alert",
    // Every alert page (a page the profile may not see falls back to its first one).
    ...(variants ? ALERT_PAGES.map((p) => `alert?page=${p.key}`) : ["alert?page=alert-planification"]),
    "prospect",
    "prospect?type=ARCHIVE",
    ...requests.map((id) => `timeline-prospect/${id}`),
    ...(r.archivedRequest && variants ? [`timeline-prospect/${r.archivedRequest}`] : []),
    ...contractTabs.map((tab) => `contract/${r.contract}${tab}`),
    "client",
    `timeline-client/${r.client}`,
    ...contractTabs.map((tab) => `contract-client/${r.signedClient}${tab}`),
    "gestionnaire",
    `gestionnaire/${r.gestionnaire}`,
    "nouveau",
    "entite-juridique",
    ...families.map((family) => `biblio${family}`),
    "mail",
    "wall",
    "evaluateur",
    ...(variants
      ? [
          "",
          "?onglet=competences",
          "?onglet=zones",
          "?onglet=documents",
          "?onglet=liens",
          "?onglet=missions",
          "?onglet=conditions",
        ]
      : [""]
    ).map((tab) => `evaluateur/${r.auditor}${tab}`),
    "facture",
    ...(variants ? ["facture?statut=INVOICE_SEND"] : []),
    "frais",
    ...[r.invoice, ...(variants ? [r.draftInvoice] : [])].filter(Boolean).map((id) => `facture/${id}`),
    ...(r.invoiceMission ? [`mission/${r.invoiceMission}?onglet=facture`] : []),
    "statistiques",
    ...(variants ? ["statistiques?onglet=liens"] : []),
    ...settings.map((tab) => `setting/${tab}`),
    ...(r.finishedMission
      ? (variants ? ["?onglet=frais", "?onglet=performance"] : ["?onglet=frais"]).map(
          (tab) => `mission/${r.finishedMission}${tab}`,
        )
      : []),
    "mission",
    "mission?statut=TO_PLAN",
    "mission?vue=planning",
    ...(variants ? ["", "?onglet=evaluateur", "?onglet=preparation", "?onglet=evaluation"] : ["", "?onglet=evaluateur"])
      .filter(() => r.mission)
      .map((tab) => `mission/${r.mission}${tab}`),
  ];
}

/** The evaluator space's tabs (after the path /espace-evaluateur/<id>); "" is "Mes missions". */
export const EVALUATOR_SPACE_TABS = [
  "",
  "?onglet=programmes",
  "?onglet=documents",
  "?onglet=liens",
  "?onglet=disponibilites",
  "?onglet=frais",
  "?onglet=releves",
];

/**
 * Screens reached without an account (besides sign-in): the mission-order answer, the satisfaction
 * questionnaire and the accessibility statement.
 */
export const PUBLIC_SCREENS = [
  "/accessibilite",
  "/ordre-de-mission?p=inconnu&token=inconnu",
  "/ordre-de-mission",
  "/satisfaction?token=inconnu",
];

export async function permissionsOf(page: Page): Promise<PermissionGrant[]> {
  const raw = await page.evaluate(() => localStorage.getItem("certidesk.currentUser"));
  return raw ? (JSON.parse(raw) as { permissions: PermissionGrant[] }).permissions : [];
}

export function mayOpen(path: string, permissions: readonly PermissionGrant[]): boolean {
  return canOpenAppRoute(path.split("?")[0] ?? path, permissions);
}

const requestsInFlight = new WeakMap<Page, Set<Request>>();

/** The page's requests in flight, counted from the first call on. */
function inFlight(page: Page): Set<Request> {
  let pending = requestsInFlight.get(page);
  if (!pending) {
    const set = new Set<Request>();
    page.on("request", (r) => set.add(r));
    page.on("requestfinished", (r) => set.delete(r));
    page.on("requestfailed", (r) => set.delete(r));
    requestsInFlight.set(page, set);
    pending = set;
  }
  return pending;
}

/**
 * Until the page has had no request in flight for QUIET_MS: the screen's code, then its data, then the data
 * that data asks for. Playwright's "networkidle" waits 500 ms of silence, most of the second a screen took
 * to open over a walk of a hundred; 250 ms still covers the pause between a screen's code arriving and the
 * requests it sends.
 */
const QUIET_MS = 250;
async function settled(pending: Set<Request>) {
  const deadline = Date.now() + 20_000;
  let quietSince = Date.now();
  for (;;) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) return;
    if (Date.now() > deadline)
      throw new Error(`requêtes toujours en cours : ${[...pending].map((r) => r.url()).join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The screen has its data: no request for a moment, its title shown, nothing loading. */
async function shown(page: Page, pending: Set<Request>) {
  await settled(pending);
  await expect(page.locator("h1").first()).toBeVisible();
  await expect(page.locator(".mantine-LoadingOverlay-root")).toHaveCount(0);
}

/** Opens a screen of the app and waits until it shows its data: title shown, nothing loading. */
export async function openScreen(page: Page, url: string) {
  const pending = inFlight(page);
  await page.goto(url);
  await shown(page, pending);
}

/**
 * Opens a screen from within the app, as its own links do (the History API, then the router's popstate):
 * a walk of a hundred screens loads the app once instead of once per screen, the most of a screen's
 * processor time in the browser. The state is the router's own shape, so it takes it as its own entry.
 */
export async function openScreenInApp(page: Page, url: string) {
  const pending = inFlight(page);
  await page.evaluate((to) => {
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: `e2e${idx}`, idx }, "", to);
    window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
  }, url);
  await shown(page, pending);
}

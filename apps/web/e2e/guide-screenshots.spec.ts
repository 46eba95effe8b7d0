import path from "node:path";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";

// The user guide's pictures (docs/guide/images), taken on the demo data, each profile on its own screens.
// Not a test of the app: `npm run docs:screenshots` runs it with GUIDE_SCREENSHOTS set, then compresses
// the pictures (scripts/guide-screenshots.mjs). Each shot first waits for the data it is meant to show,
// so a picture of a spinner or an empty list fails here instead of landing in the guide.
const dir = process.env.GUIDE_SCREENSHOTS ?? "";
test.skip(!dir, "captures du guide à la demande seulement (npm run docs:screenshots)");
test.describe.configure({ timeout: 180_000 });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A page signed in as `identifier`, in its own context (its own session), at the given size. */
async function as(browser: Browser, identifier: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: "fr-FR", timezoneId: "Europe/Paris" });
  const page = await context.newPage();
  await signIn(page, identifier);
  return page;
}

/**
 * Waits until `ready` shows and nothing is loading any more, then writes `<name>.png`: the window, scrolled
 * so that `top` (when given) starts it — the part of a long page the guide talks about.
 */
async function shot(page: Page, name: string, ready: Locator, top?: Locator) {
  await expect(ready).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("status", { name: "Chargement…" })).toHaveCount(0, { timeout: 30_000 });
  // Below the app's fixed header (56 px), with a little air.
  if (top) await top.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 72));
  await page.screenshot({ path: path.join(dir, `${name}.png`), animations: "disabled" });
}

/** Opens `url` and takes its picture once `ready` shows. */
async function visit(page: Page, url: string, name: string, ready: (page: Page) => Locator) {
  await page.goto(url);
  await shot(page, name, ready(page));
}

/** A JSON answer of the API, read with the page's session. */
const api = <T>(page: Page, url: string) =>
  page.evaluate(async (u) => (await fetch(u, { headers: { accept: "application/json" } })).json(), url) as Promise<T>;

type MissionRow = { id: string; clientId: string; firstDay: string | null };
const missionOf = async (page: Page, query: string) => {
  const list = await api<{ items: MissionRow[] }>(page, `/api/missions?${query}`);
  const mission = list.items[0];
  if (!mission) throw new Error(`aucune mission de démonstration pour ${query}`);
  return mission;
};
const rowsOf = (page: Page, table: string) => page.getByRole("table", { name: table }).getByRole("row").nth(1);

test("home and alerts (Direction)", async ({ browser }) => {
  const page = await as(browser, "dir@demo.fr");
  await shot(page, "accueil", page.getByRole("tab", { name: /Demandes/ }).first());
  await visit(page, "/app/alert?page=alert-planification", "alertes-planification", (p) =>
    p.getByRole("button", { name: "Plus d'actions" }).first(),
  );
  await page.getByRole("button", { name: "Plus d'actions" }).first().click();
  await shot(page, "alertes-actions", page.getByRole("menu"));
});

test("commercial pipeline (Chargé(e) de clientèle)", async ({ browser }) => {
  const page = await as(browser, "cc@demo.fr");
  await visit(page, "/app/prospect", "prospects", (p) => rowsOf(p, "Liste des prospects"));
  await page.goto("/app/prospect?type=EnCours");
  await page
    .getByRole("row", { name: /Devis envoyé/ })
    .first()
    .click();
  await shot(page, "prospect", page.getByRole("button", { name: "Nouveau devis" }));
  await page.getByRole("button", { name: "Nouveau devis" }).click();
  await shot(page, "devis", page.getByRole("dialog"));
  await page.keyboard.press("Escape");
  await page.goto("/app/prospect?type=EnCours");
  await page
    .getByRole("row", { name: /Contrat envoyé/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Actions", exact: true }).click();
  await page.getByRole("menuitem", { name: /Ouvrir le contrat/ }).click();
  await page.getByRole("tab", { name: "Programme" }).click();
  await shot(page, "contrat-programme", page.getByRole("tabpanel"));
  await visit(page, "/app/client", "clients", (p) => rowsOf(p, "Liste des clients"));
  await page.goto("/app/client?filtre=EVALUATION_DATE");
  await page.getByRole("row", { name: /EHPAD/ }).first().click();
  await shot(page, "client-historique", page.getByRole("link", { name: "Contrat et programme" }));
});

test("evaluators and impartiality (Ressources humaines)", async ({ browser }) => {
  const page = await as(browser, "rh@demo.fr");
  await visit(page, "/app/evaluateur", "evaluateurs", (p) => rowsOf(p, "Liste des évaluateurs"));
  // An evaluator with links of interest (ended ones count): the tab shows a history, not an empty table.
  const auditors = await api<{ items: Array<{ id: string }> }>(page, "/api/auditors?pageSize=100");
  let linked = auditors.items[0];
  for (const auditor of auditors.items) {
    if (!(await api<unknown[]>(page, `/api/auditors/${auditor.id}/links`)).length) continue;
    linked = auditor;
    break;
  }
  await visit(page, `/app/evaluateur/${linked?.id}?onglet=liens`, "evaluateur-liens", (p) =>
    p.getByRole("tabpanel").getByRole("row").nth(1),
  );
});

test("missions and planning (Planification)", async ({ browser }) => {
  const page = await as(browser, "cpi@demo.fr");
  await visit(page, "/app/mission", "missions", (p) => rowsOf(p, "Liste des missions"));
  const planned = await missionOf(page, "status=PLANNED&pageSize=1&sort=firstDay&direction=asc");
  const month = planned.firstDay?.slice(0, 7) ?? "";
  await visit(page, `/app/mission?vue=planning&mois=${month}`, "planning", (p) => p.getByRole("table").first());
  const base = `/app/mission/${planned.clientId}/${planned.id}`;
  await visit(page, `${base}?onglet=evaluateur`, "mission-equipe", (p) =>
    p.getByRole("table", { name: "Évaluateurs proposés" }).getByRole("row").nth(1),
  );
  await visit(page, `${base}?onglet=preparation`, "mission-preparation", (p) => p.getByRole("tabpanel"));
});

test("reports and performance (Qualité)", async ({ browser }) => {
  const page = await as(browser, "qse@demo.fr");
  const finalised = await missionOf(page, "status=FINALISED&pageSize=1&sort=firstDay&direction=desc");
  const base = `/app/mission/${finalised.clientId}/${finalised.id}`;
  await visit(page, `${base}?onglet=evaluation`, "mission-evaluation", (p) => p.getByRole("tabpanel"));
  await visit(page, `${base}?onglet=performance`, "mission-performance", (p) => p.getByRole("tabpanel"));
});

test("invoices and expenses (Comptabilité)", async ({ browser }) => {
  const page = await as(browser, "compta@demo.fr");
  await visit(page, "/app/facture", "factures", (p) => rowsOf(p, "Liste des factures"));
  type Invoice = { id: string; kind: string; clientId: string; missionId: string | null };
  const paid = await api<{ items: Invoice[] }>(page, "/api/invoices?status=INVOICE_PAID&pageSize=50");
  const invoice = paid.items.find((i) => i.kind === "BALANCE" && i.missionId) ?? paid.items[0];
  await visit(page, `/app/facture/${invoice?.id}`, "facture", (p) => p.getByRole("heading", { level: 1 }));
  await visit(page, `/app/mission/${invoice?.clientId}/${invoice?.missionId}?onglet=frais`, "mission-frais", (p) =>
    p.getByRole("tabpanel"),
  );
});

test("deposit, sending, bank and FEC (Comptabilité)", async ({ browser }) => {
  const page = await as(browser, "compta@demo.fr");
  // The deposit the alert asks for: the mission's Facture tab, its deposit block first.
  await page.goto("/app/alert?page=alert-facture&type=invoice-deposit-due");
  const alert = page
    .getByRole("table", { name: "Alertes : Factures" })
    .getByRole("row")
    .filter({ hasText: "Facture d'acompte à établir" })
    .first();
  await alert.locator("td").nth(2).locator(".mantine-Text-root").first().click();
  await shot(page, "mission-acompte", page.getByRole("button", { name: "Préparer la facture d'acompte" }));
  // A draft issued, then the sending dialog: who receives it, with what.
  await page.goto("/app/facture?statut=INVOICE_PREPARE");
  await page.getByRole("table", { name: "Liste des factures" }).getByText("Brouillon").first().click();
  await page.getByRole("button", { name: "Émettre la facture" }).click();
  await page.getByRole("dialog", { name: "Émettre la facture ?" }).getByRole("button", { name: "Émettre" }).click();
  await expect(page.getByText("Émise, non envoyée").first()).toBeVisible();
  await page.getByRole("button", { name: "Envoyer", exact: true }).click();
  await shot(page, "envoi-facture", page.getByRole("dialog", { name: /^Envoyer la facture/ }));
  await page.getByRole("dialog").getByRole("button", { name: "Envoyer" }).click();
  await expect(page.getByText("Envoyée, non payée")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("link", { name: "Voir la mission" }).click();
  await page.getByRole("tab", { name: "E-mails" }).click();
  await shot(page, "mission-emails", page.getByRole("table", { name: "E-mails" }).getByRole("row").nth(1));
  // The demo's statement of the day, imported: the proposals to confirm.
  await page.goto("/app/facture/rapprochement");
  const sample = await page.request.get("/api/bank-reconciliation/sample?format=camt053");
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByRole("button", { name: "Importer un relevé" }).click(),
  ]);
  await chooser.setFiles({ name: "releve.xml", mimeType: "application/xml", buffer: Buffer.from(await sample.text()) });
  await shot(
    page,
    "rapprochement",
    page.getByRole("table", { name: "Lignes du relevé" }).getByText("Numéro cité").first(),
  );
  await page.getByRole("button", { name: "Télécharger le FEC" }).click();
  await shot(page, "fec", page.getByRole("dialog", { name: "Fichier des écritures comptables (FEC)" }));
  await page.keyboard.press("Escape");
  await visit(page, "/app/frais", "releves-evaluateurs", (p) => p.getByRole("table").first().getByRole("row").nth(1));
});

test("statistics (Direction)", async ({ browser }) => {
  const page = await as(browser, "dir@demo.fr");
  await visit(page, "/app/statistiques", "statistiques", (p) => p.getByRole("table").first());
  await visit(page, "/app/statistiques?onglet=liens", "statistiques-liens", (p) => p.getByRole("table").first());
});

test("settings, wall and documents (Direction)", async ({ browser }) => {
  const page = await as(browser, "dir@demo.fr");
  const table = (p: Page) => p.getByRole("tabpanel").getByRole("table").first();
  await visit(page, "/app/setting/utilisateurs", "utilisateurs", table);
  await visit(page, "/app/setting/profils", "profils-et-droits", table);
  await visit(page, "/app/setting/e-mails", "modeles-emails", (p) => p.getByRole("tabpanel"));
  await visit(page, "/app/setting/sauvegardes", "sauvegardes", (p) => p.getByLabel("Heure de la sauvegarde"));
  await visit(page, "/app/setting/journal", "journal", table);
  await visit(page, "/app/wall", "mur", (p) => p.getByRole("article").first());
  await visit(page, "/app/biblio", "bibliotheque", (p) => p.getByRole("table").first());
});

test("global search (Direction)", async ({ browser }) => {
  const page = await as(browser, "dir@demo.fr");
  await page.goto("/app/alert");
  await expect(page.getByRole("heading", { name: "Alertes" })).toBeVisible();
  await page.keyboard.press("Control+K");
  // "Tilleuls" with a letter left out: the results say "orthographe approchée".
  await page.getByRole("combobox", { name: "Rechercher" }).fill("ehpad tileuls");
  await shot(page, "recherche", page.getByRole("option", { name: /EHPAD Les Tilleuls/ }).first());
});

test("evaluator space on a phone (Évaluateur)", async ({ browser }) => {
  const page = await as(browser, "auditeur@demo.fr", PHONE);
  await page.waitForURL(/\/espace-evaluateur\//);
  const space = new URL(page.url()).pathname;
  await shot(page, "espace-evaluateur", page.getByRole("button", { name: "Accepter" }).first());
  await page.goto(`${space}?onglet=frais`);
  await shot(page, "mes-frais", page.getByRole("button", { name: "Déclarer une dépense" }), page.getByRole("tablist"));
});

test("client portal, desktop and phone (Utilisateur client)", async ({ browser }) => {
  for (const [viewport, name] of [
    [DESKTOP, "portail-client"],
    [PHONE, "portail-client-telephone"],
  ] as const) {
    const page = await as(browser, "client@demo.fr", viewport);
    // The desktop shows the progress of the evaluation; the phone, the team to accept, under its heading.
    const team = viewport === PHONE ? page.getByRole("heading", { name: "L'équipe d'évaluation proposée" }) : undefined;
    await shot(page, name, page.getByRole("button", { name: /Accepter l'équipe/ }), team);
    await page.context().close();
  }
});

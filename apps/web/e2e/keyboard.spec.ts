import { type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, RECEIPT_PDF } from "./helpers";
import {
  checkRadio,
  chooseMenuItem,
  chooseOption,
  expectFocusBack,
  expectFocusVisible,
  expectNoTrap,
  expectSkipLink,
  press,
  selectTab,
  tabTo,
  typeInto,
} from "./keyboard";

test.describe.configure({ mode: "serial" });

const suffix = Date.now().toString().slice(-6);
const establishment = `EHPAD Clavier ${suffix}`;

/** Two visit days of the coming week, in one month (the rules check the team's documents on the days). */
const dayAfter = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const visitStart = dayAfter(3).slice(0, 7) === dayAfter(4).slice(0, 7) ? 3 : 5;
const visit = [dayAfter(visitStart), dayAfter(visitStart + 1)] as const;
const french = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** Signs in from the keyboard: the identifier field has the focus when the page opens. */
async function signInByKeyboard(page: Page, identifier: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await expect(page.getByLabel("Identifiant")).toBeFocused();
  await page.keyboard.type(identifier);
  await typeInto(page.getByLabel(/^Mot de passe/), password);
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  // The landing page shown, its controls there to reach.
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
}

test("staff, keyboard only: a new client's request to a signed contract and a planned mission", async ({ page }) => {
  test.setTimeout(180_000);
  await signInByKeyboard(page, "dir@demo.fr");
  await expectSkipLink(page);
  // The menu is before the content: back with Shift+Tab.
  await press(page.getByRole("link", { name: "Nouveau client" }));
  await expect(page.getByRole("heading", { level: 1, name: "Nouveau client" })).toBeVisible();

  // The legal entity's name, then Enter sends the form: the errors left are listed at the top, which
  // takes the focus, and a link leads to its field.
  const entity = page.getByRole("region", { name: "Entité juridique" });
  await typeInto(entity.getByRole("textbox", { name: "Raison sociale" }), `Association Clavier ${suffix}`);
  await page.keyboard.press("Enter");
  const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: /erreurs à corriger/ }) });
  await expect(summary).toBeFocused();
  await expectFocusVisible(page);
  await press(summary.getByRole("link", { name: /^Adresse – Entité juridique : / }));
  await expect(entity.getByRole("textbox", { name: "Adresse" })).toBeFocused();
  await page.keyboard.type("12 rue des Touches");
  await typeInto(entity.getByRole("textbox", { name: "Code postal" }), "69100");
  await typeInto(entity.getByRole("textbox", { name: "Ville" }), "Villeurbanne");
  const essms = page.getByRole("region", { name: "Établissement (ESSMS)" });
  await typeInto(essms.getByRole("textbox", { name: "Nom de l'établissement" }), establishment);
  await typeInto(essms.getByRole("textbox", { name: "N° FINESS" }), `69${suffix}1`.padEnd(9, "1"));
  await chooseOption(await tabTo(essms.getByRole("combobox", { name: "Secteur" })), "Médico-Social");
  await chooseOption(await tabTo(essms.getByRole("combobox", { name: "Type" })), "Établissement");
  await chooseOption(await tabTo(essms.getByRole("combobox", { name: "Domaines" })), "PA — Personnes âgées");
  await page.keyboard.press("Escape");
  await typeInto(essms.getByRole("textbox", { name: "Adresse" }), "12 rue des Touches");
  await typeInto(essms.getByRole("textbox", { name: "Code postal" }), "69100");
  await typeInto(essms.getByRole("textbox", { name: "Ville" }), "Villeurbanne");
  const contact = page.getByRole("region", { name: "Contact principal" });
  await typeInto(contact.getByRole("textbox", { name: "Prénom" }), "Agnès");
  await typeInto(contact.getByRole("textbox", { name: "Nom", exact: true }), "Touche");
  await typeInto(contact.getByRole("textbox", { name: "E-mail" }), "a.touche@clavier.demo.fr");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/app\/timeline-prospect\//);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(establishment);

  // The quote: its dialog closes with Escape, the focus back on the button that opened it; opened again
  // and validated, the focus comes back there too.
  const newQuote = page.getByRole("button", { name: "Nouveau devis" });
  await press(newQuote, "Enter", { max: 30 });
  let dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Total TTC")).toBeVisible();
  await page.keyboard.press("Escape");
  await expectFocusBack(dialog, newQuote);
  await page.keyboard.press("Enter");
  // The last control of a dialog is one Shift+Tab from its first: the focus stays in the dialog.
  await press(dialog.getByRole("button", { name: "Créer le devis" }), "Enter", { backwards: true, max: 5 });
  await expectFocusBack(dialog, newQuote);

  // Sent, then accepted, from the quote's menu: Enter opens it, the arrows walk it, Enter chooses.
  const actions = page.getByRole("button", { name: /^Actions du devis/ });
  await chooseMenuItem(await tabTo(actions), "Envoyer au client");
  dialog = page.getByRole("dialog", { name: /Envoyer le devis/ });
  await expect(dialog.getByRole("textbox", { name: /Destinataire/ })).toHaveValue("a.touche@clavier.demo.fr");
  await press(dialog.getByRole("button", { name: "Envoyer", exact: true }), "Enter", { max: 20 });
  await expectFocusBack(dialog, actions);
  await expect(page.getByRole("row", { name: /D-\d{4}-\d{4}/ }).getByText("Envoyé", { exact: true })).toBeVisible();
  await chooseMenuItem(actions, "Devis accepté");
  dialog = page.getByRole("dialog", { name: /Le client accepte le devis/ });
  await press(dialog.getByRole("button", { name: "Confirmer l'acceptation" }), "Enter", { max: 10 });
  await expectFocusBack(dialog, actions);
  await expect(page.getByRole("row", { name: /D-\d{4}-\d{4}/ }).getByText("Accepté")).toBeVisible();

  // The contract, signed in its Décision tab: the tabs move with the arrows.
  await press(page.getByRole("row", { name: /D-\d{4}-\d{4}/ }).getByRole("link", { name: "Ouvrir le contrat" }));
  await expect(page).toHaveURL(/\/app\/contract\//);
  await expect(page.getByText("En préparation", { exact: true })).toBeVisible();
  await selectTab(page, "Décision");
  await expect(page).toHaveURL(/onglet=decision/);
  const signed = page.getByRole("button", { name: "Contrat signé" });
  await press(signed, "Enter", { max: 20 });
  dialog = page.getByRole("dialog");
  await press(dialog.getByRole("button", { name: "Enregistrer la signature" }), "Enter", { max: 20 });
  await expect(dialog).toBeHidden();
  // The button that opened the dialog gave way to the outcome, which has the focus.
  await expect(page.getByRole("alert").filter({ hasText: /Contrat signé le \d{2}\/\d{2}\/\d{4}/ })).toBeFocused();
  await expectFocusVisible(page);

  // Its mission, found in the list by a search, opened with Enter on its row.
  await press(page.getByRole("link", { name: "Missions", exact: true }), "Enter", { max: 60 });
  await typeInto(page.getByRole("textbox", { name: "Recherche" }), establishment);
  const row = page
    .getByRole("table", { name: "Liste des missions" })
    .getByRole("row", { name: new RegExp(establishment) });
  await press(row, "Enter", { max: 20 });
  await expect(page.getByRole("heading", { level: 1, name: establishment })).toBeVisible();

  // The visit days (Préparation), typed in the date fields: no calendar to click.
  await selectTab(page, "Préparation");
  const program = page.getByRole("button", { name: "Programmer les jours" });
  await press(program, "Enter", { max: 20 });
  dialog = page.getByRole("dialog", { name: "Jours de visite" });
  await typeInto(dialog.getByRole("textbox", { name: "Jour 1" }), french(visit[0]));
  await typeInto(dialog.getByRole("textbox", { name: "Jour 2" }), french(visit[1]));
  await press(dialog.getByRole("button", { name: "Enregistrer les jours" }), "Enter", { max: 10 });
  await expectFocusBack(dialog, page.getByRole("button", { name: "Modifier les jours" }));
  await expect(page.getByRole("table", { name: "Jours de visite" })).toContainText(french(visit[1]));

  // The team (Évaluateur): the demo evaluator, found by the filter, coordinates; a second one from the
  // top of the ranking; the warnings justified; then the mission orders.
  await selectTab(page, "Évaluateur");
  await typeInto(page.getByRole("textbox", { name: "Filtrer les évaluateurs proposés" }), "Dubois");
  await press(page.getByRole("button", { name: "Ajouter Marc Dubois" }));
  await expect(page.getByLabel("Équipe : Marc Dubois")).toBeVisible();
  await tabTo(page.getByRole("textbox", { name: "Filtrer les évaluateurs proposés" }));
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Backspace");
  const second = page
    .getByRole("table", { name: "Évaluateurs proposés" })
    .getByRole("button", { name: /^Ajouter / })
    .and(page.locator(":enabled"))
    .filter({ hasNotText: "Marc Dubois" })
    .first();
  await press(second);
  await expect(page.getByLabel(/^Équipe : /)).toHaveCount(2);
  await checkRadio(page.getByLabel("Équipe : Marc Dubois").getByRole("radio", { name: "Coordinateur(rice)" }));
  for (const justification of await page.getByRole("textbox", { name: "Justification (conservée au journal)" }).all())
    await typeInto(justification, "Binôme retenu au clavier.");
  await press(page.getByRole("button", { name: "Enregistrer l'équipe" }));
  await expect(page.getByRole("status").filter({ hasText: "Équipe d'évaluation enregistrée." })).toBeVisible();
  await press(page.getByRole("button", { name: "Envoyer les ordres de mission (2)" }), "Enter", { max: 30 });
  await expect(page.getByRole("status").filter({ hasText: "Ordres de mission envoyés." })).toBeVisible();
  await expect(page.getByRole("row", { name: "Ordre de mission de Marc Dubois" })).toContainText("Envoyé");
  // Programmée: its days are coming.
  await expect(page.getByText("Programmée", { exact: true }).first()).toBeVisible();
  await expectNoTrap(page);
});

test("evaluator, keyboard only: accepts the mission order, declares an expense, uploads a report", async ({ page }) => {
  test.setTimeout(120_000);
  await signInByKeyboard(page, "auditeur@demo.fr");
  await expect(page).toHaveURL(/\/espace-evaluateur\//);
  await expectSkipLink(page);

  // The order of the mission the staff just planned: accepted (with a reason if the rules warn).
  const orders = page.getByRole("region", { name: "Ordres de mission à traiter" });
  const card = orders.locator(".mantine-Card-root").filter({ hasText: establishment });
  await press(card.getByRole("button", { name: "Accepter" }), "Enter", { max: 60 });
  const accepted = page.getByRole("status").filter({ hasText: "Ordre de mission accepté" });
  const warned = page.getByRole("dialog", { name: "Accepter malgré l'avertissement" });
  await expect(accepted.or(warned)).toBeVisible();
  if (await warned.isVisible()) {
    await typeInto(warned.getByRole("textbox"), "Visite confirmée avec la coordination.");
    await press(warned.getByRole("button", { name: "Accepter" }));
  }
  await expect(accepted).toBeVisible();
  await expect(page.getByRole("region", { name: "Prochaines visites" }).getByText(establishment)).toBeVisible();
  // The card is gone with its button: the focus did not fall to the top of the page.
  await expect(page.locator("main")).toContainText(establishment);
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);

  // A report he coordinates, the last due (late ones come first, and other tests look for one), uploaded
  // from its button: Enter opens the browser's file chooser, the one step the keyboard hands to the system.
  const reports = page.getByRole("region", { name: "Rapports à rendre" });
  const due = reports.getByRole("button", { name: /^Déposer le rapport/ }).last();
  const report = (await due.getAttribute("aria-label")) ?? "";
  const chooser = page.waitForEvent("filechooser");
  await press(due, "Enter", { max: 60 });
  // setFiles stands for picking the file in the system's dialog, which no page can drive.
  await (await chooser).setFiles({ name: "rapport.pdf", mimeType: "application/pdf", buffer: RECEIPT_PDF });
  await expect(page.getByRole("status").filter({ hasText: /Rapport (préliminaire|définitif) déposé/ })).toBeVisible();
  await expect(reports.getByRole("button", { name: report })).toHaveCount(0);

  // An expense on that mission, with its receipt, in « Mes frais »: the dialog gives the focus back.
  await selectTab(page, "Mes frais");
  const declare = page.getByRole("button", { name: "Déclarer une dépense" });
  await press(declare, "Enter", { max: 20 });
  const dialog = page.getByRole("dialog", { name: "Déclarer une dépense" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expectFocusBack(dialog, declare);
  await page.keyboard.press("Enter");
  await chooseOption(await tabTo(dialog.getByRole("combobox", { name: "Mission" })), new RegExp(establishment));
  await chooseOption(await tabTo(dialog.getByRole("combobox", { name: "Nature" })), "Repas");
  await typeInto(dialog.getByRole("textbox", { name: "Date de la dépense" }), french(dayAfter(0)));
  await typeInto(dialog.getByRole("textbox", { name: "Montant TTC (€)" }), "18,50");
  await typeInto(dialog.getByRole("textbox", { name: "Description" }), `Déjeuner au clavier ${suffix}`);
  const receipt = page.waitForEvent("filechooser");
  await press(dialog.getByRole("button", { name: /Justificatif/ }), "Enter");
  await (await receipt).setFiles({ name: "ticket.pdf", mimeType: "application/pdf", buffer: RECEIPT_PDF });
  await press(dialog.getByRole("button", { name: "Déclarer" }));
  await expectFocusBack(dialog, declare);
  await expect(page.getByRole("row").filter({ hasText: `Déjeuner au clavier ${suffix}` })).toContainText("À valider");
  await expectNoTrap(page);
});

/**
 * The staff's side of the portal test, through the API (not a journey of its own): an account for the
 * establishment the staff test created, and its mission's preliminary report uploaded, reviewed, sent.
 */
async function preparePortal(browser: Browser, baseURL: string, identifier: string, password: string) {
  const staff = await browser.newContext({ baseURL });
  const signedIn = await staff.request.post("/auth/login", {
    data: { identifier: "dir@demo.fr", password: DEMO_PASSWORD },
  });
  expect(signedIn.ok()).toBe(true);
  const csrf = (await staff.cookies()).find((c) => c.name === "certidesk_csrf")?.value ?? "";
  const call = async <T>(
    method: string,
    url: string,
    body?: { data?: unknown; multipart?: Record<string, unknown> },
  ) => {
    const response = await staff.request.fetch(url, { method, headers: { "x-csrf-token": csrf }, ...body } as never);
    expect(response.ok(), `${method} ${url} : ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  const list = await call<{ items: Array<{ id: string }> }>(
    "GET",
    `/api/missions?search=${encodeURIComponent(establishment)}`,
  );
  const id = list.items[0]?.id ?? "";
  let mission = await call<{ version: number; clientId: string }>("GET", `/api/missions/${id}`);
  await call("POST", "/api/users", {
    data: {
      identifier,
      password,
      firstName: "Agnès",
      lastName: "Touche",
      email: "",
      profileType: "MYQUALIANOR",
      clientId: mission.clientId,
    },
  });
  const pdf = { name: "rapport-preliminaire.pdf", mimeType: "application/pdf", buffer: RECEIPT_PDF };
  mission = await call("POST", `/api/missions/${id}/reports/preliminary`, {
    multipart: { version: String(mission.version), file: pdf },
  });
  mission = await call("POST", `/api/missions/${id}/reports/preliminary/review`, {
    data: { version: mission.version },
  });
  await call("POST", `/api/missions/${id}/reports/preliminary/send`, { data: { version: mission.version } });
  await staff.close();
}

test("client, keyboard only: reads the preliminary report and sends observations from the portal", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const identifier = `clavier.${suffix}@clavier.demo.fr`;
  const provisional = `Provisoire-${suffix}`;
  await preparePortal(browser, baseURL ?? "", identifier, provisional);

  // First sign-in with the provisional password, then one's own: the fields in order, Enter sends.
  await page.goto("/login");
  await expect(page.getByLabel("Identifiant")).toBeFocused();
  await page.keyboard.type(identifier);
  await typeInto(page.getByLabel(/^Mot de passe/), provisional);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/choisir-mot-de-passe/);
  await expect(page.getByLabel(/^Mot de passe provisoire/)).toBeFocused();
  await page.keyboard.type(provisional);
  await typeInto(page.getByLabel(/^Nouveau mot de passe/), `Clavier-Portail-${suffix}`);
  await typeInto(page.getByLabel(/^Confirmation du mot de passe/), `Clavier-Portail-${suffix}`);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/my-ingeris\/donnees-certification$/);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
  await expectSkipLink(page);

  // The report opens in a new tab, from its link.
  const reading = page.waitForEvent("popup");
  await press(page.getByRole("link", { name: "Lire le rapport préliminaire" }), "Enter", { max: 30 });
  await (await reading).close();
  await page.bringToFront();

  const observations = "Page 4 : le conseil de la vie sociale se réunit chaque trimestre.";
  await typeInto(page.getByRole("textbox", { name: /Vos observations sur le rapport préliminaire/ }), observations);
  await press(page.getByRole("button", { name: "Envoyer mes observations" }));
  await expect(page.getByRole("status").filter({ hasText: "Vos observations sont transmises" })).toBeVisible();
  await expect(page.getByText(/Vos observations ont été reçues le \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(page.getByText(observations)).toBeVisible();
  // The form is gone with its button: the focus stayed in the page, and Tab goes round it, no trap.
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  await expectNoTrap(page);
});

import { expect, type Locator, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";

test.describe.configure({ mode: "serial" });

const suffix = Date.now().toString().slice(-6);
const establishment = `EHPAD Les Pins ${suffix}`;
const finess = `69${suffix}0`.padEnd(9, "1");

async function choose(page: Page, field: Locator, option: string) {
  await field.click({ force: true });
  await page.getByRole("option", { name: option }).click();
}

test("a request walks from a new client to a signed contract, and the client is 'à programmer'", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, "cc@demo.fr");

  // nouveau: a new legal entity, its establishment and contact; a request opens at once.
  await page.getByRole("link", { name: "Nouveau client" }).click();
  const entity = page.getByRole("region", { name: "Entité juridique" });
  await entity.getByLabel("Raison sociale").fill(`Association Les Pins ${suffix}`);
  await entity.getByLabel("Adresse").fill("3 chemin des Pins");
  await entity.getByLabel("Code postal").fill("69100");
  await entity.getByLabel("Ville").fill("Villeurbanne");
  const essms = page.getByRole("region", { name: "Établissement (ESSMS)" });
  await essms.getByLabel("Nom de l'établissement").fill(establishment);
  await essms.getByLabel("N° FINESS").fill(finess);
  await essms.getByLabel("Adresse").fill("3 chemin des Pins");
  await essms.getByLabel("Code postal").fill("69100");
  await essms.getByLabel("Ville").fill("Villeurbanne");
  await choose(page, essms.getByRole("combobox", { name: "Secteur" }), "Médico-Social");
  await choose(page, essms.getByRole("combobox", { name: "Type" }), "Établissement");
  await choose(page, essms.getByRole("combobox", { name: "Domaines" }), "PA — Personnes âgées");
  await page.keyboard.press("Escape");
  const contact = page.getByRole("region", { name: "Contact principal" });
  await contact.getByLabel("Prénom").fill("Agnès");
  await contact.getByLabel("Nom", { exact: true }).fill("Perrin");
  await contact.getByLabel("E-mail").fill("a.perrin@les-pins.demo.fr");
  await page.getByRole("button", { name: "Créer le client" }).click();
  await expect(page).toHaveURL(/\/app\/timeline-prospect\//);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(establishment);
  await expect(page.getByText("Nouvelle demande")).toBeVisible();

  // Quote: the usual lines, then sent with its PDF, then accepted.
  await page.getByRole("button", { name: "Nouveau devis" }).click();
  const editor = page.getByRole("dialog");
  await expect(editor.getByText("Total TTC")).toBeVisible();
  await editor.getByRole("button", { name: "Créer le devis" }).click();
  await expect(editor).toBeHidden();
  const quoteRow = page.getByRole("row", { name: /D-\d{4}-\d{4}/ });
  await expect(quoteRow.getByText("Brouillon")).toBeVisible();
  await quoteRow.getByRole("button", { name: /Actions du devis/ }).click();
  await page.getByRole("menuitem", { name: "Envoyer au client" }).click();
  const send = page.getByRole("dialog");
  await expect(send.getByLabel("Destinataire(s)")).toHaveValue("a.perrin@les-pins.demo.fr");
  await send.getByRole("button", { name: "Envoyer" }).click();
  await expect(quoteRow.getByText("Envoyé", { exact: true })).toBeVisible();
  // The test server sends its mails to a test SMTP server: queued or already sent, the mail is on the timeline.
  await expect(page.getByText(/E-mail(?: en attente d'envoi| envoyé)? : .*Devis D-/)).toBeVisible();
  await quoteRow.getByRole("button", { name: /Actions du devis/ }).click();
  await page.getByRole("menuitem", { name: "Devis accepté" }).click();
  // Accepting a quote prepares the contract: it is confirmed first, primary action on the right.
  const confirm = page.getByRole("dialog", { name: /Le client accepte le devis/ });
  const buttons = confirm.getByRole("button", { name: /Annuler|Confirmer l'acceptation/ });
  await expect(buttons).toHaveText(["Annuler", "Confirmer l'acceptation"]);
  await confirm.getByRole("button", { name: "Confirmer l'acceptation" }).click();
  await expect(quoteRow.getByText("Accepté")).toBeVisible();

  // Contract: reached from the quote, signed in the Décision tab; the establishment becomes a client.
  await quoteRow.getByRole("link", { name: "Ouvrir le contrat" }).click();
  await expect(page).toHaveURL(/\/app\/contract\//);
  await expect(page.getByText("En préparation", { exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "Décision" }).click();
  // The tab is in the address: a reload keeps it.
  await expect(page).toHaveURL(/onglet=decision/);
  await page.reload();
  await expect(page.getByRole("tab", { name: "Décision" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("button", { name: "Contrat signé" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Enregistrer la signature" }).click();
  await expect(page.getByText(/Contrat signé le \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(page.getByRole("link", { name: `Fiche client : ${establishment}` })).toBeVisible();

  // The client list shows it among the evaluations to program.
  await page.getByRole("link", { name: "Clients" }).click();
  await page.getByText("Évaluation non programmée", { exact: true }).click();
  await page.getByLabel("Rechercher un client").fill(`Pins ${suffix}`);
  const row = page.getByRole("row", { name: new RegExp(establishment) });
  await expect(row).toBeVisible();
  await expect(row.getByText("à programmer")).toBeVisible();
  await expect(row.getByText("Signé")).toBeVisible();
  await row.click();
  await expect(page).toHaveURL(/\/app\/timeline-client\//);
  await expect(page.getByText(/devient client \(contrat C-/)).toBeVisible();
});

test("the client list filters, searches and exports", async ({ page }) => {
  await signIn(page, "dir@demo.fr");
  await page.goto("/app/client");
  await expect(page.getByText(/\d+ établissement\(s\) client\(s\)/)).toBeVisible();
  // Every word, in any order, without accents.
  await page.getByLabel("Rechercher un client").fill("tilleuls Ehpad");
  await expect(page.getByRole("row", { name: /EHPAD Les Tilleuls/ }).first()).toBeVisible();
  await expect(page).toHaveURL(/q=tilleuls\+Ehpad/);
  // Sort in the address too: the default-sorted column goes to descending, and a reload keeps both.
  const header = page.getByRole("columnheader", { name: "Établissement" });
  await header.getByRole("button").click();
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await page.reload();
  await expect(page.getByRole("columnheader", { name: "Établissement" })).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByLabel("Rechercher un client")).toHaveValue("tilleuls Ehpad");
  await expect(page.getByRole("row", { name: /EHPAD Les Tilleuls/ }).first()).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exporter (XLSX)" }).click();
  expect((await download).suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.xlsx$/);
});

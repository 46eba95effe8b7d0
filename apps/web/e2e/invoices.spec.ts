import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";

/** The amount of a French currency text ("1 234,56 €") as typed in a field ("1234,56"). */
const typed = (text: string) => text.replace(/[^\d,]/g, "");

async function openPaymentModal(page: Page) {
  await page.getByRole("button", { name: "Enregistrer un paiement" }).click();
  return page.getByRole("dialog", { name: /Paiement de la facture/ });
}

test("COMPTA issues the balance invoice of a finished mission, downloads its PDF, records a partial then a full payment", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, "compta@demo.fr");

  // The invoices to make: drafts of balances whose visit is over.
  await page.getByRole("link", { name: "Factures" }).click();
  await expect(page).toHaveURL(/\/app\/facture$/);
  await page.getByRole("tab", { name: /À facturer/ }).click();
  await expect(page).toHaveURL(/statut=INVOICE_PREPARE/);
  const table = page.getByRole("table", { name: "Liste des factures" });
  await table.getByText("Brouillon").first().click();
  await expect(page).toHaveURL(/\/app\/facture\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Brouillon de facture \(solde\)/);

  // Issue it, after the confirmation: the invoice takes its number.
  await page.getByRole("button", { name: "Émettre la facture" }).click();
  const confirm = page.getByRole("dialog", { name: "Émettre la facture ?" });
  await confirm.getByRole("button", { name: "Émettre" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Facture F-\d{4}-\d{4}$/);
  await expect(page.getByText("Émise, non envoyée").first()).toBeVisible();

  // The Factur-X file.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Télécharger le PDF (Factur-X)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^facture-F-\d{4}-\d{4}\.pdf$/);
  const pdf = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of pdf) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks).toString("latin1");
  expect(bytes.startsWith("%PDF-1.7")).toBe(true);
  expect(bytes).toContain("factur-x.xml");

  // A partial payment (decimal comma), then the rest.
  let dialog = await openPaymentModal(page);
  await dialog.getByLabel("Montant").fill("100,50");
  await dialog.getByLabel("Référence").fill("VIR-E2E-1");
  await dialog.getByRole("button", { name: "Enregistrer le paiement" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Partiellement payée")).toBeVisible();
  await expect(page.getByRole("cell", { name: "100,50 €" })).toBeVisible();

  dialog = await openPaymentModal(page);
  const rest = (await dialog.getByText(/^Reste à payer/).textContent()) ?? "";
  await dialog.getByLabel("Montant").fill(typed(rest));
  await dialog.getByLabel("Mode de paiement").click();
  await page.getByRole("option", { name: "Chèque" }).click();
  await dialog.getByRole("button", { name: "Enregistrer le paiement" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Payée", { exact: true })).toBeVisible();
  await expect(page.getByText(/Reste dû : 0,00/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Enregistrer un paiement" })).toHaveCount(0);
});

/**
 * The deposit forgotten until after the visit: COMPTA follows the Factures alert to the mission's
 * Facture tab, sees the deposit's amount before confirming, prepares and issues it; then the balance
 * of the same mission deducts it, and says so.
 */
test("COMPTA follows the deposit alert, prepares and issues the deposit, then the balance deducts it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "compta@demo.fr");
  await page.goto("/app/alert?page=alert-facture&type=invoice-deposit-due");
  const table = page.getByRole("table", { name: "Alertes : Factures" });
  const row = table.getByRole("row").filter({ hasText: "Facture d'acompte à établir" }).first();
  await expect(row).toBeVisible();
  await expect(row.getByText("Préparer la facture d'acompte")).toBeVisible();
  const establishment =
    (await row.locator("td").nth(2).locator(".mantine-Text-root").first().textContent())?.trim() ?? "";
  await row.getByText(establishment, { exact: true }).click();

  // The mission's Facture tab: the deposit block first, its action the obvious one.
  await expect(page).toHaveURL(/\/app\/mission\/[^/]+\/[^/?]+\?onglet=facture/);
  const missionUrl = page.url();
  await expect(page.getByRole("heading", { name: "Facture d'acompte" })).toBeVisible();
  await expect(page.getByText(/prévoit un acompte de \d+(,\d+)? %/)).toBeVisible();
  await page.getByRole("button", { name: "Préparer la facture d'acompte" }).click();
  const confirm = page.getByRole("dialog", { name: "Préparer la facture d'acompte ?" });
  const amounts = confirm.getByRole("table", { name: "Montant de l'acompte" });
  await expect(amounts).toContainText("Prix du contrat HT");
  const ttc =
    (await amounts
      .getByRole("row", { name: /Acompte TTC/ })
      .getByRole("cell")
      .textContent()) ?? "";
  expect(ttc).toMatch(/€$/);
  await confirm.getByRole("button", { name: "Préparer le brouillon" }).click();

  // The draft, then issued.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Brouillon de facture (acompte)");
  await page.getByRole("button", { name: "Émettre la facture" }).click();
  await page.getByRole("dialog", { name: "Émettre la facture ?" }).getByRole("button", { name: "Émettre" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Facture F-\d{4}-\d{4}$/);
  const depositNumber = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").replace("Facture ", "");
  await expect(page.getByText(`Total TTC : ${ttc}`)).toBeVisible();

  // Back on the mission: the deposit is issued, the balance now prepared deducts it.
  await page.goto(missionUrl);
  await expect(
    page.getByText(`Facture ${depositNumber} : ${ttc} TTC. Elle sera déduite de la facture de solde.`),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Préparer la facture d'acompte" })).toHaveCount(0);
  await page.getByRole("button", { name: "Préparer la facture de solde" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Brouillon de facture (solde)");
  const deduction = page.getByRole("alert").filter({ hasText: "Acompte déduit" });
  await expect(deduction).toContainText(`Acompte déjà facturé (facture n° ${depositNumber}`);
  await expect(deduction).toContainText(/-\d[\d\s]*,\d{2}\s€ HT/);

  // The alert is gone for this contract.
  await page.goto("/app/alert?page=alert-facture&type=invoice-deposit-due");
  await expect(
    page.getByRole("table", { name: "Alertes : Factures" }).getByText(establishment, { exact: true }),
  ).toHaveCount(0);
});

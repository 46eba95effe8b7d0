import { expect, test } from "@playwright/test";
import { mailCount, mailsSince, signIn } from "./helpers";

const SHOTS = process.env.E2E_SCREENSHOTS;

test("COMPTA issues an invoice, sends it: the mail arrives with its Factur-X PDF and the invoice is then sent", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "compta@demo.fr");
  await page.goto("/app/facture?statut=INVOICE_PREPARE");
  await page.getByRole("table", { name: "Liste des factures" }).getByText("Brouillon").first().click();
  await expect(page).toHaveURL(/\/app\/facture\/[0-9a-f-]{36}$/);
  const invoiceUrl = page.url();

  await page.getByRole("button", { name: "Émettre la facture" }).click();
  await page.getByRole("dialog", { name: "Émettre la facture ?" }).getByRole("button", { name: "Émettre" }).click();
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toHaveText(/^Facture F-\d{4}-\d{4}$/);
  const number = ((await title.textContent()) ?? "").replace("Facture ", "");
  // Issued is not sent: its own state, and the list's tab shows it.
  await expect(page.getByText("Émise, non envoyée").first()).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/invoice-issued.png`, fullPage: true });

  const before = await mailCount();
  await page.getByRole("button", { name: "Envoyer", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Envoyer la facture ${number} ?` });
  const address = ((await dialog.locator("strong").textContent()) ?? "").trim();
  expect(address).toMatch(/@/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/invoice-send-dialog.png` });
  await dialog.getByRole("button", { name: "Envoyer" }).click();
  await expect(dialog).toBeHidden();

  // The mail leaves through the outbox to the SMTP sink, the PDF attached; then the invoice is "sent".
  await expect
    .poll(async () => (await mailsSince(before)).filter((m) => m.to.includes(address)).length, { timeout: 30_000 })
    .toBe(1);
  const [mail] = (await mailsSince(before)).filter((m) => m.to.includes(address));
  expect(mail?.text).toContain(number);
  expect(mail?.text).toMatch(/Content-Type: application\/pdf/i);
  expect(mail?.text).toContain(`facture-${number}.pdf`);
  // "%PDF-" in base64.
  expect(mail?.text).toContain("JVBERi0");
  await expect(page.getByText("Envoyée, non payée")).toBeVisible({ timeout: 15_000 });
  await expect(
    page.getByText(new RegExp(`Envoyée le \\d{2}/\\d{2}/\\d{4} à ${address.replace(".", "\\.")}`)),
  ).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/invoice-sent.png`, fullPage: true });

  // The list's "Émises, non envoyées" tab no longer holds it; "Envoyées, non payées" does.
  await page.goto("/app/facture?statut=INVOICE_SEND");
  await page.getByRole("textbox", { name: /Rechercher/ }).fill(number);
  await expect(page.getByRole("table", { name: "Liste des factures" }).getByText(number)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/invoice-list.png`, fullPage: true });

  // The mission lists the mail in its E-mails tab.
  await page.goto(invoiceUrl);
  await page.getByRole("link", { name: "Voir la mission" }).click();
  await page.getByRole("tab", { name: "E-mails" }).click();
  await expect(page.getByRole("table", { name: "E-mails" }).getByText(address).first()).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/mission-mails.png`, fullPage: true });
});

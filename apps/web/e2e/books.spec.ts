import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

/** Set BOOKS_SHOTS=/some/dir to keep screenshots of the screens (desktop and phone). */
const SHOTS = process.env.BOOKS_SHOTS;

test("COMPTA imports the demo's camt.053, confirms a proposal (the invoice is paid), downloads the FEC", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "compta@demo.fr");
  await page.getByRole("link", { name: "Factures" }).click();
  await page.getByRole("link", { name: "Rapprochement bancaire et FEC" }).click();
  await expect(page).toHaveURL(/\/app\/facture\/rapprochement$/);
  await expect(page.getByRole("heading", { level: 1, name: "Rapprochement bancaire" })).toBeVisible();

  // The demonstration's statement of the day: its first transfer names an open invoice.
  const sample = await page.request.get("/api/bank-reconciliation/sample?format=camt053");
  expect(sample.status()).toBe(200);
  const xml = await sample.text();
  const number = /MOTIF FACTURE (F-\d{4}-\d{4})/.exec(xml)?.[1] ?? "";
  expect(number).not.toBe("");

  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByRole("button", { name: "Importer un relevé" }).click(),
  ]);
  await chooser.setFiles({ name: "releve-demo.xml", mimeType: "application/xml", buffer: Buffer.from(xml) });
  await expect(page.getByRole("alert").filter({ hasText: "Relevé importé" })).toContainText(
    "4 ligne(s) ajoutée(s) à rapprocher, 1 débit(s) non repris",
  );
  const table = page.getByRole("table", { name: "Lignes du relevé" });
  const row = table.getByRole("row").filter({ hasText: `MOTIF FACTURE ${number}` });
  await expect(row.getByText("Numéro cité")).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "REMISE CHEQUES" })).toContainText("Aucune proposition");
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/rapprochement-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/rapprochement-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  await row.getByRole("button", { name: "Confirmer" }).click();
  await expect(row).toBeHidden();
  await page.getByRole("tab", { name: /Rapprochées \(1\)/ }).click();
  const matched = table.getByRole("row").filter({ hasText: number });
  await expect(matched).toBeVisible();
  await matched.getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Facture ${number}`);
  await expect(page.getByText("Payée", { exact: true }).first()).toBeVisible();

  // The same statement again adds nothing.
  await page.goBack();
  const [again] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByRole("button", { name: "Importer un relevé" }).click(),
  ]);
  await again.setFiles({ name: "releve-demo.xml", mimeType: "application/xml", buffer: Buffer.from(xml) });
  await expect(page.getByRole("alert").filter({ hasText: "Relevé importé" })).toContainText(
    "0 ligne(s) ajoutée(s) à rapprocher, 4 déjà importée(s)",
  );

  // The FEC of the year to date, with the payment in the bank journal.
  await page.getByRole("button", { name: "Télécharger le FEC" }).click();
  const dialog = page.getByRole("dialog", { name: "Fichier des écritures comptables (FEC)" });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/fec-1440.png` });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "Télécharger" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^\d{9}FEC\d{8}\.txt$/);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const [header, ...rows] = Buffer.concat(chunks).toString("utf8").split("\r\n").filter(Boolean);
  expect(header?.split("\t")).toHaveLength(18);
  expect(header?.startsWith("JournalCode\tJournalLib\tEcritureNum\tEcritureDate\tCompteNum")).toBe(true);
  const bank = rows.map((r) => r.split("\t")).filter((f) => f[0] === "BQ" && f[8] === number);
  expect(bank.map((f) => f[4])).toEqual(["512000", "411000"]);
  expect(bank[0]?.[11]).toBe(bank[1]?.[12]);
  expect(bank[1]?.[6]).toMatch(/^411[A-Z0-9]+$/);
  await expect(dialog).toBeHidden();
});

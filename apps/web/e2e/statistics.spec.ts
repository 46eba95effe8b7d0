import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { signIn } from "./helpers";

test("COMPTA opens the statistics, sees figures in both tabs and downloads a real workbook", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "compta@demo.fr");
  await page.getByRole("link", { name: "Statistiques" }).click();
  await expect(page).toHaveURL(/\/app\/statistiques$/);

  // The demo spreads evaluations over several months and départements.
  const months = page.getByRole("table", { name: "Évaluations par mois" });
  // A loaded machine may take a while to compute the first figures.
  await expect(months.getByRole("row")).toHaveCount(14, { timeout: 30_000 });
  const total = months.locator("tfoot tr");
  const sold = Number(await total.getByRole("cell").nth(1).textContent());
  expect(sold).toBeGreaterThan(0);
  const departements = page.getByRole("table", { name: "Évaluations par département" });
  expect(await departements.locator("tbody tr").count()).toBeGreaterThan(3);
  await expect(page.getByRole("table", { name: "Chiffre d'affaires par mois" }).locator("tfoot")).toContainText("€");
  await expect(
    page
      .getByRole("img", { name: /Graphique : Évaluations par mois/ })
      .locator("svg")
      .first(),
  ).toBeVisible();

  // The export: the same figures, as an XLSX file exceljs can read.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Exporter (XLSX)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^statistiques-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const sheet = book.getWorksheet("Évaluations par mois");
  expect(sheet?.rowCount).toBe(13);
  let exported = 0;
  sheet?.eachRow((row, n) => {
    if (n > 1) exported += Number(row.getCell(2).value);
  });
  expect(exported).toBe(sold);

  // A domain narrows the figures, and stays in the address.
  await page.getByRole("combobox", { name: "Domaine" }).click();
  await page.getByRole("option", { name: /^PH/ }).click();
  await expect(page).toHaveURL(/domaine=PH/);
  await expect.poll(async () => Number(await total.getByRole("cell").nth(1).textContent())).toBeLessThan(sold);

  // Liens: the engine's decisions for the accreditation audit.
  await page.getByRole("tab", { name: "Liens" }).click();
  await expect(page).toHaveURL(/onglet=liens/);
  const decisions = page.getByRole("table", { name: "Décisions du moteur d'impartialité" });
  await expect(decisions.getByText("Refusée (incompatibilité)").first()).toBeVisible();
  await expect(decisions.getByText("Autorisée avec justification").first()).toBeVisible();
});

test("a profile without the create right on STATISTIC has no menu entry and cannot open the screen", async ({
  page,
}) => {
  await signIn(page, "cpi@demo.fr");
  await expect(page.getByRole("link", { name: "Missions" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Statistiques" })).toHaveCount(0);
  const response = await page.request.get("/api/statistics/clients");
  expect(response.status()).toBe(403);
});

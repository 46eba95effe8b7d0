import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { apiGet, signIn } from "./helpers";

type Months = { items: Array<{ month: string; totalCents: number }>; total: number };

const downloaded = async (page: Page, click: () => Promise<void>) => {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(file) };
};

test.describe("monthly statements and what is to be paid to the evaluators", () => {
  test.describe.configure({ timeout: 120_000 });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the evaluator downloads a month's statement from their space's Relevés tab", async ({ page }) => {
      await signIn(page, "auditeur@demo.fr");
      await expect(page).toHaveURL(/\/espace-evaluateur\//);
      const space = new URL(page.url()).pathname;
      const auditorId = space.split("/").at(-1) ?? "";
      const months = await apiGet<Months>(page, `/api/auditors/${auditorId}/statements`);
      expect(months.total, "des mois avec honoraires ou frais validés dans la démonstration").toBeGreaterThan(0);
      const latest = months.items[0] as Months["items"][number];

      await page.getByRole("tab", { name: "Relevés" }).click();
      await expect(page).toHaveURL(/onglet=releves/);
      const table = page.getByRole("table", { name: "Relevés mensuels" });
      await expect(table.getByRole("row")).toHaveCount(months.items.length + 1);
      const label = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" }).format(
        new Date(`${latest.month}-01T00:00:00Z`),
      );
      const row = table.getByRole("row").nth(1);
      await expect(row).toContainText(new RegExp(label, "i"));
      const euros = (latest.totalCents / 100).toFixed(2).replace(".", ",");
      await expect(row).toContainText(euros.replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0"));
      // The page does not scroll sideways at 390 px: the table keeps the month, its total and the downloads.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await page.screenshot({ path: test.info().outputPath("releves-390.png"), fullPage: true });

      const pdf = await downloaded(page, () => row.getByRole("link", { name: `PDF du relevé de ${label}` }).click());
      expect(pdf.name).toMatch(new RegExp(`^releve-[a-z0-9-]+-${latest.month}\\.pdf$`));
      expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");
      expect(pdf.bytes.length).toBeGreaterThan(2000);
      // Another evaluator's statements do not exist for them.
      const other = await page.evaluate(
        async (u) => (await fetch(u)).status,
        "/api/auditors/00000000-0000-4000-8000-000000000000/statements",
      );
      expect(other).toBe(404);
    });
  });

  test("accounting exports what is to be paid for a period, and opens an evaluator's statements", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, "compta@demo.fr");
    await page.getByRole("link", { name: "Frais et honoraires" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Frais et honoraires" })).toBeVisible();
    // A period wide enough to hold the demo's past missions.
    await page.getByRole("textbox", { name: "Du", exact: true }).fill("01/01/2020");
    await page.getByRole("textbox", { name: "Au", exact: true }).fill("31/12/2030");
    await page.getByRole("textbox", { name: "Au", exact: true }).press("Tab");
    await expect(page).toHaveURL(/du=2020-01-01/);
    const rows = page.getByRole("table", { name: "À payer aux évaluateurs" }).locator("tbody tr[data-index]");
    await expect(rows.first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("frais-1440.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath("frais-390.png"), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    const csv = await downloaded(page, () => page.getByRole("link", { name: "Exporter (CSV)" }).click());
    expect(csv.name).toBe("paiements-evaluateurs-2020-01-01-2030-12-31.csv");
    const lines = csv.bytes
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toMatch(/^Évaluateur;Statut;SIRET;Période;/);
    expect(lines.length).toBe((await rows.count()) + 1);
    const xlsx = await downloaded(page, () => page.getByRole("link", { name: "Exporter (XLSX)" }).click());
    expect(xlsx.bytes.subarray(0, 2).toString()).toBe("PK");

    await rows.first().click();
    await expect(page).toHaveURL(/\/app\/evaluateur\/.+onglet=missions/);
    await expect(page.getByRole("table", { name: "Relevés mensuels" })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("fiche-releves-1440.png"), fullPage: true });
  });
});

import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

test("the landing page counts the alerts of each page and opens its tab", async ({ page }) => {
  await signIn(page, "cpi@demo.fr");
  const planning = page.getByRole("tab", { name: /^Planifications \d+$/ });
  await expect(planning).toBeVisible();
  const count = Number((await planning.textContent())?.match(/\d+$/)?.[0]);
  expect(count).toBeGreaterThan(0);
  await planning.click();
  await expect(page).toHaveURL(/\/app\/alert\?page=alert-planification$/);
  await expect(page.getByText(`${Math.min(count, 1000)} alerte(s)`)).toBeVisible();
});

test("a profile without pipeline rights sees no pipeline alerts", async ({ page }) => {
  await signIn(page, "qse@demo.fr");
  await expect(page.getByRole("heading", { name: "Mes dernières actions" })).toBeVisible();
  await expect(page.getByRole("tab", { name: /^Demandes \d+$/ })).toHaveCount(1);
  await signIn(page, "rh@demo.fr");
  await expect(page.getByRole("heading", { name: "Mes dernières actions" })).toBeVisible();
  await expect(page.getByRole("tab", { name: /^Demandes \d+$/ })).toHaveCount(0);
});

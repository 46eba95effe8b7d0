import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

test("the landing page counts the work waiting and leads to it", async ({ page }) => {
  await signIn(page, "cpi@demo.fr");
  const toProgram = page.getByRole("link", { name: /^Évaluations à programmer : \d+$/ });
  await expect(toProgram).toBeVisible();
  const count = Number((await toProgram.getAttribute("aria-label"))?.split(": ")[1]);
  expect(count).toBeGreaterThan(0);
  await toProgram.click();
  await expect(page).toHaveURL(/\/app\/client\?filtre=NO_EVALUATION_DATE$/);
  await expect(page.getByText(`${count} établissement(s) client(s)`)).toBeVisible();
});

test("a profile without pipeline rights sees no pipeline counts", async ({ page }) => {
  await signIn(page, "qse@demo.fr");
  await expect(page.getByRole("heading", { name: "Mes dernières actions" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Devis sans réponse/ })).toHaveCount(1);
  await signIn(page, "rh@demo.fr");
  await expect(page.getByRole("heading", { name: "Mes dernières actions" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Devis sans réponse/ })).toHaveCount(0);
});

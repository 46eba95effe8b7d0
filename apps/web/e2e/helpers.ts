import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Demo-2026";

export async function signIn(page: Page, identifier: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Identifiant").fill(identifier);
  await page.locator("input[autocomplete=current-password]").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

export async function expectPath(page: Page, path: string | RegExp) {
  await expect(page).toHaveURL(typeof path === "string" ? new RegExp(`${path.replace(/[/.]/g, "\\$&")}$`) : path);
}

import type { Page } from "@playwright/test";

export const DEMO_PASSWORD = "Demo-2026";

async function submitLogin(page: Page, identifier: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Identifiant").fill(identifier);
  await page.locator("input[autocomplete=current-password]").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** Signs in and waits until the app has left the sign-in page. */
export async function signIn(page: Page, identifier: string, password = DEMO_PASSWORD) {
  await submitLogin(page, identifier, password);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** Submits the sign-in form expecting a refusal. */
export const trySignIn = submitLogin;

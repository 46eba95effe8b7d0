import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";

test.describe.configure({ mode: "serial" });

/** The RGAA's required mention, in the footer (the page's contentinfo landmark). */
const footerLink = (page: Page) =>
  page
    .getByRole("contentinfo")
    .getByRole("link", { name: /^Accessibilité : (totalement|partiellement|non) conforme$/ });

test("the sign-in page's footer leads to the statement: the rate, the non-conformities, the Défenseur des droits", async ({
  page,
}) => {
  await page.goto("/login");
  const mention = (await footerLink(page).textContent()) ?? "";
  await footerLink(page).click();
  await expect(page).toHaveURL(/\/accessibilite$/);
  await expect(page).toHaveTitle(/^Déclaration d'accessibilité · /);
  await expect(page.getByRole("heading", { level: 1, name: "Déclaration d'accessibilité" })).toBeVisible();
  // The state the footer announces is the statement's, with the rate of docs/rgaa.md.
  const state = mention.replace("Accessibilité : ", "");
  await expect(page.getByText(`Certidesk est ${state} avec le référentiel`)).toBeVisible();
  await expect(
    page.getByText(/révèle que \d{1,3},\d\s% des critères du RGAA version 4\.1 sont respectés/),
  ).toBeVisible();
  // Each non-conformity of the checklist is listed with its criterion, as many as the figures say.
  const counted = await page.getByText(/^\d+ critères? non conformes? ;$/).textContent();
  await expect(page.getByText(/^Critère \d+\.\d+ — /)).toHaveCount(Number.parseInt(counted ?? "", 10));
  await expect(page.getByRole("heading", { name: "Voies de recours" })).toBeVisible();
  await expect(page.getByText(/Défenseur des droits, Libre réponse 71120, 75342\s+Paris CEDEX 07/)).toBeVisible();
  await expect(page.getByText("par téléphone : 09 69 39 00 00")).toBeVisible();
  await expect(page.getByRole("link", { name: "formulaire.defenseurdesdroits.fr" })).toHaveAttribute(
    "href",
    "https://formulaire.defenseurdesdroits.fr/",
  );
});

test("the director changes the contact e-mail in Settings, and the statement shows it", async ({ page }) => {
  await signIn(page, "dir@demo.fr");
  await page.goto("/app/setting/accessibilite");
  const field = page.getByRole("textbox", { name: "E-mail de contact" });
  // Refused in French under the field, nothing sent.
  await field.fill("accessibilite@");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(
    page.getByText("E-mail de contact : adresse invalide (exemple : accessibilite@organisme.fr)."),
  ).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  // A new address at each attempt: a retry runs on the same server.
  const email = `accessibilite-${Date.now()}@demo.fr`;
  await field.fill(email);
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Déclaration d'accessibilité enregistrée.")).toBeVisible();
  // The staff layout's footer leads to the statement too.
  await footerLink(page).click();
  await expect(page).toHaveURL(/\/accessibilite$/);
  await expect(page.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
});

test("the client portal and the evaluator space carry the footer", async ({ page }) => {
  await signIn(page, "client@demo.fr");
  await expect(page).toHaveURL(/\/my-ingeris\/donnees-certification$/);
  await expect(footerLink(page)).toBeVisible();
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, "auditeur@demo.fr");
  await expect(page).toHaveURL(/\/espace-evaluateur\//);
  await expect(footerLink(page)).toBeAttached();
  await footerLink(page).scrollIntoViewIfNeeded();
  await expect(footerLink(page)).toBeInViewport();
});

import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

const FORGOT_PASSWORD_ANSWER =
  "Si un compte correspond à cet identifiant, un e-mail vient de lui être envoyé avec un lien valable une heure.";

test("forgotten password: the same neutral answer, and a mail whose content stays hidden", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
  await expect(page).toHaveURL(/\/mot-de-passe-oublie$/);
  await page.getByLabel("Identifiant").fill("dir@demo.fr");
  await page.getByRole("button", { name: "Recevoir le lien" }).click();
  await expect(page.getByRole("status")).toHaveText(FORGOT_PASSWORD_ANSWER);

  // An unknown identifier gets exactly the same answer.
  await page.goto("/mot-de-passe-oublie");
  await page.getByLabel("Identifiant").fill("personne@inconnu.fr");
  await page.getByRole("button", { name: "Recevoir le lien" }).click();
  await expect(page.getByRole("status")).toHaveText(FORGOT_PASSWORD_ANSWER);

  await signIn(page, "dir@demo.fr");
  await page.goto("/app/mail");
  const row = page
    .getByRole("row")
    .filter({ hasText: "Réinitialisation de votre mot de passe" })
    .filter({ hasText: "dir@demo.fr" })
    .first();
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Aperçu" }).click();
  const preview = page.getByRole("dialog", { name: /Réinitialisation de votre mot de passe/ });
  await expect(preview).toContainText("Contenu masqué : ce message contient un lien de sécurité personnel.");
  await expect(preview).not.toContainText("token=");
});

test("a reset link that is not valid is refused in French", async ({ page }) => {
  await page.goto("/reinitialiser-mot-de-passe?token=lien-invalide-0123456789");
  await page.getByLabel("Nouveau mot de passe").fill("court");
  await page.getByLabel("Confirmation du mot de passe").fill("court");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByRole("alert")).toContainText("Le mot de passe doit contenir au moins 12 caractères.");

  await page.getByLabel("Nouveau mot de passe").fill("Printemps-2026");
  await page.getByLabel("Confirmation du mot de passe").fill("Printemps-2026");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByRole("alert")).toContainText("Ce lien de réinitialisation n'est plus valide");
  await expect(page.getByRole("link", { name: "Demander un nouveau lien" })).toBeVisible();
});

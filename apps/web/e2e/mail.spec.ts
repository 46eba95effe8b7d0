import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";
import { WALK_PORT } from "./ports";

// The main test server sends its mails to a test SMTP server; the walk server has none, which this
// test needs: the mail then waits in the outbox.
test.use({ baseURL: `http://localhost:${WALK_PORT}` });

const NO_SMTP =
  "Aucun serveur d'envoi n'est configuré : les e-mails restent « non envoyé » et partiront dès que votre administrateur technique l'aura paramétré.";

test("a mail written in the composer waits in the outbox while SMTP is not configured", async ({ page }) => {
  const subject = `Planification de votre évaluation externe ${Date.now()}`;
  await signIn(page, "dir@demo.fr");
  await page.getByRole("link", { name: "E-mails" }).click();
  await expect(page).toHaveURL(/\/app\/mail$/);
  // The walk server runs without SMTP_URL.
  await expect(page.getByText(NO_SMTP)).toBeVisible();

  await page.getByRole("button", { name: "Nouvel e-mail" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvel e-mail" });
  const to = dialog.getByRole("combobox", { name: "À" });
  await to.fill("direction@ehpad-tilleuls.demo.fr");
  await to.press("Enter");
  // Not an address: refused in French, and not kept.
  await to.fill("marie.lefebvre");
  await to.press("Enter");
  await expect(dialog.getByText("« marie.lefebvre » n'est pas une adresse e-mail valide.")).toBeVisible();
  await dialog.getByLabel("Objet").fill(subject);
  await dialog.getByLabel("Message").fill("Bonjour,\n\nNous vous proposons les 12 et 13 janvier.\n\nBien cordialement");
  await dialog.getByRole("button", { name: "Envoyer" }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: subject });
  await expect(row).toContainText("Non envoyé (en file d'attente)");
  await expect(row).toContainText("direction@ehpad-tilleuls.demo.fr");
  await expect(row).not.toContainText("marie.lefebvre");

  await row.getByRole("button", { name: "Aperçu" }).click();
  const preview = page.getByRole("dialog", { name: subject });
  await expect(preview).toContainText("Nous vous proposons les 12 et 13 janvier.");
  await expect(preview).toContainText("Claire Durand");
});

import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";

test.describe.configure({ mode: "serial" });

// The account the creation test makes and the next test administers: a new name at each attempt, since a
// retry runs on the same server, where the first attempt's account already exists.
let created = "";

test("Direction renames the company: title and header follow", async ({ page }) => {
  await signIn(page, "dir@demo.fr");
  await page.getByRole("link", { name: "Paramètres" }).click();
  await expect(page).toHaveURL(/\/app\/setting\/general$/);
  const name = page.getByLabel("Nom de la société");
  await name.fill("Qualéval Conseil");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Les données ont été sauvegardées")).toBeVisible();
  await expect(page.getByRole("banner").getByText("Qualéval Conseil")).toBeVisible();
  await expect(page).toHaveTitle("Paramètres · Qualéval Conseil");
  // A bad SIRET is refused in French, under the field, and nothing is sent.
  await page.getByLabel("SIRET").fill("123");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Le SIRET doit contenir 14 chiffres.")).toBeVisible();
  await expect(page.getByLabel("SIRET")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("SIRET")).toBeFocused();
});

/** Signs in with a provisional password: the only page that opens is the one to choose one's own. */
async function chooseOwnPassword(page: Page, identifier: string, provisional: string, chosen: string) {
  await signIn(page, identifier, provisional);
  await expect(page.getByRole("button", { name: "Enregistrer mon mot de passe" })).toBeVisible();
  // Any other page leads back here.
  await page.goto("/app/client");
  await expect(page).toHaveURL(/\/choisir-mot-de-passe$/);
  await page.getByLabel("Mot de passe provisoire").fill(provisional);
  await page.getByLabel("Nouveau mot de passe").fill(chosen);
  await page.getByLabel("Confirmation du mot de passe").fill(chosen);
  await page.getByRole("button", { name: "Enregistrer mon mot de passe" }).click();
  // Checking the provisional password and hashing the new one: two slow hashes on a busy machine.
  await page.waitForURL((url) => !url.pathname.startsWith("/choisir-mot-de-passe"), { timeout: 20_000 });
}

test("Direction creates a user, who chooses their own password at the first sign-in", async ({ page, browser }) => {
  // Two sessions and four slow password hashes (creation, two sign-ins, the change).
  test.slow();
  await signIn(page, "dir@demo.fr");
  await page.goto("/app/setting/utilisateurs");
  await page.getByRole("button", { name: "Nouvel utilisateur" }).click();
  const dialog = page.getByRole("dialog");
  created = `nouvelle-${Date.now()}@demo.fr`;
  await dialog.getByLabel("Identifiant").fill(created);
  await dialog.locator("input[type=password]").fill("Nouvelle-arrivee-2026");
  await dialog.getByLabel("Prénom").fill("Léa");
  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("Martin");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  // The creation hashes the password (a slow hash by design).
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole("cell", { name: created, exact: true })).toBeVisible();

  const other = await browser.newPage();
  await chooseOwnPassword(other, created, "Nouvelle-arrivee-2026", "Ma-propre-phrase-de-passe");
  await expect(other).toHaveURL(/\/app\/alert$/);
  await other.close();
});

// Serial: the account created by the test above.
test("Direction gives a provisional password, shown once; the user must replace it", async ({ page, browser }) => {
  test.slow();
  await signIn(page, "dir@demo.fr");
  await page.goto("/app/setting/utilisateurs");
  await page.getByLabel("Rechercher").fill(created);
  await page.getByRole("button", { name: `Mot de passe de ${created}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Vous ne choisissez pas le mot de passe d'un autre utilisateur.")).toBeVisible();
  await dialog.getByRole("button", { name: "Mot de passe provisoire" }).click();
  const provisional = (await dialog.getByLabel("Mot de passe provisoire").textContent()) ?? "";
  expect(provisional).toMatch(/^\S{4}-\S{4}-\S{4}-\S{4}$/);
  await dialog.getByRole("button", { name: "Terminé" }).click();
  await expect(page.getByText("Mot de passe provisoire").first()).toBeVisible();

  const user = await browser.newPage();
  await chooseOwnPassword(user, created, provisional, "Une-autre-phrase-bien-a-moi");
  await expect(user).toHaveURL(/\/app\/alert$/);
  await user.close();
});

test("Direction grants a right to a profile and its users see the screen", async ({ page, browser }) => {
  await signIn(page, "dir@demo.fr");
  await page.goto("/app/setting/profils");
  await page.getByText("Chargé(e) de clientèle").first().click();
  await page.getByRole("checkbox", { name: "Paramètres : Lire" }).check();
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Les données ont été sauvegardées")).toBeVisible();

  const cc = await browser.newPage();
  await signIn(cc, "cc@demo.fr");
  await expect(cc.getByRole("link", { name: "Paramètres" })).toBeVisible();
  await cc.goto("/app/setting/utilisateurs");
  await expect(cc.getByRole("cell", { name: "dir@demo.fr", exact: true }).first()).toBeVisible();
  // Read only: no creation button.
  await expect(cc.getByRole("button", { name: "Nouvel utilisateur" })).toHaveCount(0);
  await cc.close();

  // Put the default back: other specs rely on CC having no settings access.
  await page.getByRole("checkbox", { name: "Paramètres : Lire" }).uncheck();
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("checkbox", { name: "Paramètres : Lire" })).not.toBeChecked();
  await expect(page.getByRole("button", { name: "Enregistrer" })).toBeDisabled();
});

test("the logo uploaded in Settings becomes the favicon, and the theme colour applies at once", async ({ page }) => {
  await signIn(page, "dir@demo.fr");
  await page.goto("/app/setting/general");
  // A 1×1 PNG.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Déposer un logo" }).click();
  await (await chooser).setFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
  await expect(page.getByText("Le logo a été mis à jour.")).toBeVisible();
  await expect(page.locator("link#favicon")).toHaveAttribute("href", /^\/configuration\/logo\?v=\d+$/);
  const href = await page.locator("link#favicon").getAttribute("href");
  const logo = await page.request.get(href ?? "");
  expect(logo.headers()["content-type"]).toBe("image/png");

  const save = page.getByRole("button", { name: "Enregistrer" });
  const before = await save.evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.getByLabel("Couleur principale (bleu)").fill("#7b2d8e");
  await page.getByLabel("Couleur principale (bleu)").press("Enter");
  await save.click();
  await expect(page.getByText("Les données ont été sauvegardées").first()).toBeVisible();
  // Away from the button, so its hover shade does not count.
  await page.mouse.move(0, 0);
  await expect.poll(() => save.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(before);
  await expect.poll(() => save.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(123, 45, 142)");

  // Back to the default blue for the other specs' screenshots.
  await page.getByLabel("Couleur principale (bleu)").fill("#1c64b4");
  await page.getByLabel("Couleur principale (bleu)").press("Enter");
  await save.click();
  await page.mouse.move(0, 0);
  await expect.poll(() => save.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(28, 100, 180)");
});

import { expect, type Page, test } from "@playwright/test";
import { axeViolations } from "./axe";
import { signIn } from "./helpers";
import { type DemoRecords, findDemoRecords, openScreen } from "./screens";

/** Serious axe violations in the open dialog (a "saved" notification fading in beside it is not the dialog's). */
const violations = async (page: Page) =>
  (await axeViolations(page, "[role=dialog]")).map((v) => `${v.rule}: ${v.targets.join(", ")}`);
const shot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png`, fullPage: true });
};

test.describe.configure({ timeout: 120_000 });

let records: DemoRecords;
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  records = await findDemoRecords(page);
  await page.close();
});

test("a contact and an establishment are corrected where they are shown, with French messages under the fields", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, "cc@demo.fr");
  await openScreen(page, `/app/timeline-client/${records.signedClient}`);
  await shot(page, "client-contacts");
  const edit = page.getByRole("button", { name: /^Modifier le contact / }).first();
  await edit.click();
  const dialog = page.getByRole("dialog", { name: "Modifier le contact" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("E-mail").fill("pas-une-adresse");
  await dialog.getByLabel("Prénom").fill("");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog.getByText("Adresse e-mail invalide.", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Le prénom est obligatoire.", { exact: true })).toBeVisible();
  expect(await violations(page), "axe sur le contact").toEqual([]);
  await shot(page, "contact-dialog-errors");
  await dialog.getByLabel("Prénom").fill("Annabelle");
  await dialog.getByLabel("E-mail").fill("annabelle.direction@exemple.fr");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Annabelle .*annabelle\.direction@exemple\.fr/).first()).toBeVisible();
  await expect(page.getByText(/Contact Annabelle .* modifié/).first()).toBeVisible();

  await page.getByRole("button", { name: "Modifier l'établissement" }).click();
  const establishment = page.getByRole("dialog", { name: "Modifier l'établissement" });
  await expect(establishment.getByLabel("Nom de l'établissement")).not.toHaveValue("");
  await establishment.getByLabel("Code postal").fill("123");
  await establishment.getByRole("button", { name: "Enregistrer" }).click();
  await expect(establishment.getByText("Le code postal doit contenir 5 chiffres.", { exact: true })).toBeVisible();
  expect(await violations(page), "axe sur l'établissement").toEqual([]);
  await shot(page, "establishment-dialog");
  await establishment.getByRole("button", { name: "Annuler" }).click();

  // The request page: its establishments and its contact, editable in place.
  await openScreen(page, `/app/timeline-prospect/${records.quoteSentRequest}`);
  await expect(page.getByRole("button", { name: /^Modifier l'établissement / }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: /^Modifier le contact / })).toBeVisible();
  await shot(page, "request-contacts");
  await page.getByRole("button", { name: /^Modifier le contact / }).click();
  await expect(
    page.getByRole("dialog", { name: "Modifier le contact" }).getByLabel("Nom", { exact: true }),
  ).not.toHaveValue("");
});

test("the new mail suggests the chosen client's contacts", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, "cc@demo.fr");
  await openScreen(page, "/app/mail");
  await page.getByRole("button", { name: "Nouvel e-mail" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvel e-mail" });
  await dialog.getByLabel("Client", { exact: true }).click();
  await page.getByRole("option").first().click();
  // The main contact's address fills "À" at once.
  await expect(dialog.locator(".mantine-Pill-root")).not.toHaveCount(0);
  expect(await violations(page), "axe sur le nouvel e-mail").toEqual([]);
  await shot(page, "mail-composer-client");
});

test("accounting has no RH tab in the library, even by its address", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, "compta@demo.fr");
  await openScreen(page, "/app/biblio?famille=RH");
  await expect(page.getByRole("tab", { name: "Documents RH" })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Documents généraux" })).toHaveAttribute("aria-selected", "true");
  await shot(page, "biblio-compta");
});

test("the client and request pages keep their contacts within a phone's width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "cc@demo.fr");
  for (const url of [
    `/app/timeline-client/${records.signedClient}`,
    `/app/timeline-prospect/${records.quoteSentRequest}`,
  ]) {
    await openScreen(page, url);
    const width = await page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth);
    expect.soft(width, `largeur de page sur ${url}`).toBeLessThanOrEqual(390);
    await shot(page, `phone-${url.split("/")[2]}`);
  }
  await page
    .getByRole("button", { name: /^Modifier le contact / })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: "Modifier le contact" })).toBeVisible();
  await shot(page, "phone-contact-dialog");
});

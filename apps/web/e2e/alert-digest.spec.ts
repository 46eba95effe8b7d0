import { expect, test } from "@playwright/test";
import { axeViolations } from "./axe";
import { accountMenu, signIn } from "./helpers";

for (const viewport of [
  { name: "bureau", width: 1280, height: 800 },
  { name: "téléphone", width: 390, height: 844 },
]) {
  test(`a staff user subscribes to the daily digest of their alerts (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, "cmcc@demo.fr");
    await expect(page).toHaveURL(/\/app\/alert$/);
    await accountMenu(page).click();
    await page.getByRole("menuitem", { name: "Résumé quotidien de mes alertes" }).click();
    const dialog = page.getByRole("dialog", { name: "Résumé de mes alertes" });
    const toggle = dialog.getByLabel(/^Recevoir chaque jour le résumé de mes alertes/);
    await expect(toggle).toBeVisible();
    // The saved choice (the other viewport's run may have changed it), shown once the dialog has read it.
    const before = (await (await page.request.get("/api/alerts/digest/preference")).json()).alertDigest as boolean;
    await expect(toggle).toBeChecked({ checked: before });
    await expect(toggle).toBeEnabled();
    // From the keyboard (Mantine draws the track over the transparent input): the switch follows the saved value.
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toBeChecked({ checked: !before });
    const saved = await page.request.get("/api/alerts/digest/preference");
    expect((await saved.json()).alertDigest).toBe(!before);
    await expect(page.getByRole("status").filter({ hasText: "Enregistré" })).toBeVisible();
    await page.waitForTimeout(1000);
    const violations = await axeViolations(page);
    expect(violations.map((v) => `${v.rule} ${v.targets.join(", ")}`)).toEqual([]);
    await page.screenshot({ path: `test-results/alert-digest-${viewport.width}.png` });
  });
}

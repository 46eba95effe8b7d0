import { test } from "@playwright/test";
import { signIn } from "./helpers";

// Not an assertion: writes screenshots to look at (npm run test:e2e -- screenshots).
test.skip(!process.env.SCREENSHOTS, "screenshots only on demand (SCREENSHOTS=dir)");

test("screenshots", async ({ page }) => {
  const dir = process.env.SCREENSHOTS ?? "/tmp";
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto("/login");
  await page.screenshot({ path: `${dir}/login.png` });
  await signIn(page, "dir@demo.fr");
  await page.waitForURL("**/app/alert");
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${dir}/alert.png` });
  for (const tab of ["general", "profils", "utilisateurs", "journal"]) {
    await page.goto(`/app/setting/${tab}`);
    await page.waitForTimeout(700);
    await page.screenshot({ path: `${dir}/setting-${tab}.png`, fullPage: true });
  }
  await page.goto("/app/biblio");
  await page.screenshot({ path: `${dir}/unknown.png` });
});

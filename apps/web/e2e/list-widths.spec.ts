import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";
import { PHONE } from "./phone-width";
import { openScreen, openScreenInApp } from "./screens";

/** A desk's small screen: every list fits it with its actions in view, without scrolling sideways. */
const DESK = { width: 1280, height: 800 };
const MAIN_LISTS = [
  "alert",
  "alert?page=alert-performance",
  "prospect",
  "client",
  "gestionnaire",
  "mission",
  "evaluateur",
  "facture",
  "frais",
  "mail",
  "biblio?famille=AUDITOR",
  "setting/utilisateurs",
];

/** How the screen's first list sits in its frame and in the window. */
async function listFit(page: Page) {
  const scroller = page.locator("[data-table-scroller]").first();
  await expect(scroller.locator("tbody tr[data-index]").first()).toBeVisible();
  return scroller.evaluate((frame) => {
    const headers = frame.querySelectorAll("thead th");
    const last = headers[headers.length - 1]?.getBoundingClientRect();
    const box = frame.getBoundingClientRect();
    return {
      sideways: frame.scrollWidth - frame.clientWidth,
      lastColumnRight: last?.right ?? 0,
      lastColumnTitle: headers[headers.length - 1]?.textContent ?? "",
      frameRight: Math.min(box.right, window.innerWidth),
    };
  });
}

test.describe("lists at their real sizes", () => {
  test.describe.configure({ timeout: 180_000 });

  test("at 1280 px every main list shows its last column, the actions, without scrolling sideways", async ({
    page,
  }) => {
    await page.setViewportSize(DESK);
    await signIn(page, "dir@demo.fr");
    for (const [i, path] of MAIN_LISTS.entries()) {
      await (i === 0 ? openScreen : openScreenInApp)(page, `/app/${path}`);
      const fit = await listFit(page);
      expect.soft(fit.sideways, `défilement latéral sur /app/${path}`).toBeLessThanOrEqual(1);
      expect
        .soft(fit.lastColumnRight, `dernière colonne (${fit.lastColumnTitle}) visible sur /app/${path}`)
        .toBeLessThanOrEqual(fit.frameRight + 1);
    }
  });

  test("on a phone a list's rows are cards, their actions on screen", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, "dir@demo.fr");
    await openScreen(page, "/app/alert");
    const card = page.locator("tbody tr[data-index]").first();
    await expect(card.getByRole("button", { name: "Plus d'actions" })).toBeInViewport();
    const fit = await listFit(page);
    expect(fit.sideways).toBeLessThanOrEqual(1);
    // Narrowed from a desk's width, the same list follows without a reload.
    await page.setViewportSize(DESK);
    await expect(page.locator("thead th").last()).toBeInViewport();
    await page.setViewportSize(PHONE);
    await expect(card.getByRole("button", { name: "Plus d'actions" })).toBeInViewport();
  });
});

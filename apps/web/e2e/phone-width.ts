import { expect, type Page } from "@playwright/test";

/** A phone held upright: every screen must be usable at 390 px, without scrolling the page sideways. */
export const PHONE = { width: 390, height: 844 };

export async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, innerWidth: window.innerWidth };
  });
}

async function fits(page: Page) {
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  const box = await page.locator("h1").first().boundingBox();
  return { scrollWidth, innerWidth, titleOnScreen: !!box && box.x >= 0 && box.x + box.width <= innerWidth + 1 };
}

/**
 * The open screen fits the page's width (soft checks): no sideways scrolling, its title on screen. Looked at
 * again for a moment when it does not: after a resize, the layouts a script's media query chooses follow a
 * render later.
 */
export async function expectFitsWidth(page: Page, url: string) {
  let seen = await fits(page);
  for (let attempt = 0; attempt < 10 && (seen.scrollWidth > seen.innerWidth || !seen.titleOnScreen); attempt++) {
    await page.waitForTimeout(200);
    seen = await fits(page);
  }
  expect.soft(seen.scrollWidth, `largeur de page sur ${url}`).toBeLessThanOrEqual(seen.innerWidth);
  expect.soft(seen.titleOnScreen, `titre visible sur ${url}`).toBe(true);
}

/** The open screen, narrowed to a phone's width and checked, then given back its size. */
export async function expectFitsPhone(page: Page, url: string) {
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  await expectFitsWidth(page, url);
  if (size) await page.setViewportSize(size);
}

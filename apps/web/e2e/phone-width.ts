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

/** What sticks out past the window's right edge outside any scrolling box: the failure's first clue. */
function widestOffenders(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement)
        if (/auto|hidden|scroll|clip/.test(getComputedStyle(p).overflowX)) return true;
      return false;
    };
    const out = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !clipped(el))
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)} « ${(el.textContent ?? "").slice(0, 30)} »`,
      );
    return out.length ? ` (dépassent : ${out.join(" ; ")})` : "";
  });
}

/**
 * The open screen fits the page's width (soft checks): no sideways scrolling, its title on screen. Looked at
 * again for a moment when it does not: after a resize, the layouts a script's media query chooses follow a
 * render later.
 */
export async function expectFitsWidth(page: Page, url: string) {
  let seen = await fits(page);
  // Up to 5 s: the statistics' charts lay themselves out again after a resize, late on a busy machine.
  for (let attempt = 0; attempt < 25 && (seen.scrollWidth > seen.innerWidth || !seen.titleOnScreen); attempt++) {
    await page.waitForTimeout(200);
    seen = await fits(page);
  }
  const offenders = seen.scrollWidth > seen.innerWidth ? await widestOffenders(page) : "";
  expect.soft(seen.scrollWidth, `largeur de page sur ${url}${offenders}`).toBeLessThanOrEqual(seen.innerWidth);
  expect.soft(seen.titleOnScreen, `titre visible sur ${url}`).toBe(true);
}

/**
 * WCAG 1.4.10 (reflow): content readable at 320 CSS px without scrolling in two directions (data tables
 * excepted: they become cards or scroll inside themselves).
 */
export const REFLOW = { width: 320, height: 640 };
/** WCAG 1.4.4: a 1280 × 800 desk's window at 200 % zoom lays the page out in 640 × 400 CSS px. */
export const ZOOM_200 = { width: 640, height: 400 };

/**
 * The open screen, narrowed to each of `sizes` and checked (with `check` at each, e.g. an axe pass), then
 * given back its size.
 */
export async function expectFitsWidths(
  page: Page,
  url: string,
  sizes: { width: number; height: number }[],
  check?: (width: number) => Promise<void>,
) {
  const size = page.viewportSize();
  for (const narrow of sizes) {
    await page.setViewportSize(narrow);
    await expectFitsWidth(page, `${url} (${narrow.width} px)`);
    await check?.(narrow.width);
  }
  if (size) await page.setViewportSize(size);
}

import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";
import { openScreen } from "./screens";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
for (const width of [1280, 390]) {
  test(`statistics at ${width}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, "dir@demo.fr");
    for (const path of ["statistiques", "statistiques?onglet=liens"]) {
      await openScreen(page, `/app/${path}`);
      await page.waitForTimeout(1500);
      const r = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      const bad = r.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect.soft(bad.map((v) => ({ id: v.id, t: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) })), path).toEqual([]);
      const sw = await page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth);
      expect.soft(sw, path).toBeLessThanOrEqual(width);
      const name = path.includes("liens") ? "liens" : "clients";
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, i = 0; y < height && i < 5; y += 1400, i++)
        await page.screenshot({
          path: `/tmp/stats-shot-${width}-${name}-${i}.png`,
          fullPage: true,
          clip: { x: 0, y, width, height: Math.min(1400, height - y) },
        });
    }
  });
}

import { chromium } from "@playwright/test";

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const ctx = await browser.newContext({
  baseURL: "http://localhost:3330",
  locale: "fr-FR",
  viewport: { width: 390, height: 844 },
});
const page = await ctx.newPage();
await page.goto("/login");
await page.getByLabel("Identifiant").fill("dir@demo.fr");
await page.locator("input[autocomplete=current-password]").fill("Demo-2026");
await page.getByRole("button", { name: "Se connecter" }).click();
await page.waitForURL("**/app/alert");
for (const url of process.argv.slice(2)) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
  const r = await page.evaluate(() => {
    const root = document.scrollingElement;
    const wide = [...document.querySelectorAll("body *")]
      .filter(
        (e) =>
          e.getBoundingClientRect().right > innerWidth + 1 &&
          !e.closest("[data-table-scroller]") &&
          !e.closest(".mantine-ScrollArea-root, .mantine-Table-scrollContainer, [class*=scrollContainer]"),
      )
      .slice(0, 4)
      .map(
        (e) =>
          e.tagName +
          "." +
          (e.className?.toString?.() ?? "").slice(0, 60) +
          " " +
          Math.round(e.getBoundingClientRect().right),
      );
    return { sw: root.scrollWidth, iw: innerWidth, wide };
  });
  console.log(url, r.sw, r.iw, r.sw > r.iw ? JSON.stringify(r.wide) : "");
  const name = url.replace(/[^a-z0-9]+/gi, "_");
  await page.screenshot({ path: `/tmp/scr/phone${name}.png` });
}
await browser.close();

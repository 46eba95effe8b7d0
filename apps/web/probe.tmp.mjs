import AxeBuilder from "@axe-core/playwright";
import { chromium } from "@playwright/test";

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const ctx = await browser.newContext({ baseURL: "http://localhost:3330", locale: "fr-FR" });
const page = await ctx.newPage();
await page.goto("/login");
await page.getByLabel("Identifiant").fill("dir@demo.fr");
await page.locator("input[autocomplete=current-password]").fill("Demo-2026");
await page.getByRole("button", { name: "Se connecter" }).click();
await page.waitForURL("**/app/alert");
for (const url of process.argv.slice(2)) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
  const r = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  for (const v of r.violations.filter((v) => v.impact === "serious" || v.impact === "critical"))
    for (const n of v.nodes.slice(0, 6))
      console.log(url, v.id, n.html.slice(0, 160), "|", n.failureSummary?.replace(/\n/g, " ").slice(0, 250));
}
await browser.close();

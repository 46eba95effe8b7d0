import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";
import { expectFitsWidth, horizontalOverflow, PHONE } from "./phone-width";
import { type DemoRecords, EVALUATOR_SPACE_TABS, findDemoRecords, openScreen, PUBLIC_SCREENS } from "./screens";

// The back-office screens are walked at this width with the accessibility walk (accessibility.spec.ts),
// one load per screen; here, what a phone's user does beyond fitting the page.
test.use({ viewport: PHONE });

let records: DemoRecords;
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  records = await findDemoRecords(page);
  await page.close();
});

async function checkPhoneScreen(page: Page, url: string) {
  await openScreen(page, url);
  await expectFitsWidth(page, url);
}

test.describe("390 px wide", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the client list shows each establishment as a card: its name, its key columns, its actions", async ({
    page,
  }) => {
    await signIn(page, "dir@demo.fr");
    await openScreen(page, "/app/client");
    const firstRow = page.locator("tbody tr[data-index]").first();
    const name = firstRow.locator("td").first();
    await expect(name).toBeVisible();
    const box = await name.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(300);
    await expect(name.locator(".mantine-Text-root").first()).not.toHaveText("");
    // The card names each value by its column, and keeps the row's actions on screen.
    await expect(firstRow.getByText("Évaluation", { exact: true })).toBeVisible();
    await expect(firstRow.getByRole("button").last()).toBeInViewport();
    // The sort buttons left in the header do not overlap: each starts where the previous one ends.
    const headers = await page.locator("thead th[aria-sort]").evaluateAll((ths) =>
      ths.map((th) => {
        const r = th.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top };
      }),
    );
    expect(headers.length).toBeGreaterThan(0);
    for (let i = 1; i < headers.length; i++)
      if (headers[i]?.top === headers[i - 1]?.top)
        expect(headers[i]?.left ?? 0).toBeGreaterThanOrEqual((headers[i - 1]?.right ?? 0) - 1);
  });

  test("the quote dialog fills the phone's screen and can be used", async ({ page }) => {
    await signIn(page, "dir@demo.fr");
    await openScreen(page, `/app/timeline-prospect/${records.quoteDraftRequest}`);
    await page.getByRole("button", { name: "Nouveau devis" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(380);
    const { scrollWidth, innerWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    // Its save button is reachable on screen.
    const save = dialog.getByRole("button", { name: /Enregistrer|Créer le devis/ }).first();
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
  });

  test("the client portal and the evaluator space fit the phone's width", async ({ page }) => {
    await signIn(page, "client@demo.fr");
    await checkPhoneScreen(page, "/my-ingeris/donnees-certification");
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, "auditeur@demo.fr");
    await expect(page).toHaveURL(/\/espace-evaluateur\//);
    const path = new URL(page.url()).pathname;
    for (const tab of EVALUATOR_SPACE_TABS) await checkPhoneScreen(page, `${path}${tab}`);
  });

  test("the public mission-order page fits the phone's width", async ({ page }) => {
    for (const url of PUBLIC_SCREENS) await checkPhoneScreen(page, url);
  });
});

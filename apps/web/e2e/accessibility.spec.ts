import { expect, type Page, test } from "@playwright/test";
import { axeViolations } from "./axe";
import { signIn } from "./helpers";
import { expectFitsWidths, REFLOW, ZOOM_200 } from "./phone-width";
import {
  type DemoRecords,
  EVALUATOR_SPACE_TABS,
  findDemoRecords,
  mayOpen,
  openScreen,
  openScreenInApp,
  PUBLIC_SCREENS,
  permissionsOf,
  STAFF_ACCOUNTS,
  staffScreens,
} from "./screens";

async function checkScreen(page: Page, url: string) {
  // Within the app, as its links do: the app loads once per walk, not once per screen.
  await openScreenInApp(page, url);
  expect.soft(await axeViolations(page), `axe sur ${url}`).toEqual([]);
}

/** Reflow at 320 px (with its own axe pass: the cards and menus of a narrow screen are other markup) and 200 % zoom. */
async function checkNarrow(page: Page, url: string) {
  await expectFitsWidths(page, url, [REFLOW, ZOOM_200], async (width) => {
    if (width === REFLOW.width) expect.soft(await axeViolations(page), `axe sur ${url} à ${width} px`).toEqual([]);
  });
}

let records: DemoRecords;
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  records = await findDemoRecords(page);
  await page.close();
});

test.describe("axe-core: no violation of any WCAG 2.2 A or AA rule, at a desk, at 320 px and at 200 % zoom", () => {
  test.describe.configure({ timeout: 600_000 });

  test("signed-out screens", async ({ page }) => {
    for (const url of [
      "/login",
      "/mot-de-passe-oublie",
      "/reinitialiser-mot-de-passe?token=inconnu",
      ...PUBLIC_SCREENS,
    ]) {
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      expect.soft(await axeViolations(page), `axe sur ${url}`).toEqual([]);
      await checkNarrow(page, url);
    }
  });

  // The director walks every screen and variant (tabs, families) once: axe on the page as a desk shows
  // it, then the same page narrowed to 320 px (axe again) and to a desk's width at 200 % zoom, which must
  // not scroll sideways.
  // A screen seen with fewer rights differs only by the controls it hides, so the seven other profiles
  // check access, not markup: each opens its landing screen and one in three of the screens it may open
  // (the third shifted from one profile to the next, so that together they cover their screens), then
  // a screen outside its rights, refused inside the app's frame (that page checked by axe once).
  const SHARE = 3;
  // The director's walk in parts, each with its own time: on a busy machine a retry redoes a part.
  const DIRECTOR_PARTS = 4;
  for (let part = 0; part < DIRECTOR_PARTS; part++) {
    test(`every screen dir@demo.fr may open, at a desk and on a phone, part ${part + 1}/${DIRECTOR_PARTS}`, async ({
      page,
    }) => {
      await signIn(page, "dir@demo.fr");
      const permissions = await permissionsOf(page);
      const screens = staffScreens(records).filter((path) => mayOpen(path, permissions));
      expect(screens.length).toBeGreaterThan(DIRECTOR_PARTS);
      for (const [i, path] of screens.entries())
        if (i % DIRECTOR_PARTS === part) {
          await checkScreen(page, `/app/${path}`);
          await checkNarrow(page, `/app/${path}`);
        }
    });
  }

  let refusalChecked = false;
  STAFF_ACCOUNTS.forEach((account, index) => {
    if (account === "dir@demo.fr") return;
    test(`${account}: its share of the screens, and a refusal`, async ({ page }) => {
      await signIn(page, account);
      const permissions = await permissionsOf(page);
      const allowed = staffScreens(records, { variants: false }).filter((path) => mayOpen(path, permissions));
      const screens = allowed.filter((_, i) => i === 0 || (i + index) % SHARE === 0);
      expect(screens.length).toBeGreaterThan(1);
      for (const path of screens) {
        await openScreenInApp(page, `/app/${path}`);
        await expect(page.getByRole("heading", { level: 1, name: "Accès refusé" }), `/app/${path}`).toHaveCount(0);
      }
      const refused = staffScreens(records).find((path) => !mayOpen(path, permissions));
      if (refused) {
        await openScreen(page, `/app/${refused}`);
        await expect(page.getByRole("heading", { level: 1, name: "Accès refusé" })).toBeVisible();
        await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeAttached();
        if (!refusalChecked) expect.soft(await axeViolations(page), `axe sur /app/${refused}`).toEqual([]);
        refusalChecked = true;
      }
    });
  });

  test("the client portal", async ({ page }) => {
    await signIn(page, "client@demo.fr");
    await checkScreen(page, "/my-ingeris/donnees-certification");
    await checkNarrow(page, "/my-ingeris/donnees-certification");
  });

  test("the evaluator space", async ({ page }) => {
    await signIn(page, "auditeur@demo.fr");
    await expect(page).toHaveURL(/\/espace-evaluateur\//);
    const path = new URL(page.url()).pathname;
    for (const tab of EVALUATOR_SPACE_TABS) {
      await checkScreen(page, `${path}${tab}`);
      await checkNarrow(page, `${path}${tab}`);
    }
  });

  test("the dialogs of the commercial pipeline", async ({ page }) => {
    await signIn(page, "dir@demo.fr");
    await openScreen(page, `/app/timeline-prospect/${records.quoteDraftRequest}`);
    await page.getByRole("button", { name: "Nouveau devis" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect.soft(await axeViolations(page), "axe sur le devis").toEqual([]);
    await page.keyboard.press("Escape");
    await openScreen(page, "/app/mail");
    await page.getByRole("button", { name: "Nouvel e-mail" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect.soft(await axeViolations(page), "axe sur le nouvel e-mail").toEqual([]);
  });
});

test("the keyboard reaches the skip link first, and the password's eye", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Identifiant").fill("dir@demo.fr");
  const password = page.locator("input[autocomplete=current-password]");
  await password.fill("Demo-2026");
  await password.press("Tab");
  const eye = page.getByRole("button", { name: "Afficher le mot de passe" });
  await expect(eye).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(password).toHaveAttribute("type", "text");
  await expect(eye).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.waitForURL("**/app/alert");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // From the top of a freshly loaded page. Not by blurring: the browser keeps the place of the
  // signing-in button it removed as the starting point of the next Tab, which then may leave the page.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Aller au contenu" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});

import { expect, type Page, test } from "@playwright/test";
import { axeViolations } from "./axe";
import { signedInPage, signIn } from "./helpers";

const field = (page: Page) => page.getByRole("combobox", { name: "Rechercher" });
const group = (page: Page, name: string) => page.getByRole("listbox").getByRole("group", { name });

/** The names of the result groups on screen. */
const groupNames = (page: Page) =>
  page
    .getByRole("listbox")
    .getByRole("group")
    .evaluateAll((groups) =>
      groups.map((g) => document.getElementById(g.getAttribute("aria-labelledby") ?? "")?.textContent ?? ""),
    );

test("Ctrl+K finds a client by a misspelt word and opens it", async ({ page }) => {
  await signIn(page, "dir@demo.fr");
  await expect(page.getByRole("heading", { name: "Alertes" })).toBeVisible();
  await page.keyboard.press("Control+K");
  await expect(field(page)).toBeFocused();
  // "Tilleuls" with a letter left out.
  await field(page).fill("ehpad tileuls");
  const clients = group(page, "Clients et établissements");
  const tilleuls = clients.getByRole("option", { name: /EHPAD Les Tilleuls/ }).first();
  await expect(tilleuls).toContainText("orthographe approchée");
  expect(await axeViolations(page, "[role=dialog]")).toEqual([]);
  // The best result comes first: the keyboard is on it.
  await expect(tilleuls).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/app\/timeline-client\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "EHPAD Les Tilleuls" }).first()).toBeVisible();

  // "/" opens the bar again, where the record opened lately waits.
  await page.keyboard.press("/");
  await expect(field(page)).toBeFocused();
  await expect(group(page, "Ouverts récemment").getByRole("option", { name: /EHPAD Les Tilleuls/ })).toBeVisible();
  await expect(group(page, "Actions").getByRole("option", { name: /Nouvelle demande/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a client user's search shows only their own records", async ({ page, browser }) => {
  // The Direction finds several establishments for "ehpad"…
  const direction = await signedInPage(browser, "dir@demo.fr");
  await direction.getByRole("button", { name: /^Rechercher/ }).click();
  await field(direction).fill("ehpad");
  await expect(group(direction, "Clients et établissements").getByRole("option").nth(1)).toBeVisible();
  await direction.context().close();

  // …the client user only their own, and none of the records staff alone see.
  await signIn(page, "client@demo.fr");
  await expect(page.getByRole("heading", { name: "EHPAD Les Tilleuls" })).toBeVisible();
  await page.getByRole("button", { name: /^Rechercher/ }).click();
  await field(page).fill("ehpad");
  const clients = group(page, "Clients et établissements").getByRole("option");
  await expect(clients).toHaveCount(1);
  await expect(clients).toContainText("EHPAD Les Tilleuls");
  const shown = await groupNames(page);
  expect(
    shown.filter(
      (name) => !["Clients et établissements", "Missions", "Factures et avoirs", "Documents"].includes(name),
    ),
  ).toEqual([]);
  expect(await axeViolations(page, "[role=dialog]")).toEqual([]);

  // Their mission opens on the portal, at its card.
  await group(page, "Missions").getByRole("option").first().click();
  await expect(page).toHaveURL(/\/my-ingeris\/donnees-certification#mission-[0-9a-f-]{36}$/);
});

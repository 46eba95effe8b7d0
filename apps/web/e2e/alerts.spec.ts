import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";
import { WALK_PORT } from "./ports";

// Its own server and demo base (playwright.config.ts): this walk changes a mission's team, which
// the screens of the main server's specs (e2e/screens.ts opens the first planned mission) may show.
test.use({ baseURL: `http://localhost:${WALK_PORT}` });

/** Les Tilleuls belongs to the mission walk (same server): this walk leaves it alone. */
const MISSION_WALK_ESSMS = "EHPAD Les Tilleuls";
const REFUSED = "Ordre de mission refusé";
const REFUSED_TYPE = "mission-order-refused";

const tabCount = async (page: Page, label: string) => {
  const tab = page.getByRole("tab", { name: new RegExp(`^${label} \\d+$`) });
  await expect(tab).toBeVisible();
  return Number((await tab.textContent())?.match(/\d+$/)?.[0]);
};

/**
 * The CPI's morning: the alerts are the landing page; on Planifications, a mission order an
 * evaluator refused; the row leads to the mission, where the CPI puts an eligible evaluator on the
 * team in the refused one's place; back on the alerts, that case is gone and the count went down.
 */
test("the CPI follows a refused mission order to its mission, replaces the evaluator, and the alert is gone", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, "cpi@demo.fr");
  await expect(page).toHaveURL(/\/app\/alert/);
  await expect(page.getByRole("heading", { name: "Alertes", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Mes dernières actions" })).toBeVisible();

  // ---- Planifications, only the refused orders.
  const before = await tabCount(page, "Planifications");
  expect(before).toBeGreaterThan(0);
  await page.getByRole("tab", { name: /^Planifications / }).click();
  await expect(page).toHaveURL(/[?&]page=alert-planification/);
  const table = page.getByRole("table", { name: "Alertes : Planifications" });
  await page.getByRole("combobox", { name: "Type d'alerte" }).click();
  await page.getByRole("option", { name: new RegExp(`^${REFUSED} \\(\\d+\\)$`) }).click();
  await expect(page).toHaveURL(/[?&]type=mission-order-refused/);
  const refusedRows = () =>
    table.getByRole("row").filter({ hasText: REFUSED }).filter({ hasNotText: MISSION_WALK_ESSMS });
  await expect(refusedRows().first()).toBeVisible();
  const refusedBefore = await refusedRows().count();

  // Some demo teams cannot be saved as they stand (a remaining member is blocked by the impartiality
  // rules for this establishment): the CPI then goes back and takes the next refused order.
  let establishment = "";
  let saved = false;
  for (let attempt = 0; attempt < refusedBefore && !saved; attempt++) {
    if (attempt > 0) await page.goto(`/app/alert?page=alert-planification&type=${REFUSED_TYPE}`);
    const row = refusedRows().nth(attempt);
    // The establishment column, after the selection box and the alert.
    establishment = (await row.locator("td").nth(2).locator(".mantine-Text-root").first().textContent())?.trim() ?? "";
    expect(establishment).not.toBe("");
    // The action to carry out.
    await expect(row.getByText("Remplacer l'évaluateur")).toBeVisible();

    // ---- The row leads to the mission; its evaluator tab.
    await row.getByText(establishment, { exact: true }).click();
    await expect(page).toHaveURL(/\/app\/mission\/[^/]+\/[^/?]+/);
    await page.getByRole("tab", { name: "Évaluateur" }).click();
    await expect(page.getByRole("table", { name: "Ordres de mission" })).toBeVisible();

    // ---- Replace: the first eligible evaluator proposed joins the team.
    const ranking = page.getByRole("table", { name: "Évaluateurs proposés" });
    // Not refused: eligible, or to justify (the demo's evaluators cover few départements: zone warnings).
    const eligible = ranking
      .getByRole("row")
      .filter({ hasText: /Éligible|À justifier/ })
      .first();
    await expect(eligible).toBeVisible({ timeout: 20_000 });
    const name = (await eligible.getAttribute("aria-label")) ?? "";
    await eligible.getByRole("button", { name: `Ajouter ${name}` }).click();
    await expect(page.getByLabel(`Équipe : ${name}`)).toBeVisible();
    // The newcomer takes the refused evaluator's place: coordinator too when that was their role
    // (a team has exactly one coordinator; the demo removed the refused one from the team).
    const team = page.getByRole("radiogroup", { name: "Coordinateur(rice)" });
    if ((await team.getByRole("radio", { checked: true }).count()) === 0)
      await page.getByLabel(`Équipe : ${name}`).getByLabel("Coordinateur(rice)").check();
    // Saving checks every member again: one the rules ask to justify gets the CPI's justification.
    const justifications = page.getByRole("textbox", { name: "Justification (conservée au journal)" });
    for (let i = 0; i < (await justifications.count()); i++)
      if (!(await justifications.nth(i).inputValue()))
        await justifications.nth(i).fill("Maintenu(e) lors du remplacement après un ordre de mission refusé.");
    await page.getByRole("button", { name: "Enregistrer l'équipe" }).click();
    const done = page.getByText("Équipe d'évaluation enregistrée.");
    const refused = page.getByRole("alert", { name: "Équipe non enregistrée" });
    await expect(done.or(refused)).toBeVisible();
    saved = await done.isVisible();
  }
  expect(saved, "une équipe enregistrée avec le remplaçant").toBe(true);

  // ---- Back to the alerts: that refused order is no longer there.
  await page.goto(`/app/alert?page=alert-planification&type=${REFUSED_TYPE}`);
  await expect(table).toBeVisible();
  await expect(refusedRows()).toHaveCount(refusedBefore - 1);
  // Exactly that establishment: « CHRS Sainte-Marthe » must not match « CHRS Sainte-Marthe (Strasbourg) ».
  await expect(table.getByRole("row").filter({ has: page.getByText(establishment, { exact: true }) })).toHaveCount(0);
  // Down by one at least: a team made whole may also end its "équipe incomplète" alert.
  expect(await tabCount(page, "Planifications")).toBeLessThan(before);
});

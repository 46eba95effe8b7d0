import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";

/** The visit days, set through the API as the Préparation tab does (PUT /api/missions/{id}/days). */
async function setVisitDays(page: Page, missionId: string, days: string[]) {
  const csrf = (await page.context().cookies()).find((c) => c.name === "certidesk_csrf")?.value ?? "";
  const detail = await (await page.request.get(`/api/missions/${missionId}`)).json();
  const response = await page.request.put(`/api/missions/${missionId}/days`, {
    headers: { "x-csrf-token": csrf },
    data: {
      days: days.map((day) => ({ day, timeSlotId: 1, programme: [] })),
      // The team's warnings on these days (zone, leave…) are kept with this justification.
      justification: "Jours convenus avec l'équipe.",
      version: detail.version,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test("CPI staffs a mission à programmer: team of two with a coordinator, proposals, mission orders sent; then the planning board", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "cpi@demo.fr");

  // The list, filtered on « à programmer ».
  await page.getByRole("link", { name: "Missions" }).click();
  await expect(page).toHaveURL(/\/app\/mission$/);
  const list = page.getByRole("table", { name: "Liste des missions" });
  await expect(list).toBeVisible();
  await page.getByText(/^À programmer \(\d+\)$/).click();
  await expect(page).toHaveURL(/statut=TO_PLAN/);
  await expect(list.getByText("À programmer").first()).toBeVisible();

  // A mission with no team yet, of one establishment (not a grouped evaluation, badge G).
  const row = list
    .getByRole("row")
    .filter({ hasText: "À programmer" })
    .filter({ hasNot: page.locator('[data-badge="G"]') })
    .first();
  const name = (await row.locator(".mantine-Text-root").first().textContent())?.trim() ?? "";
  await row.click();
  await expect(page).toHaveURL(/\/app\/mission\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const missionId = page.url().split("/").at(-1) ?? "";

  // Évaluateur: two eligible evaluators from the ranking, the first coordinating (one who has the role).
  await page.getByRole("tab", { name: "Évaluateur" }).click();
  await expect(page).toHaveURL(/onglet=evaluateur/);
  const ranking = page.getByRole("table", { name: "Évaluateurs proposés" });
  // Not refused: eligible, or to justify (the demo's evaluators cover few départements: zone warnings).
  const eligible = ranking.getByRole("row").filter({ hasText: /Éligible|À justifier/ });
  await expect(eligible.first()).toBeVisible({ timeout: 20_000 });
  const lead = eligible.filter({ hasText: "Peut coordonner" }).first();
  const first = (await lead.getAttribute("aria-label")) ?? "";
  await lead.getByRole("button", { name: /^Ajouter/ }).click();
  await expect(page.getByLabel(`Équipe : ${first}`)).toBeVisible();
  const second = (await eligible.first().getAttribute("aria-label")) ?? "";
  await eligible
    .first()
    .getByRole("button", { name: /^Ajouter/ })
    .click();
  await expect(page.getByLabel(`Équipe : ${second}`)).toBeVisible();
  await page.getByLabel(`Équipe : ${first}`).getByLabel("Coordinateur(rice)").check();
  const justifications = page.getByRole("textbox", { name: "Justification (conservée au journal)" });
  for (let i = 0; i < (await justifications.count()); i++)
    await justifications.nth(i).fill("Binôme retenu malgré la distance.");
  await page.getByRole("button", { name: "Enregistrer l'équipe" }).click();
  await expect(page.getByText("Équipe d'évaluation enregistrée.")).toBeVisible();
  await expect(page.getByRole("row", { name: `Ordre de mission de ${first}` })).toContainText("À envoyer");
  await expect(page.getByRole("row", { name: `Ordre de mission de ${second}` })).toContainText("À envoyer");

  // The proposals to the establishment and to the evaluators, recorded with their date.
  await page.getByRole("button", { name: "Proposer à l'établissement" }).click();
  await expect(page.getByText("Équipe proposée à l'établissement.")).toBeVisible();
  await page.getByRole("button", { name: "Proposer aux évaluateurs" }).click();
  await expect(page.getByText("Mission proposée aux évaluateurs.")).toBeVisible();
  await expect(page.getByText(/^Envoyée le \d{2}\/\d{2}\/\d{4} à /)).toHaveCount(2);

  // The visit days (Préparation), then the mission orders.
  // Days of the coming week: within the validity of the team's documents (the rules check them on the days).
  const dayAfter = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  let start = 3;
  if (dayAfter(start).slice(0, 7) !== dayAfter(start + 1).slice(0, 7)) start += 2;
  const visit = [dayAfter(start), dayAfter(start + 1)];
  const month = visit[0]?.slice(0, 7) ?? "";
  const french = (day = "") => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  const monthName = new Date(`${month}-15T12:00:00Z`).toLocaleDateString("fr-FR", { month: "long", year: "numeric" });
  await setVisitDays(page, missionId, visit);
  await page.reload();
  await page.getByRole("button", { name: "Envoyer les ordres de mission (2)" }).click();
  await expect(page.getByText("Ordres de mission envoyés.")).toBeVisible();
  await expect(page.getByRole("row", { name: `Ordre de mission de ${first}` })).toContainText("Envoyé");
  await expect(page.getByRole("row", { name: `Ordre de mission de ${second}` })).toContainText("Envoyé");
  await expect(
    page.getByRole("row", { name: `Ordre de mission de ${first}` }).getByRole("link", { name: /PDF/ }),
  ).toBeVisible();

  // The planning board of the visit's month: the visit on both evaluators' rows.
  await page.getByRole("link", { name: "← Missions" }).click();
  await page.getByText("Planning", { exact: true }).click();
  await expect(page).toHaveURL(/vue=planning/);
  await expect(page.getByRole("table", { name: /^Planning des évaluateurs/ })).toBeVisible();
  // The board opens on the current month; the visit is within days, this month or the next.
  if (month !== new Date().toISOString().slice(0, 7)) {
    await page.getByRole("button", { name: "Mois suivant" }).click();
    await expect(page).toHaveURL(new RegExp(`mois=${month}`));
  }
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(monthName, "i") })).toBeVisible();
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const bars = page.getByRole("link", {
    name: new RegExp(`${escaped}.*du ${french(visit[0])} au ${french(visit[1])}`),
  });
  await expect(bars).toHaveCount(2);
});

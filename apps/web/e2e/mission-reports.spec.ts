import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";

/** A one-page PDF (the server recognises files by their content). */
const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n% ${text}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  );

async function upload(page: Page, label: string, button: string, name: string) {
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: button }) });
  await form.locator('input[type="file"]').setInputFiles({ name, mimeType: "application/pdf", buffer: pdf(name) });
  await form.getByRole("button", { name: button }).click();
  await expect(page.getByText(label).first()).toBeVisible();
}

async function as(page: Page, identifier: string, url: string) {
  await page.context().clearCookies();
  await signIn(page, identifier);
  await page.goto(url);
  await expect(page.locator(".mantine-LoadingOverlay-root")).toHaveCount(0);
}

test("a mission from its days to the final report: two days, preliminary report reviewed by QSE and sent, observations, final report", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "cmcc@demo.fr");
  const list = await page.evaluate(async () => {
    const r = await fetch("/api/missions?status=TO_PLAN&pageSize=50", { headers: { accept: "application/json" } });
    return (await r.json()) as { items: Array<{ id: string; clientId: string; kind: string; raisonSocial: string }> };
  });
  const mission = list.items.find((m) => m.kind === "ESSMS_EVALUATION");
  if (!mission) throw new Error("Aucune mission à programmer dans la démo");
  const base = `/app/mission/${mission.clientId}/${mission.id}`;

  // Préparation: two visit days, each on a slot of the spec.
  await page.goto(`${base}?onglet=preparation`);
  await page.getByRole("button", { name: "Programmer les jours" }).click();
  const dialog = page.getByRole("dialog", { name: "Jours de visite" });
  for (const [i, day] of ["12/01/2027", "13/01/2027"].entries()) {
    const field = dialog.getByRole("textbox", { name: `Jour ${i + 1}` });
    await field.fill(day);
    await field.press("Tab");
  }
  await dialog.getByRole("combobox", { name: "Créneau du jour 2" }).click();
  await page.getByRole("option", { name: /^8h00-12h00 \(0,5/ }).click();
  await dialog.getByRole("button", { name: "Enregistrer les jours" }).click();
  // One and a half days: refused since July 2025, with the reason; a third half day completes the visit.
  await expect(dialog.getByRole("alert")).toContainText("dure au moins 2 jours (programmé : 1,5 j)");
  await dialog.getByRole("button", { name: "Ajouter un jour" }).click();
  const third = dialog.getByRole("textbox", { name: "Jour 3" });
  await third.fill("14/01/2027");
  await third.press("Tab");
  await dialog.getByRole("combobox", { name: "Créneau du jour 3" }).click();
  await page.getByRole("option", { name: /^8h00-12h00 \(0,5/ }).click();
  await dialog.getByRole("button", { name: "Enregistrer les jours" }).click();
  await expect(dialog).toBeHidden();
  const days = page.getByRole("table", { name: "Jours de visite" });
  await expect(days).toContainText("12/01/2027");
  await expect(days).toContainText("8h00-12h00");
  await expect(page.getByText("Durée de la visite : 2 j")).toBeVisible();
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/preparation.png`, fullPage: true });

  // Évaluation: the coordination uploads the preliminary report; it waits for the quality review.
  await page.getByRole("tab", { name: "Évaluation" }).click();
  await expect(page).toHaveURL(/onglet=evaluation/);
  await expect(page.getByRole("table", { name: "Rapports et échéances" })).toContainText("13/02/2027");
  await upload(
    page,
    "Le rapport préliminaire attend la relecture d'un profil qualité avant son envoi.",
    "Déposer le rapport préliminaire",
    "rapport-preliminaire.pdf",
  );
  await expect(page.getByRole("button", { name: "Envoyer le rapport préliminaire à l'établissement" })).toHaveCount(0);

  // QSE reviews it.
  await as(page, "qse@demo.fr", `${base}?onglet=evaluation`);
  await page.getByLabel("Commentaire de relecture (facultatif)").fill("Relu, conforme au référentiel.");
  await page.getByRole("button", { name: "Valider la relecture qualité" }).click();
  await expect(page.getByText(/Relu par .+ : « Relu, conforme au référentiel. »/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Valider la relecture qualité" })).toHaveCount(0);

  // The coordination sends it to the ESSMS; then records its observations and the final report.
  await as(page, "cmcc@demo.fr", `${base}?onglet=evaluation`);
  await expect(page.getByText(/Relu par .+ : « Relu, conforme au référentiel. »/)).toBeVisible();
  await page.getByRole("button", { name: "Envoyer le rapport préliminaire à l'établissement" }).click();
  await expect(page.getByRole("button", { name: "Enregistrer les observations" })).toBeVisible();
  await upload(
    page,
    "Observations de l'établissement enregistrées.",
    "Enregistrer les observations",
    "observations.pdf",
  );
  await upload(page, "l'évaluation est finalisée", "Déposer le rapport définitif", "rapport-definitif.pdf");
  await expect(page.getByText(/l'évaluation est finalisée/).first()).toBeVisible();
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/evaluation.png`, fullPage: true });

  // The client is finalised ("Évaluations finalisées").
  const state = await page.evaluate(async (id) => {
    const r = await fetch(`/api/missions/${id}`, { headers: { accept: "application/json" } });
    return ((await r.json()) as { status: string }).status;
  }, mission.id);
  expect(state).toBe("FINALISED");
});

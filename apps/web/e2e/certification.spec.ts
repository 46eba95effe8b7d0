import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";

interface Row {
  id: string;
  clientId: string;
  contractId: string;
  kind: string;
  status: string;
  firstDay: string | null;
}

/** The demo's certification audits, read as the missions list does. */
async function certificationAudits(page: Page) {
  const response = await page.request.get("/api/missions?pageSize=1000&sort=kind&direction=desc");
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: Row[] };
  return items.filter((m) => m.kind !== "ESSMS_EVALUATION");
}

test("a certification audit is planned on site or remotely; the mission says so", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "cpi@demo.fr");
  const today = new Date().toISOString().slice(0, 10);
  // An audit still to come (its days can change): planned remotely from the Préparation tab.
  const audit = (await certificationAudits(page)).find((m) => m.firstDay && m.firstDay > today);
  expect(audit).toBeTruthy();
  await page.goto(`/app/mission/${audit?.clientId}/${audit?.id}?onglet=preparation`);
  await expect(page.getByText("Lieu de l'audit :")).toContainText("Sur site");
  await page.getByRole("button", { name: "Modifier les jours" }).click();
  const dialog = page.getByRole("dialog", { name: "Jours de visite" });
  await expect(dialog.getByText("Lieu de l'audit")).toBeVisible();
  await dialog.getByText("À distance", { exact: true }).click();
  await page.screenshot({ path: "test-results/certification-remote-form.png" });
  await dialog.getByRole("button", { name: "Enregistrer les jours" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Lieu de l'audit :")).toContainText("À distance (aucun déplacement)");
  await expect(page.getByText(/· À distance/).first()).toBeVisible();
  await page.screenshot({ path: "test-results/certification-remote-mission.png", fullPage: true });
});

test("a certification decision waits for the final report and the lifted majors; the tab says why", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, "dir@demo.fr");
  // A signed certification contract whose audit is not reported yet.
  let contractId = "";
  for (const audit of await certificationAudits(page)) {
    const contract = (await (await page.request.get(`/api/contracts/${audit.contractId}`)).json()) as {
      decisionBlockers: string[];
    };
    if (contract.decisionBlockers.some((b) => b.startsWith("Le rapport définitif"))) {
      contractId = audit.contractId;
      break;
    }
  }
  expect(contractId).not.toBe("");
  await page.goto(`/app/contract/${contractId}?onglet=decision`);
  const reasons = page.getByRole("alert").filter({ hasText: "La décision ne peut pas encore être prise" });
  await expect(reasons).toBeVisible();
  await expect(reasons).toContainText("n'est pas déposé");
  await page.getByRole("combobox", { name: "Décision", exact: true }).click();
  await page.getByRole("option", { name: "Certification accordée" }).click();
  await expect(page.getByRole("button", { name: "Enregistrer la décision" })).toBeDisabled();
  await page.screenshot({ path: "test-results/certification-decision-blocked.png", fullPage: true });
});

test("a training organisation's data is entered on its certification request, checked in French", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "cc@demo.fr");
  const response = await page.request.get("/requestclients/getListProspectByProspectType/EnCours?pageSize=200");
  const { items } = (await response.json()) as { items: Array<{ id: string; service: string; status: string }> };
  const request = items.find((r) => r.service === "CERTIFICATION" && r.status !== "SIGNED");
  expect(request).toBeTruthy();
  await page.goto(`/app/timeline-prospect/${request?.id}`);
  await page.getByRole("button", { name: /données/ }).click();
  const dialog = page.getByRole("dialog", { name: "Organisme de formation" });
  await dialog.getByLabel("Formateur 1", { exact: true }).fill("Julie Martin");
  await dialog.getByRole("button", { name: "Ajouter un local" }).click();
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  // Each message under its field and linked to it, and the list of them at the top of the form.
  await expect(dialog.getByLabel("Spécialité", { exact: true })).toHaveAccessibleDescription("Indiquez sa spécialité.");
  await expect(dialog.getByLabel("Stagiaires par an", { exact: true })).toHaveAccessibleDescription(
    "Indiquez le nombre de stagiaires par an.",
  );
  await expect(dialog.getByLabel("Local 1 : adresse", { exact: true })).toHaveAccessibleDescription(
    "Indiquez l'adresse du local.",
  );
  await expect(dialog.getByRole("alert", { name: /erreurs à corriger$/ })).toContainText(
    "Spécialité : Indiquez sa spécialité.",
  );
  await page.screenshot({ path: "test-results/certification-training-errors.png" });
  await dialog.getByLabel("Spécialité", { exact: true }).fill("Bureautique");
  await dialog.getByLabel("Stagiaires par an", { exact: true }).fill("1200");
  await dialog.getByLabel("Heures-stagiaires par an", { exact: true }).fill("16800");
  await dialog.getByLabel("Local 1 : adresse", { exact: true }).fill("3 quai Perrache, 69002 Lyon");
  await dialog.getByLabel("Accessible aux personnes à mobilité réduite", { exact: true }).check();
  await dialog.getByRole("button", { name: "Ajouter du matériel" }).click();
  await dialog.getByLabel("Matériel 1", { exact: true }).fill("Ordinateurs portables");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog).toBeHidden();
  const table = page.getByRole("table", { name: "Formateurs" });
  await expect(table.getByText("Julie Martin")).toBeVisible();
  await expect(page.getByText("3 quai Perrache, 69002 Lyon (accessible PMR)")).toBeVisible();
  await page.screenshot({ path: "test-results/certification-training-saved.png", fullPage: true });
});

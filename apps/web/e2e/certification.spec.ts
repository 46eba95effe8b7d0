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

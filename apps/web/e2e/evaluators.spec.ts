import { expect, type Locator, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";

const suffix = Date.now().toString().slice(-5);
const lastName = `Vasseur${suffix}`;
const fullName = `Clémence ${lastName}`;

async function choose(page: Page, field: Locator, option: string | RegExp) {
  await field.click({ force: true });
  await page.getByRole("option", { name: option }).first().click();
}

/** A demo ESSMS under a live contract: the programme we will try to staff. */
async function targetEssms(page: Page) {
  const csrf = (await page.context().cookies()).find((c) => c.name === "certidesk_csrf")?.value ?? "";
  const response = await page.request.post("/api/client/getListClient", {
    headers: { "x-csrf-token": csrf },
    data: { filter: "all", page: 1, pageSize: 200, sort: null },
  });
  const rows = (await response.json()).items as Array<{
    id: string;
    raisonSocial: string;
    contractId: string | null;
    status: string | null;
  }>;
  const row = rows.find((r) => r.contractId && (r.status === "SIGNED" || r.status === "SENT"));
  if (!row?.contractId) throw new Error("no demo ESSMS under contract");
  return row as { id: string; raisonSocial: string; contractId: string };
}

test("RH records an evaluator, a document with its validity and a link of interest; the programme refuses them for that ESSMS", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, "rh@demo.fr");
  const essms = await targetEssms(page);

  // The list, then a new file.
  await page.getByRole("link", { name: "Évaluateurs" }).click();
  await expect(page).toHaveURL(/\/app\/evaluateur$/);
  await expect(page.getByRole("table", { name: "Liste des évaluateurs" })).toBeVisible();
  await page.getByRole("button", { name: "Nouvel évaluateur" }).click();
  const modal = page.getByRole("dialog", { name: "Nouvel évaluateur" });
  await modal.getByLabel("Prénom").fill("Clémence");
  await modal.getByLabel(/^Nom/).fill(lastName);
  await modal.getByLabel("Code postal").fill("69003");
  await modal.getByLabel("Ville").fill("Lyon");
  await modal.getByRole("button", { name: "Créer la fiche" }).click();
  await expect(page).toHaveURL(/\/app\/evaluateur\/[0-9a-f-]{36}\?onglet=competences$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: fullName })).toBeVisible();

  // Documents: an insurance certificate valid until 31/12/2030.
  await page.getByRole("tab", { name: "Documents" }).click();
  await expect(page).toHaveURL(/onglet=documents$/);
  await choose(
    page,
    page.getByRole("combobox", { name: "Type de document" }),
    "Assurance responsabilité civile professionnelle",
  );
  const validity = page.getByRole("textbox", { name: /^Valide jusqu'au/ });
  await validity.fill("31/12/2030");
  await validity.press("Tab");
  await page.locator('input[type="file"]').setInputFiles({
    name: "assurance.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(
      "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
    ),
  });
  await page.getByRole("button", { name: "Déposer" }).click();
  const docRow = page.getByRole("row", { name: /Assurance responsabilité civile professionnelle/ });
  await expect(docRow).toContainText("31/12/2030");
  await expect(docRow).toContainText("Valide");

  // Links of interest: consulting for the ESSMS since January 2025, still running.
  await page.getByRole("tab", { name: "Liens d'intérêts" }).click();
  const organisation = page.getByRole("combobox", { name: "Organisation", exact: true });
  await organisation.click();
  await organisation.fill(essms.raisonSocial.slice(0, 18));
  await page.getByRole("option", { name: essms.raisonSocial }).first().click();
  await choose(page, page.getByRole("combobox", { name: "Nature du lien" }), "Conseil");
  const start = page.getByRole("textbox", { name: /^Début/ });
  await start.fill("06/01/2025");
  await start.press("Tab");
  await page.getByRole("button", { name: "Enregistrer le lien" }).click();
  const linkRow = page.getByRole("row", {
    name: new RegExp(essms.raisonSocial.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
  });
  await expect(linkRow).toContainText("Depuis le 06/01/2025");
  await expect(linkRow).toContainText("En cours");

  // The contract programme, as Direction: the evaluator is refused for that ESSMS, with the reason.
  await page.context().clearCookies();
  await signIn(page, "dir@demo.fr");
  await page.goto(`/app/contract/${essms.contractId}?onglet=programme`);
  await page.getByRole("textbox", { name: "Filtrer les évaluateurs proposés" }).fill(lastName);
  const proposals = page.getByRole("table", { name: "Évaluateurs proposés" });
  const candidate = proposals.getByRole("row", { name: new RegExp(lastName) });
  await expect(candidate).toContainText("Refusé");
  await expect(candidate).toContainText(
    `Conseil pour « ${essms.raisonSocial} » depuis le 06/01/2025, sans date de fin`,
  );
  await expect(candidate.getByRole("button", { name: `Ajouter ${fullName}` })).toBeDisabled();
});

test("the evaluator space shows the demo evaluator their documents, links and unavailability", async ({ page }) => {
  await signIn(page, "auditeur@demo.fr");
  await expect(page).toHaveURL(/\/espace-evaluateur\/[0-9a-f-]{36}$/);
  await page.getByRole("tab", { name: "Mes documents" }).click();
  // Their documents stay valid through their coming visits (the rules check them on the days).
  await expect(page.getByRole("row", { name: /Assurance responsabilité civile professionnelle/ })).toBeVisible();
  await page.getByRole("tab", { name: "Mes liens d'intérêts" }).click();
  await expect(page.getByRole("button", { name: "Enregistrer le lien" })).toBeVisible();
  await page.getByRole("tab", { name: "Mes indisponibilités" }).click();
  await expect(page.getByRole("heading", { name: "Déclarer une indisponibilité" })).toBeVisible();
});

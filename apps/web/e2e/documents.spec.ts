import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";

/** A small valid PDF 1.4 (one page of text), its cross-reference offsets computed so any reader opens it. */
function minimalPdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

async function openLibrary(page: Page) {
  await signIn(page, "dir@demo.fr");
  await page.getByRole("link", { name: "Bibliothèque" }).click();
  await expect(page).toHaveURL(/\/app\/biblio$/);
  await expect(page.getByRole("heading", { name: "Bibliothèque" })).toBeVisible();
}

test("a PDF uploaded to the library is listed and previewed", async ({ page }) => {
  // Unique per attempt: a retried test must not find the first attempt's document.
  const name = `Procédure d'accueil ${Date.now()}`;
  await openLibrary(page);

  await page.getByRole("button", { name: "Déposer un document" }).click();
  const dialog = page.getByRole("dialog", { name: "Déposer un document" });
  await dialog.locator("input[type=file]").setInputFiles({
    name: "procedure-accueil.pdf",
    mimeType: "application/pdf",
    buffer: minimalPdf("Procedure d'accueil des residents"),
  });
  await expect(dialog.getByText("procedure-accueil.pdf")).toBeVisible();
  await dialog.getByLabel("Nom du document").fill(name);
  await dialog.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Procédure" }).click();
  await dialog.getByRole("button", { name: "Déposer", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`« ${name} » a été ajouté à la bibliothèque.`)).toBeVisible();

  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Procédure");
  await expect(row).toContainText("procedure-accueil.pdf");
  await expect(row).toContainText("v1");

  // The file name opens the signed link in a new window.
  const popup = page.waitForEvent("popup");
  await row.getByRole("button", { name: "Ouvrir procedure-accueil.pdf" }).click();
  expect((await popup).url()).toContain("/api/documents/view?p=");

  await row.getByRole("button", { name: "Voir" }).click();
  const preview = page.getByRole("dialog", { name });
  const frame = preview.locator(`iframe[title="Aperçu de ${name}"]`);
  await expect(frame).toBeVisible();
  const src = await frame.getAttribute("src");
  expect(src).toMatch(/^\/api\/documents\/view\?p=.+&token=.+/);
  const file = await page.request.get(src ?? "");
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
});

test("a disguised executable is refused with the French message and not listed", async ({ page }) => {
  await openLibrary(page);
  // Dropped on the page's zone: the upload form opens with the file.
  await page
    .locator("input[type=file]")
    .first()
    .setInputFiles({
      name: "facture-deguisee.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(512, 0x90)]),
    });
  const dialog = page.getByRole("dialog", { name: "Déposer un document" });
  await expect(dialog.getByText("facture-deguisee.pdf")).toBeVisible();
  await dialog.getByRole("button", { name: "Déposer", exact: true }).click();
  await expect(dialog.getByRole("alert")).toContainText("Type de fichier refusé");
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole("row").filter({ hasText: "facture-deguisee" })).toHaveCount(0);
  // (The demo library holds real invoices: the disguised file has a name of its own.)
  const found = await page.request.get("/api/documents?search=facture-deguisee");
  expect((await found.json()).total).toBe(0);
});

import { expect, test } from "@playwright/test";
import { apiGet, signedInPage, signIn } from "./helpers";

const SHOTS = process.env.E2E_SCREENSHOTS;
type Page = { total: number };

/**
 * The bulk actions' acceptance (issue 40): COMPTA filters the unpaid invoices, ticks thirty overdue ones
 * (a click, then Shift+click on the thirtieth), « Relancer », confirms: thirty reminder mails are queued and
 * thirty entries journalled.
 */
test("COMPTA reminds 30 unpaid invoices at once: 30 mails queued, 30 journal entries", async ({ page, browser }) => {
  test.setTimeout(180_000);
  // Tall enough for the virtualised list to draw its first forty rows.
  await page.setViewportSize({ width: 1400, height: 2000 });
  await signIn(page, "compta@demo.fr");
  const director = await signedInPage(browser, "dir@demo.fr");
  const reminders = () => apiGet<Page>(page, "/api/mails?templateCode=INVOICE_REMINDER&pageSize=1");
  const journal = () => apiGet<Page>(director, "/api/audit-log?entityType=invoice&action=remind&pageSize=1");
  const mailsBefore = (await reminders()).total;
  const journalBefore = (await journal()).total;

  // The unpaid invoices, the longest overdue first.
  await page.goto("/app/facture?statut=INVOICE_SEND&tri=dueDate");
  const table = page.getByRole("table", { name: "Liste des factures" });
  const boxes = table.getByRole("checkbox", { name: /^Sélectionner Facture / });
  await expect(boxes.nth(30)).toBeVisible();
  await boxes.nth(0).click();
  await boxes.nth(29).click({ modifiers: ["Shift"] });
  const bar = page.getByRole("region", { name: "Actions groupées" });
  await expect(bar.getByText("30 sélectionnées", { exact: true })).toBeVisible();
  await expect(boxes.nth(30)).not.toBeChecked();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/bulk-selection.png` });

  await bar.getByRole("button", { name: "Relancer" }).click();
  const dialog = page.getByRole("dialog", { name: "Relancer les factures" });
  await expect(dialog.getByText(/^30 facture\(s\) recevront une relance/)).toBeVisible();
  await dialog.getByRole("button", { name: "Relancer (30)" }).click();
  await expect(dialog.getByText("30 ligne(s) traitée(s).")).toBeVisible({ timeout: 60_000 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/bulk-report.png` });

  expect((await reminders()).total).toBe(mailsBefore + 30);
  expect((await journal()).total).toBe(journalBefore + 30);
  await dialog.getByRole("button", { name: "Fermer" }).first().click();
  await expect(bar).toBeHidden();
});

test("a bulk report names each refused invoice and why", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "compta@demo.fr");
  // The invoices sent last are not due yet: ticked with the others, they are reported, not reminded.
  await page.goto("/app/facture?statut=INVOICE_SEND&tri=-dueDate");
  const table = page.getByRole("table", { name: "Liste des factures" });
  const boxes = table.getByRole("checkbox", { name: /^Sélectionner Facture / });
  await boxes.nth(0).click();
  await boxes.nth(1).click();
  const bar = page.getByRole("region", { name: "Actions groupées" });
  await bar.getByRole("button", { name: "Relancer" }).click();
  const dialog = page.getByRole("dialog", { name: "Relancer les factures" });
  await dialog.getByRole("button", { name: "Relancer (2)" }).click();
  await expect(dialog.getByText("Terminé, avec des refus")).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByText(/^0 ligne\(s\) traitée\(s\), 2 refusée\(s\)/)).toBeVisible();
  const refused = dialog.getByRole("table", { name: "Lignes refusées" });
  await expect(
    refused.getByText(/^Pas encore échue \(échéance le \d{2}\/\d{2}\/\d{4}\) : rien à relancer\.$/).first(),
  ).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/bulk-report-refusals.png` });
});

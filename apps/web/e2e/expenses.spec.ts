import { SATISFACTION_QUESTIONS } from "@certidesk/shared";
import { expect, test } from "@playwright/test";
import { apiGet, linkFromMail, mailCount, RECEIPT_PDF, signedInPage, signIn } from "./helpers";

const DESCRIPTION = `Déjeuner e2e ${Date.now()}`;
const CAR = "Voiture personnelle (indemnités kilométriques)";

test.describe
  .serial("evaluators' expenses, performance and satisfaction", () => {
    test.describe.configure({ timeout: 120_000 });
    let mission: { id: string; clientId: string; label: string };

    test("the evaluator declares an expense with its receipt in their space", async ({ page }) => {
      await signIn(page, "auditeur@demo.fr");
      await expect(page).toHaveURL(/\/espace-evaluateur\//);
      const auditorId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
      // A mission whose visit is past (its label ends with the first visit day).
      const own = await apiGet<{ missions: Array<{ id: string; label: string }> }>(
        page,
        `/api/auditors/${auditorId}/expenses`,
      );
      const today = new Date().toISOString().slice(0, 10);
      const past = own.missions.find((m) => {
        const d = /(\d{2})\/(\d{2})\/(\d{4})$/.exec(m.label);
        return d && `${d[3]}-${d[2]}-${d[1]}` < today;
      });
      expect(past, "une mission passée de l'évaluateur de démonstration").toBeTruthy();
      const detail = await apiGet<{ clientId: string }>(page, `/api/missions/${past?.id}`);
      mission = { id: past?.id ?? "", clientId: detail.clientId, label: past?.label ?? "" };

      await page.goto(`${new URL(page.url()).pathname}?onglet=frais`);
      await page.getByRole("button", { name: "Déclarer une dépense" }).click();
      const dialog = page.getByRole("dialog", { name: "Déclarer une dépense" });
      await dialog.getByLabel(/^Mission/).click();
      await page.getByRole("option", { name: mission.label, exact: true }).click();
      await dialog.getByLabel(/^Nature/).click();
      await page.getByRole("option", { name: "Repas" }).click();
      await dialog.getByLabel(/^Date de la dépense/).fill("02/03/2026");
      await dialog.getByLabel(/^Montant TTC/).fill("18,50");
      await dialog.getByLabel(/^Description/).fill(DESCRIPTION);
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: "ticket.pdf", mimeType: "application/pdf", buffer: RECEIPT_PDF });
      await dialog.getByRole("button", { name: "Déclarer" }).click();
      await expect(dialog).toBeHidden();
      const row = page.getByRole("row").filter({ hasText: DESCRIPTION });
      await expect(row).toContainText("18,50");
      await expect(row).toContainText("À valider");
      await expect(row.getByRole("link", { name: "Voir le justificatif" })).toBeVisible();
    });

    // Every nature and every transport mode, each declared with its receipt: a train ticket took the whole
    // page down once (the fare classes' names read wrong), and no test declared anything but a meal.
    test("the evaluator declares every nature and every transport mode", async ({ page }) => {
      await signIn(page, "auditeur@demo.fr");
      await page.goto(`${new URL(page.url()).pathname}?onglet=frais`);
      const combos: Array<[string, string | null]> = [
        ["Hébergement", null],
        ["Repas", null],
        ...[CAR, "Train", "Avion", "Transports en commun", "Taxi", "Autre"].map(
          (mode) => ["Transport", mode] as [string, string],
        ),
      ];
      for (const [kind, mode] of combos) {
        const label = `${kind}${mode ? ` ${mode}` : ""} e2e ${Date.now()}`;
        await page.getByRole("button", { name: "Déclarer une dépense" }).click();
        const dialog = page.getByRole("dialog", { name: "Déclarer une dépense" });
        await dialog.getByLabel(/^Mission/).click();
        await page.getByRole("option", { name: mission.label, exact: true }).click();
        await dialog.getByLabel(/^Nature/).click();
        await page.getByRole("option", { name: kind, exact: true }).click();
        if (mode) {
          await dialog.getByLabel(/^Mode de transport/).click();
          await page.getByRole("option", { name: mode, exact: true }).click();
        }
        if (mode === CAR) await dialog.getByLabel(/^Kilomètres parcourus/).fill("42");
        else await dialog.getByLabel(/^Montant TTC/).fill("64,30");
        if (mode && mode !== CAR) {
          await dialog.getByLabel(/^Classe de transport/).click();
          await page.getByRole("option").first().click();
        }
        await dialog.getByLabel(/^Date de la dépense/).fill("02/03/2026");
        await dialog.getByLabel(/^Description/).fill(label);
        await dialog
          .locator('input[type="file"]')
          .setInputFiles({ name: "justificatif.pdf", mimeType: "application/pdf", buffer: RECEIPT_PDF });
        await dialog.getByRole("button", { name: "Déclarer" }).click();
        await expect(dialog, label).toBeHidden();
        await expect(page.getByRole("row").filter({ hasText: label })).toContainText("À valider");
      }
      await expect(page.getByText("Cette partie de la page n'a pas pu s'afficher")).toHaveCount(0);
    });

    test("staff approve it in the mission's Frais tab", async ({ browser }) => {
      const page = await signedInPage(browser, "compta@demo.fr");
      await page.goto(`/app/mission/${mission.clientId}/${mission.id}?onglet=frais`);
      const row = page.getByRole("row").filter({ hasText: DESCRIPTION });
      await row.getByRole("button", { name: /^Valider la dépense/ }).click();
      await expect(row).toContainText("Validée");
      await expect(row.getByRole("button", { name: /^Rembourser/ })).toBeVisible();
    });

    test("the quality profile scores the evaluators of the mission", async ({ browser }) => {
      const page = await signedInPage(browser, "qse@demo.fr");
      await page.goto(`/app/mission/${mission.clientId}/${mission.id}?onglet=performance`);
      const first = page.getByLabel(/^Note : Qualité de la conduite/).first();
      // Near its left edge: once a note is saved (a retry finds the first try's), the clear button sits on
      // the right of this narrow field and takes the click.
      await first.click({ position: { x: 12, y: 12 } });
      await page.getByRole("option", { name: "4", exact: true }).click();
      await page
        .getByLabel(/^Commentaire : Qualité de la conduite/)
        .first()
        .fill("Préparation très soignée");
      await page
        .getByRole("button", { name: /^Enregistrer l'évaluation de/ })
        .first()
        .click();
      await expect(page.getByText(/Performance de .* enregistrée/)).toBeVisible();
      await page.reload();
      await expect(page.getByLabel(/^Commentaire : Qualité de la conduite/).first()).toHaveValue(
        "Préparation très soignée",
      );
    });

    test("the client answers the satisfaction questionnaire once, without an account", async ({ browser }) => {
      const staff = await signedInPage(browser, "dir@demo.fr");
      // A past mission whose questionnaire can still be sent (none yet, or unanswered).
      const list = await apiGet<{ items: Array<{ id: string; clientId: string }> }>(
        staff,
        "/api/missions?status=FINALISED&pageSize=40",
      );
      let target: { id: string; clientId: string } | null = null;
      for (const m of list.items) {
        const s = await apiGet<{ canSend: boolean }>(staff, `/api/missions/${m.id}/satisfaction`);
        if (s.canSend) {
          target = m;
          break;
        }
      }
      expect(target, "une mission dont le questionnaire peut partir").toBeTruthy();
      await staff.goto(`/app/mission/${target?.clientId}/${target?.id}?onglet=performance`);
      const before = await mailCount();
      await staff.getByRole("button", { name: /(Envoyer|Renvoyer) le questionnaire/ }).click();
      await expect(staff.getByText("En attente de réponse")).toBeVisible();
      // The mail log hides the signed link from staff: it is read from what the SMTP server received.
      const { link } = await linkFromMail(/\S*\/satisfaction\?token=[^\s"<]+/, before);
      const path = new URL(link).pathname + new URL(link).search;

      const client = await (await browser.newContext()).newPage();
      await client.goto(path);
      await expect(client.getByRole("heading", { level: 1, name: "Questionnaire de satisfaction" })).toBeVisible();
      // The title shows while the questionnaire still loads: wait for its questions before listing them
      // (listed too early, there were none to answer, and the form refused the empty answers).
      const groups = client.getByRole("radiogroup");
      await expect(groups.first()).toBeVisible();
      await expect(groups).toHaveCount(SATISFACTION_QUESTIONS.length);
      for (const group of await groups.all()) await group.getByRole("radio", { name: "Très satisfait" }).check();
      await client.getByLabel(/^Commentaire/).fill("Merci à toute l'équipe.");
      await client.getByRole("button", { name: "Envoyer mes réponses" }).click();
      // The answers are filed as a PDF before the page thanks: slower on a busy machine.
      await expect(client.getByText("Merci ! Vos réponses ont bien été enregistrées.")).toBeVisible({
        timeout: 20_000,
      });
      // The link works once.
      await client.goto(path);
      await expect(
        client.getByText("Ce questionnaire a déjà reçu une réponse. Merci de votre participation."),
      ).toBeVisible();

      await staff.reload();
      await expect(staff.getByText(/Répondu le/)).toBeVisible();
      await staff.getByRole("button", { name: "Envoyer aux évaluateurs" }).click();
      await expect(staff.getByRole("button", { name: /Envoyé aux évaluateurs le/ })).toBeDisabled();
    });
  });

test("an evaluator's expense dated after today is refused with the French message, and nothing is declared", async ({
  page,
}) => {
  await signIn(page, "auditeur@demo.fr");
  await page.goto(`${new URL(page.url()).pathname}?onglet=frais`);
  const label = `Repas futur e2e ${Date.now()}`;
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toLocaleDateString("fr-FR", { timeZone: "Europe/Paris" });
  await page.getByRole("button", { name: "Déclarer une dépense" }).click();
  const dialog = page.getByRole("dialog", { name: "Déclarer une dépense" });
  await dialog.getByLabel(/^Mission/).click();
  await page.getByRole("option").first().click();
  await dialog.getByLabel(/^Nature/).click();
  await page.getByRole("option", { name: "Repas", exact: true }).click();
  await dialog.getByLabel(/^Date de la dépense/).fill(tomorrow);
  await dialog.getByLabel(/^Montant TTC/).fill("18,50");
  await dialog.getByLabel(/^Description/).fill(label);
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: "ticket.pdf", mimeType: "application/pdf", buffer: RECEIPT_PDF });
  await dialog.getByRole("button", { name: "Déclarer" }).click();
  await expect(
    dialog.getByText("La date de la dépense ne peut pas être dans le futur : déclarez-la une fois engagée.", {
      exact: true,
    }),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(page.getByRole("row").filter({ hasText: label })).toHaveCount(0);
});

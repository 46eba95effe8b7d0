import { expect, test } from "@playwright/test";
import { signedInPage, signIn } from "./helpers";

const TITLE = `Visites de janvier : consignes ${Date.now()}`;

test.describe
  .serial("the wall", () => {
    test.describe.configure({ timeout: 120_000 });

    test("the director pins an announcement to the evaluators and the planners, with a library document", async ({
      page,
    }) => {
      await signIn(page, "dir@demo.fr");
      await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: /Mur/ }).click();
      await expect(page.getByRole("heading", { name: "Mur", level: 1 })).toBeVisible();
      const composer = page.getByRole("form", { name: "Nouvelle publication" });
      await composer.getByLabel("Titre (facultatif)").fill(TITLE);
      await composer
        .getByRole("textbox", { name: /Message/ })
        .fill("Deux jours de visite au moins.\nLe guide est joint.");
      // Instead of the whole staff: the evaluators and the planning team.
      const audience = composer.getByRole("combobox", { name: /Destinataires/ });
      await audience.click();
      await audience.press("Backspace");
      await page.getByRole("option", { name: "Évaluateurs" }).click();
      await page.getByRole("option", { name: "Planification" }).click();
      await audience.press("Escape");
      const attachments = composer.getByRole("combobox", { name: "Pièces jointes" });
      await attachments.fill("guide");
      await page.getByRole("option", { name: /Guide de l'évaluateur/ }).click();
      await attachments.press("Escape");
      await composer.getByRole("switch", { name: "Épingler en annonce" }).check({ force: true });
      await composer.getByRole("button", { name: "Publier" }).click();

      const post = page.getByRole("article", { name: TITLE });
      await expect(post).toBeVisible();
      await expect(post.getByText("Annonce")).toBeVisible();
      await expect(post.getByText("Pour : Évaluateurs, Planification")).toBeVisible();
      // Pinned: above every post that is not.
      await expect(page.getByTestId("wall-post").first()).toContainText("Annonce");
    });

    test("the evaluator finds it in their space and opens the document in a new window", async ({ browser }) => {
      const page = await signedInPage(browser, "auditeur@demo.fr");
      await expect(page).toHaveURL(/\/espace-evaluateur\//);
      const news = page.getByRole("region", { name: "Actualités" });
      const post = news.getByRole("article", { name: TITLE });
      await expect(post).toBeVisible();
      await expect(post.getByText("Le guide est joint.")).toBeVisible();
      const popup = page.waitForEvent("popup");
      await post.getByRole("button", { name: /Ouvrir Guide de l'évaluateur/ }).click();
      await expect.poll(async () => (await popup).url()).toContain("/api/documents/view");
    });

    test("a planner comments; the director sees the comment and who read it", async ({ browser }) => {
      const cpi = await signedInPage(browser, "cpi@demo.fr");
      // The menu counts what is addressed to the planner and not read yet (the announcement at least).
      const menu = cpi.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: /Mur/ });
      await expect(menu.getByTestId("wall-unread")).toContainText("non lue");
      await menu.click();
      const post = cpi.getByRole("article", { name: TITLE });
      await post.getByRole("textbox", { name: "Votre commentaire" }).fill("Je revois les programmes de janvier.");
      await post.getByRole("button", { name: "Commenter" }).click();
      await expect(post.getByTestId("wall-comment")).toContainText("Je revois les programmes de janvier.");
      // Shown, hence read: the count leaves the menu.
      await expect(menu.getByTestId("wall-unread")).toHaveCount(0);

      const dir = await signedInPage(browser, "dir@demo.fr");
      await dir.goto("/app/wall");
      const seen = dir.getByRole("article", { name: TITLE });
      await expect(seen.getByTestId("wall-comment")).toContainText("Mathieu Roux");
      // The director (author), the evaluator and the planner have read it.
      await expect(seen.getByTestId("read-by")).toHaveText("Lu par 3");
      await expect(seen.getByTestId("read-by")).toHaveAttribute("aria-label", /Marc Dubois/);
    });
  });

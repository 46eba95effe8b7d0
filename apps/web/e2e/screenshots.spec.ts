import { test } from "@playwright/test";
import { signIn } from "./helpers";

// Not an assertion: writes screenshots to look at (npm run test:e2e -- screenshots).
test.skip(!process.env.SCREENSHOTS, "screenshots only on demand (SCREENSHOTS=dir)");

test("screenshots", async ({ page }) => {
  const dir = process.env.SCREENSHOTS ?? "/tmp";
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto("/login");
  await page.screenshot({ path: `${dir}/login.png` });
  await signIn(page, "dir@demo.fr");
  await page.waitForURL("**/app/alert");
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${dir}/alert.png` });
  for (const tab of ["general", "profils", "utilisateurs", "journal"]) {
    await page.goto(`/app/setting/${tab}`);
    await page.waitForTimeout(700);
    await page.screenshot({ path: `${dir}/setting-${tab}.png`, fullPage: true });
  }
  await page.goto("/app/biblio");
  await page.screenshot({ path: `${dir}/unknown.png` });
});

test("screenshots of the commercial pipeline", async ({ page }) => {
  const dir = process.env.SCREENSHOTS ?? "/tmp";
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, "dir@demo.fr");
  const shot = async (path: string, name: string, fullPage = true) => {
    await page.goto(path);
    await page.waitForTimeout(900);
    await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
  };
  await shot("/app/client", "clients", false);
  await shot("/app/client?filtre=NO_EVALUATION_DATE", "clients-a-programmer", false);
  await shot("/app/prospect", "prospects", false);
  await shot("/app/prospect?type=REFUSE", "prospects-refuses", false);
  await shot("/app/gestionnaire", "gestionnaires", false);
  await shot("/app/nouveau", "nouveau");
  await shot("/app/entite-juridique", "entite-juridique");
  await shot("/app/setting/numerotation", "setting-numerotation");
  // A prospect with a sent quote, then its contract's four tabs, then a client and its contract.
  await page.goto("/app/prospect?type=EnCours");
  await page
    .getByRole("row", { name: /Contrat envoyé/ })
    .first()
    .click();
  await page.waitForTimeout(900);
  await page.screenshot({ path: `${dir}/timeline-prospect.png`, fullPage: true });
  await page.getByRole("button", { name: "Actions", exact: true }).click();
  await page.getByRole("menuitem", { name: /Ouvrir le contrat/ }).click();
  for (const tab of ["Besoin", "Programme", "Contrat", "Décision"]) {
    await page.getByRole("tab", { name: tab }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${dir}/contract-${tab.toLowerCase()}.png`, fullPage: true });
  }
  await page.goto("/app/client?filtre=EVALUATION_DATE");
  await page.getByRole("row", { name: /EHPAD/ }).first().click();
  await page.waitForTimeout(900);
  await page.screenshot({ path: `${dir}/timeline-client.png`, fullPage: true });
  await page.getByRole("link", { name: "Contrat et programme" }).click();
  await page.getByRole("tab", { name: "Programme" }).click();
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${dir}/contract-client-programme.png`, fullPage: true });
  await page.goto("/app/prospect?type=EnCours");
  await page
    .getByRole("row", { name: /Recevabilité en cours/ })
    .first()
    .click();
  await page.waitForTimeout(900);
  await page.screenshot({ path: `${dir}/timeline-prospect-recevabilite.png`, fullPage: true });
  await page.getByRole("link", { name: "← Prospects" }).click();
  await page
    .getByRole("row", { name: /Devis envoyé/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Nouveau devis" }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${dir}/quote-editor.png` });
});

test("screenshots of expenses, performance and satisfaction", async ({ page }) => {
  test.setTimeout(300_000);
  const dir = process.env.SCREENSHOTS ?? "/tmp";
  await signIn(page, "auditeur@demo.fr");
  await page.waitForURL(/\/espace-evaluateur\//);
  const space = new URL(page.url()).pathname;
  for (const [width, suffix] of [
    [1400, ""],
    [390, "-phone"],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${space}?onglet=frais`);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${dir}/mes-frais${suffix}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.getByRole("button", { name: "Déclarer une dépense" }).click();
  await page.getByRole("combobox", { name: "Nature" }).click();
  await page.getByRole("option", { name: "Transport" }).click();
  await page.getByRole("combobox", { name: "Mode de transport" }).click();
  await page.getByRole("option", { name: /Voiture/ }).click();
  await page.getByLabel(/^Kilomètres/).fill("123,5");
  await page.screenshot({ path: `${dir}/declarer-frais.png` });
  await page.context().clearCookies();
  await signIn(page, "qse@demo.fr");
  const missions = await page.evaluate(async () =>
    (await fetch("/api/missions?status=FINALISED&pageSize=1&sort=firstDay&direction=desc")).json(),
  );
  const m = missions.items[0];
  for (const tab of ["frais", "performance"]) {
    for (const [width, suffix] of [
      [1400, ""],
      [390, "-phone"],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/app/mission/${m.clientId}/${m.id}?onglet=${tab}`);
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: `${dir}/mission-${tab}${suffix}.png`, fullPage: true });
    }
  }
  const auditors = await page.evaluate(async () => (await fetch("/api/auditors?pageSize=5")).json());
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/app/evaluateur/${auditors.items[0].id}?onglet=missions`);
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${dir}/evaluateur-performance.png`, fullPage: true });
  await page.goto("/satisfaction?token=inconnu");
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${dir}/satisfaction-invalide.png` });
});

test("screenshots of the evaluator space and the client portal", async ({ page, browser }) => {
  const dir = process.env.SCREENSHOTS ?? "/tmp";
  /** The whole page, then slices of 900 px to read at full size. */
  const shots = async (name: string, width: number) => {
    await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 900)
      await page.screenshot({
        path: `${dir}/${name}-${y}.png`,
        fullPage: true,
        clip: { x: 0, y, width, height: Math.min(900, height - y) },
      });
  };
  for (const [width, suffix] of [
    [390, "phone"],
    [1280, "desktop"],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, "auditeur@demo.fr");
    await page.waitForTimeout(1200);
    await shots(`espace-evaluateur-${suffix}`, width);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, "client@demo.fr");
    await page.waitForTimeout(1200);
    await shots(`portail-client-${suffix}`, width);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
  }
  const stranger = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await stranger.goto("/ordre-de-mission?p=inconnu&token=inconnu");
  await stranger.waitForTimeout(800);
  await stranger.screenshot({ path: `${dir}/ordre-de-mission-invalide.png`, fullPage: true });
  await stranger.close();
});

test("screenshots of rebilled expenses (frais en sus)", async ({ page }) => {
  const dir = process.env.SCREENSHOTS ?? "/tmp";
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, "dir@demo.fr");
  await page.waitForURL("**/app/alert");
  type Row = { id: string; kind: string; clientId: string; missionId: string | null };
  type Detail = Row & { lines: Array<{ kind: string; expenseId: string | null }> };
  const get = <T>(url: string) =>
    page.evaluate(async (u) => (await fetch(u, { headers: { accept: "application/json" } })).json(), url) as Promise<T>;
  const pick = async (status: string) => {
    const list = await get<{ items: Row[] }>(`/api/invoices?status=${status}&pageSize=100`);
    for (const row of list.items.filter((r) => r.kind === "BALANCE")) {
      const detail = await get<Detail>(`/api/invoices/${row.id}`);
      if (detail.lines.some((l) => l.expenseId)) return detail;
    }
    return list.items.find((r) => r.kind === "BALANCE") ?? null;
  };
  for (const [status, name] of [
    ["INVOICE_PREPARE", "draft"],
    ["INVOICE_PAID", "paid"],
  ] as const) {
    const invoice = await pick(status);
    if (!invoice) continue;
    await page.goto(`/app/facture/${invoice.id}`);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${dir}/rebill-invoice-${name}.png`, fullPage: true });
    await page.goto(`/app/mission/${invoice.clientId}/${invoice.missionId}?onglet=frais`);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${dir}/rebill-frais-${name}.png`, fullPage: true });
  }
});

test("screenshots of the alert pages, desktop and phone", async ({ page }) => {
  test.setTimeout(120_000);
  const dir = process.env.SCREENSHOTS ?? "/tmp";
  await signIn(page, "dir@demo.fr");
  for (const [width, height, suffix] of [
    [1400, 900, ""],
    [390, 844, "-390"],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const key of ["alert-demandes", "alert-planification", "alert-performance", "alert-facture"]) {
      await page.goto(`/app/alert?page=${key}`);
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: `${dir}/${key}${suffix}.png` });
    }
    await page.goto("/app/setting/alertes");
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${dir}/setting-alertes${suffix}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto("/app/alert?page=alert-planification");
  await page.getByRole("button", { name: "Plus d'actions" }).first().click();
  await page.screenshot({ path: `${dir}/alert-action-list.png` });
});

import { expect, type Page, test } from "@playwright/test";
import { linkFromMail, mailCount, signIn } from "./helpers";

/** An API call with the page's session (cookie and CSRF token), as the screens make it. */
async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ m, u, b }) => {
      const csrf = document.cookie
        .split("; ")
        .find((c) => c.startsWith("certidesk_csrf="))
        ?.slice("certidesk_csrf=".length);
      const headers: Record<string, string> = { accept: "application/json", "x-csrf-token": csrf ?? "" };
      let payload: BodyInit | undefined;
      if (b && typeof b === "object" && "pdf" in b) {
        const form = new FormData();
        form.set("version", String((b as unknown as { version: number }).version));
        const pdf = "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";
        form.set("file", new Blob([pdf], { type: "application/pdf" }), "rapport-preliminaire.pdf");
        payload = form;
      } else if (b !== undefined) {
        headers["content-type"] = "application/json";
        payload = JSON.stringify(b);
      }
      const response = await fetch(u, { method: m, headers, body: payload });
      const text = await response.text();
      if (!response.ok) throw new Error(`${m} ${u}: ${response.status} ${text}`);
      return JSON.parse(text);
    },
    { m: method, u: url, b: body },
  );
}

interface MissionDetail {
  id: string;
  version: number;
  team: Array<{ auditorId: string }>;
  missionOrders: Array<{ status: string }>;
}

test.describe.configure({ timeout: 120_000 });

const PDF = "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

test("auditeur@demo.fr accepts a mission order in the evaluator space and sees the visit", async ({ page }) => {
  await signIn(page, "auditeur@demo.fr");
  await expect(page).toHaveURL(/\/espace-evaluateur\//);
  const orders = page.getByRole("region", { name: "Ordres de mission à traiter" });
  const card = orders.locator(".mantine-Card-root").first();
  await expect(card).toBeVisible();
  const essms = (await card.locator(".mantine-Text-root").first().textContent()) ?? "";
  expect(essms).not.toBe("");
  await card.getByRole("button", { name: "Accepter" }).click();
  // A visit that falls on a declared leave (the demo's leaves and visits follow today's date, and earlier
  // specs add orders) is accepted with a reason, kept in the journal: the evaluator gives one.
  const accepted = page.getByText("Ordre de mission accepté");
  const warning = page.getByRole("dialog", { name: "Accepter malgré l'avertissement" });
  await expect(accepted.or(warning)).toBeVisible();
  if (await warning.isVisible()) {
    await warning.getByRole("textbox").fill("Congés déplacés, je serai disponible.");
    await warning.getByRole("button", { name: "Accepter" }).click();
  }
  await expect(accepted).toBeVisible();
  const visits = page.getByRole("region", { name: "Prochaines visites" });
  await expect(visits.getByText(essms, { exact: true })).toBeVisible();
  await expect(orders.getByText(essms, { exact: true })).toHaveCount(0);
  // Reports due and late, and the private calendar link.
  await expect(page.getByRole("region", { name: "Rapports à rendre" }).getByText("En retard").first()).toBeVisible();
  await expect(page.getByLabel("Lien privé de l'agenda")).toHaveValue(/\/api\/calendar\/.+\/visites\.ics$/);
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/espace-evaluateur.png`, fullPage: true });
});

test("the public order page answers a mission order from its mail's link, without an account", async ({
  page,
  browser,
}) => {
  await signIn(page, "dir@demo.fr");
  // A programmed mission whose orders are still waiting: sent now, its mail carries the signed link.
  const list = await api<{ items: Array<{ id: string }> }>(page, "GET", "/api/missions?status=PLANNED&pageSize=200");
  let mission: MissionDetail | null = null;
  for (const row of list.items) {
    const d = await api<MissionDetail>(page, "GET", `/api/missions/${row.id}`);
    if (d.team.length >= 2 && d.missionOrders.length > 0 && d.missionOrders.every((o) => o.status === "WAITING")) {
      mission = d;
      break;
    }
  }
  if (!mission) throw new Error("Aucune mission de démonstration aux ordres en attente");
  const before = await mailCount();
  await api(page, "POST", `/api/missions/${mission.id}/mission-orders/send`, { version: mission.version });
  // The mail log hides the signed link from staff: it is read from what the SMTP server received.
  const mails = await api<{ items: Array<{ id: string; missionId: string | null }> }>(
    page,
    "GET",
    "/api/mails?templateCode=MISSION_ORDER&pageSize=20",
  );
  const mail = mails.items.find((m) => m.missionId === mission?.id);
  const { body } = await api<{ body: string | null }>(page, "GET", `/api/mails/${mail?.id}`);
  expect(body, "le lien signé n'apparaît pas dans le journal des e-mails").toBeNull();
  const { link: href } = await linkFromMail(/https?:\/\/[^\s"<]+\/ordre-de-mission\?[^\s"<]+/, before);
  const link = new URL(href);
  const path = `${link.pathname}${link.search.replace(/&amp;/g, "&")}`;

  const stranger = await browser.newPage();
  await stranger.goto(path);
  await expect(stranger.getByRole("heading", { level: 1, name: "Ordre de mission" })).toBeVisible();
  await expect(stranger.getByText(/vous êtes attendu\(e\) pour l'évaluation de/)).toBeVisible();
  await stranger.getByRole("button", { name: "Accepter" }).click();
  await expect(stranger.getByText(/Merci : vous avez accepté cet ordre de mission/)).toBeVisible();
  await stranger.reload();
  await expect(stranger.getByText(/Cet ordre de mission a déjà reçu une réponse/)).toBeVisible();
  await expect(stranger.getByRole("button", { name: "Accepter" })).toHaveCount(0);
  // A tampered link is refused in French.
  await stranger.goto(`${path}x`);
  await expect(stranger.getByRole("alert")).toHaveText("Ce lien n'est pas valide.");
  await stranger.close();
});

test("client@demo.fr accepts the proposed team and sends observations on the preliminary report", async ({
  page,
  browser,
}) => {
  await signIn(page, "client@demo.fr");
  await expect(page).toHaveURL(/\/my-ingeris\/donnees-certification$/);
  await expect(page.getByText("Où en est votre évaluation")).toBeVisible();
  await page.getByRole("button", { name: "Accepter l'équipe" }).click();
  await expect(page.getByText(/Vous avez accepté cette équipe le \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  const portal = await api<{ items: Array<{ id: string }> }>(page, "GET", "/api/client-portal/missions");
  const id = portal.items[0]?.id ?? "";

  // The preliminary report, as the staff send it: uploaded, reviewed by the quality, sent.
  const staff = await browser.newPage();
  await signIn(staff, "dir@demo.fr");
  let d = await api<MissionDetail & { clientTeamAnswer: { decision: string } | null }>(
    staff,
    "GET",
    `/api/missions/${id}`,
  );
  expect(d.clientTeamAnswer?.decision).toBe("ACCEPT");
  d = await api(staff, "POST", `/api/missions/${id}/reports/preliminary`, { pdf: true, version: d.version });
  d = await api(staff, "POST", `/api/missions/${id}/reports/preliminary/review`, { version: d.version });
  await api(staff, "POST", `/api/missions/${id}/reports/preliminary/send`, { version: d.version });
  await staff.close();

  await page.reload();
  await expect(page.getByRole("link", { name: "Lire le rapport préliminaire" })).toBeVisible();
  await page
    .getByLabel(/Vos observations sur le rapport préliminaire/)
    .fill("Page 12 : le CVS se réunit quatre fois par an.");
  await page.getByRole("button", { name: "Envoyer mes observations" }).click();
  await expect(page.getByText(/Vos observations ont été reçues le \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(page.getByText("Page 12 : le CVS se réunit quatre fois par an.")).toBeVisible();
});

test("a document client@demo.fr uploads for a requested item is that item, on the portal and for the staff", async ({
  page,
  browser,
}) => {
  await signIn(page, "client@demo.fr");
  const portal = await api<{ items: Array<{ id: string }> }>(page, "GET", "/api/client-portal/missions");
  const id = portal.items[0]?.id ?? "";
  const staff = await browser.newPage();
  await signIn(staff, "dir@demo.fr");
  const d = await api<MissionDetail & { clientId: string }>(staff, "GET", `/api/missions/${id}`);
  await api(staff, "PUT", `/api/missions/${id}/requested-documents`, {
    items: [{ label: "Livret d'accueil" }, { label: "Règlement de fonctionnement" }],
    version: d.version,
  });

  await page.reload();
  const requested = page.getByRole("list", { name: "Documents demandés" });
  await expect(requested).toContainText("Livret d'accueil À fournir");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Transmettre le document" }) });
  await form.getByRole("combobox", { name: "Document demandé" }).click();
  await page.getByRole("option", { name: "Livret d'accueil" }).click();
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: "livret.pdf", mimeType: "application/pdf", buffer: Buffer.from(PDF) });
  await form.getByRole("button", { name: "Transmettre le document" }).click();
  await expect(page.getByText("Document transmis : « Livret d'accueil » est reçu.")).toBeVisible();
  await expect(requested).toContainText("Livret d'accueil Reçu");
  await expect(requested).toContainText("Règlement de fonctionnement À fournir");
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/portail-client.png`, fullPage: true });

  await staff.goto(`/app/mission/${d.clientId}/${id}?onglet=preparation`);
  await expect(staff.getByText(/1 reçu\(s\) sur 2/)).toBeVisible();
  if (process.env.SCREENSHOT_DIR)
    await staff.screenshot({ path: `${process.env.SCREENSHOT_DIR}/mission-preparation.png`, fullPage: true });
  await staff.close();
});

test("client@demo.fr downloads an invoice of the establishment from the portal", async ({ page }) => {
  await signIn(page, "client@demo.fr");
  const invoices = page.getByRole("region", { name: "Vos factures" });
  const link = invoices.getByRole("link", { name: /^Télécharger la facture F-\d{4}-\d{4} \(PDF\)$/ }).first();
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^facture-F-\d{4}-\d{4}\.pdf$/);
});

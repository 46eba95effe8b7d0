import { expect, type Page, test } from "@playwright/test";
import { mailCount, mailsSince, signIn } from "./helpers";

/** An API call with the page's session (cookie and CSRF token), as the screens make it. */
async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ m, u, b }) => {
      const csrf = document.cookie
        .split("; ")
        .find((c) => c.startsWith("certidesk_csrf="))
        ?.slice("certidesk_csrf=".length);
      const headers: Record<string, string> = { accept: "application/json", "x-csrf-token": csrf ?? "" };
      if (b !== undefined) headers["content-type"] = "application/json";
      const response = await fetch(u, { method: m, headers, body: b === undefined ? undefined : JSON.stringify(b) });
      const text = await response.text();
      if (!response.ok) throw new Error(`${m} ${u}: ${response.status} ${text}`);
      return JSON.parse(text);
    },
    { m: method, u: url, b: body },
  );
}

interface Detail {
  id: string;
  clientId: string;
  client: { raisonSocial: string };
  groupId: string | null;
  version: number;
  contractId: string;
  team: Array<{ auditorId: string; name: string; role: string }>;
  missionOrders: Array<{ auditorId: string; status: string }>;
  days: Array<{ day: string }>;
}

const french = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const plusDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A planned visit of one establishment, a month or more ahead, of two days or more (the rule of an ESSMS
 * evaluation: a one-day demo visit could not be moved), with a team of two or more whose orders
 * went out (sent here if they were waiting), that the rules let move a week later, and nobody the other
 * tests use (Marc Dubois, the Tilleuls).
 */
async function visitWithOrdersOut(page: Page): Promise<Detail> {
  const from = plusDays(new Date().toISOString().slice(0, 10), 30);
  const list = await api<{ items: Array<{ id: string; grouped: boolean; raisonSocial: string }> }>(
    page,
    "GET",
    `/api/missions?status=PLANNED&from=${from}&pageSize=100&sort=firstDay&direction=asc`,
  );
  for (const row of list.items.filter((r) => !r.grouped && !/Tilleuls/.test(r.raisonSocial))) {
    let d = await api<Detail>(page, "GET", `/api/missions/${row.id}`);
    if (d.team.length < 2 || d.team.some((t) => t.name === "Marc Dubois") || d.days.length < 2) continue;
    if (d.missionOrders.some((o) => o.status === "REFUSE")) continue;
    // A week later must be allowed by the rules (other tests deactivate evaluators and fill their months).
    const movedDays = d.days.map((day) => plusDays(day.day, 7)).join(",");
    const check = await api<{ items: Array<{ blocking: unknown[] }> }>(
      page,
      "GET",
      `/api/missions/${d.id}/plan-check?days=${movedDays}`,
    );
    if (check.items.some((i) => i.blocking.length > 0)) continue;
    if (d.missionOrders.some((o) => o.status === "WAITING"))
      d = await api<Detail>(page, "POST", `/api/missions/${d.id}/mission-orders/send`, { version: d.version }).catch(
        () => d,
      );
    if (d.team.every((t) => d.missionOrders.some((o) => o.auditorId === t.auditorId && /SENT|ACCEPT/.test(o.status))))
      return d;
  }
  throw new Error("Aucune visite programmée avec ses ordres de mission envoyés dans la démonstration.");
}

test("a planner moves a visit on the board: new orders sent, old ones kept, mails, history, portal", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, "cpi@demo.fr");
  const mission = await visitWithOrdersOut(page);
  const name = mission.client.raisonSocial;
  const first = mission.days[0]?.day ?? "";
  const moved = plusDays(first, 7);
  const oldDates = mission.days.map((d) => french(d.day)).join(", ");
  const newDates = mission.days.map((d) => french(plusDays(d.day, 7))).join(", ");
  const before = await mailCount();

  // The planning board of the visit's month: « Déplacer la visite » one week later.
  await page.goto(`/app/mission?vue=planning&mois=${first.slice(0, 7)}`);
  const bar = page
    .getByRole("link", { name: new RegExp(`^${escapeRegExp(name)},.*${escapeRegExp(french(first))}`) })
    .first();
  await bar.click();
  const dialog = page.getByRole("dialog");
  const day = dialog.getByRole("textbox", { name: "Nouveau premier jour" });
  await day.fill(french(moved));
  await day.press("Tab");
  await expect(dialog.getByText(`Nouveaux jours : ${newDates}`)).toBeVisible();
  // The rules' preview: warnings on the new days (another visit, leave…) ask for a justification first.
  const justification = dialog.getByRole("textbox", { name: /^Justification/ });
  const move = dialog.getByRole("button", { name: "Déplacer la visite" });
  await expect.poll(async () => (await justification.isVisible()) || (await move.isEnabled())).toBe(true);
  if (await justification.isVisible()) await justification.fill("Déplacement convenu avec l'équipe.");
  await move.click();
  await expect(page.getByText(/^Visite déplacée/)).toBeVisible();
  await expect(dialog).toBeHidden();

  // On the mission: the new orders wait for an answer, the old ones are kept, replaced; the history says it.
  await page.goto(`/app/mission/${mission.clientId}/${mission.id}?onglet=evaluateur`);
  const orders = page.getByRole("table", { name: "Ordres de mission", exact: true });
  for (const member of mission.team)
    await expect(orders.getByRole("row", { name: `Ordre de mission de ${member.name}` })).toContainText("Envoyé");
  const replaced = page.getByRole("table", { name: "Ordres de mission remplacés" });
  for (const member of mission.team)
    await expect(replaced.getByRole("row", { name: `Ordre remplacé de ${member.name}` })).toBeVisible();
  const history = page.getByRole("table", { name: "Historique de la mission" });
  await expect(history).toContainText(`Visite déplacée : ${oldDates} → ${newDates}.`);
  await expect(history).toContainText("Ordres de mission remplacés et renvoyés à");
  for (const member of mission.team) await expect(history).toContainText(member.name);
  await page.screenshot({ path: "test-results/planning-follow-mission.png", fullPage: true });

  // The mails: on the mission's E-mails tab, and really sent (the test SMTP server received them).
  await page.getByRole("tab", { name: "E-mails" }).click();
  const outbox = await api<{ items: Array<{ subject: string; to: string[] }> }>(
    page,
    "GET",
    `/api/mails?missionId=${mission.id}&page=1&pageSize=100&sort=createdAt&direction=desc`,
  );
  const changed = outbox.items.filter((m) => m.subject.startsWith("Ordre de mission modifié"));
  expect(changed).toHaveLength(mission.team.length);
  await expect(page.getByText(/^Ordre de mission modifié/).first()).toBeVisible();
  const toEstablishment = outbox.items.find(
    (m) => m.subject === "Votre évaluation externe — nouvelles dates de visite",
  );
  expect(toEstablishment).toBeDefined();
  await expect(page.getByText("Votre évaluation externe — nouvelles dates de visite").first()).toBeVisible();
  const recipients = [...changed, toEstablishment].flatMap((m) => m?.to ?? []).sort();
  await expect
    .poll(async () => (await mailsSince(before)).flatMap((m) => m.to).sort(), { timeout: 30_000 })
    .toEqual(expect.arrayContaining(recipients));
  await page.screenshot({ path: "test-results/planning-follow-mails.png", fullPage: true });

  // The portal of the establishment shows the new dates: an account made for it by the Direction.
  const admin = await browser.newPage();
  await signIn(admin, "dir@demo.fr");
  const identifier = `portail.${mission.id.slice(0, 8)}@demo.fr`;
  await api(admin, "POST", "/api/users", {
    identifier,
    password: "Provisoire-portail-2026",
    firstName: "Claire",
    lastName: "Portail",
    email: "",
    profileType: "MYQUALIANOR",
    clientId: mission.clientId,
  });
  await admin.close();
  const portal = await (await browser.newContext()).newPage();
  await signIn(portal, identifier, "Provisoire-portail-2026");
  await portal.getByLabel("Mot de passe provisoire").fill("Provisoire-portail-2026");
  await portal.getByLabel("Nouveau mot de passe").fill("Ma-phrase-du-portail-2026");
  await portal.getByLabel("Confirmation du mot de passe").fill("Ma-phrase-du-portail-2026");
  await portal.getByRole("button", { name: "Enregistrer mon mot de passe" }).click();
  await portal.waitForURL((url) => !url.pathname.startsWith("/choisir-mot-de-passe"), { timeout: 20_000 });
  await portal.goto("/my-ingeris/donnees-certification");
  const visitDays = portal.getByRole("listitem");
  for (const d of mission.days)
    await expect(visitDays.filter({ hasText: new RegExp(`^${french(plusDays(d.day, 7))} ·`) })).toBeVisible();
  await expect(visitDays.filter({ hasText: new RegExp(`^${french(first)} ·`) })).toHaveCount(0);
  await portal.screenshot({ path: "test-results/planning-follow-portal.png", fullPage: true });

  // A team change (the team screen's save): one evaluator out, their order cancelled; one in, sent at once.
  const now = await api<Detail>(page, "GET", `/api/missions/${mission.id}`);
  const leaving = now.team.find((t) => t.role !== "COORDINATOR") ?? now.team[0];
  const days = now.days.map((d) => d.day).join(",");
  const candidates = await api<{
    items: Array<{ id: string; name: string; eligibility: { eligible: boolean; warnings: unknown[] } }>;
  }>(page, "GET", `/api/auditors/candidates?clientId=${now.clientId}&days=${days}&contractId=${now.contractId}`);
  // Eligible; a warning (another zone, say) is justified with the change.
  const newcomer = candidates.items.find((c) => c.eligibility.eligible && !now.team.some((t) => t.auditorId === c.id));
  expect(newcomer).toBeDefined();
  await api(page, "PUT", `/api/missions/${mission.id}/team`, {
    members: [
      ...now.team.filter((t) => t !== leaving).map((t) => ({ auditorId: t.auditorId, role: t.role })),
      { auditorId: newcomer?.id, role: "EVALUATOR" },
    ],
    justification: "Renfort convenu avec la coordination.",
    version: now.version,
  });
  await page.goto(`/app/mission/${mission.clientId}/${mission.id}?onglet=evaluateur`);
  await expect(orders.getByRole("row", { name: `Ordre de mission de ${leaving?.name}` })).toContainText("Annulé");
  await expect(orders.getByRole("row", { name: `Ordre de mission de ${newcomer?.name}` })).toContainText("Envoyé");
  await expect(history).toContainText(`départ de ${leaving?.name}`);
  await expect(history).toContainText(`Ordre de mission annulé pour ${leaving?.name}, prévenu(e)s par e-mail.`);
  await page.screenshot({ path: "test-results/planning-follow-team.png", fullPage: true });
});

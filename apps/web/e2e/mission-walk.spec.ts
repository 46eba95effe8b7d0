import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";
import { WALK_PORT } from "./ports";

// Its own server and demo base (playwright.config.ts): this walk finalises client@demo.fr's only mission.
test.use({ baseURL: `http://localhost:${WALK_PORT}` });

/**
 * One evaluation from its signed contract to the finalised client, every step through the screens of
 * the user who does it: the coordination (cmcc@demo.fr) sets the visit days, the CPI (cpi@demo.fr) puts
 * Marc Dubois (auditeur@demo.fr) on the team as coordinator, proposes it and sends his mission order; Marc
 * accepts it and uploads the preliminary report from his evaluator space; the quality (qse@demo.fr)
 * reviews it, the coordination sends it; the establishment (client@demo.fr) sends its observations from
 * its portal; Marc uploads the final report, which finalises the mission and the client.
 *
 * The mission is the one of EHPAD Les Tilleuls, the only establishment client@demo.fr sees (its contract
 * is signed in the demo, its first team already has its orders).
 *
 * Why the visit days are set FIRST, and in the past:
 * - the server sends no mission order without visit days (mission-orders.service.ts), and it checks the
 *   impartiality rules of every member against those days when the team is saved (missions.service.ts
 *   checkTeam): Marc's insurance of the demo runs out before the planned visit (January), so he is only
 *   eligible for days before it;
 * - the evaluator space lists a report to upload only once the visit is over (lastDay before today,
 *   mission-portal.service.ts evaluatorSpace); the report steps themselves (mission-reports.service.ts,
 *   missions.policy.ts) only check their order (uploaded → reviewed → sent → observations → final).
 * Days already past are accepted by PUT /api/missions/{id}/days (it only checks the two-day minimum):
 * they stand for a visit made, recorded afterwards.
 */

const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n% ${text}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  );

const MARC = "Marc Dubois";
const ESSMS = "EHPAD Les Tilleuls";

async function as(page: Page, identifier: string, url: string) {
  await page.context().clearCookies();
  await signIn(page, identifier);
  await page.goto(url);
  await expect(page.locator(".mantine-LoadingOverlay-root")).toHaveCount(0);
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const fr = (day: string) => day.split("-").reverse().join("/");

/** Pairs of consecutive working days, from two to eight weeks ago (most recent first). */
function pastVisits(): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  const now = new Date();
  const base = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let back = 14; back <= 56; back++) {
    const first = new Date(base - back * 86_400_000);
    const weekday = first.getUTCDay();
    if (weekday === 0 || weekday >= 5) continue; // Monday to Thursday, the second day the next one.
    pairs.push([iso(first), iso(new Date(first.getTime() + 86_400_000))]);
  }
  return pairs;
}

interface Verdict {
  eligible: boolean;
  blocking: Array<{ rule: string; message: string }>;
  warnings: Array<{ rule: string; message: string }>;
}

test("a signed evaluation walked to the finalised client: days, team, order, reports, observations", async ({
  page,
}) => {
  test.setTimeout(180_000);

  // ---- Set-up through the API (no user does this in the walk): pick the records and the days.
  await signIn(page, "dir@demo.fr");
  const list = await getJson<{ items: Array<{ id: string; clientId: string; raisonSocial: string }> }>(
    page,
    `/api/missions?search=${encodeURIComponent(ESSMS)}&pageSize=50`,
  );
  const row = list.items.find((m) => m.raisonSocial === ESSMS);
  if (!row) throw new Error(`Aucune mission pour ${ESSMS}`);
  const mission = await getJson<{
    contractId: string;
    team: Array<{ auditorId: string; name: string }>;
  }>(page, `/api/missions/${row.id}`);
  const auditors = await getJson<{ items: Array<{ id: string; email: string }> }>(
    page,
    "/api/auditors?search=Dubois&pageSize=20",
  );
  const marc = auditors.items.find((a) => a.email === "auditeur@demo.fr");
  if (!marc) throw new Error(`${MARC} introuvable`);
  const verdict = (auditorId: string, days: string[]) =>
    getJson<Verdict>(
      page,
      `/api/auditors/${auditorId}/eligibility?clientId=${row.clientId}&contractId=${mission.contractId}&days=${days.join(",")}`,
    );
  // Days on which Marc is free and eligible, and the members already on the team too, but for an
  // expired document (renewed below).
  let days: [string, string] | null = null;
  for (const pair of pastVisits()) {
    const his = await verdict(marc.id, pair);
    if (!his.eligible || his.warnings.length > 0) continue;
    let fine = true;
    for (const member of mission.team) {
      const v = await verdict(member.auditorId, pair);
      if (v.warnings.length > 0 || v.blocking.some((b) => b.rule !== "DOCUMENTS")) fine = false;
    }
    if (fine) {
      days = pair;
      break;
    }
  }
  if (!days) throw new Error("Aucun couple de jours passés où l'équipe est disponible");
  // The demo team of Les Tilleuls has an evaluator whose impartiality declaration has expired: the
  // server refuses any team that keeps her (every member is checked), and she cannot leave it (her
  // order is sent). Her renewed declaration is recorded, as the staff would from her file.
  const csrf = (await page.context().cookies()).find((c) => c.name === "certidesk_csrf")?.value ?? "";
  const renewed = new Date(Date.now() + 365 * 86_400_000);
  for (const member of mission.team) {
    const { documents } = await getJson<{ documents: Array<{ kind: string; name: string; state: string }> }>(
      page,
      `/api/auditors/${member.auditorId}/documents`,
    );
    for (const doc of documents.filter((d) => d.state === "EXPIRED")) {
      const response = await page.request.post(`/api/auditors/${member.auditorId}/documents`, {
        headers: { "x-csrf-token": csrf },
        multipart: {
          kind: doc.kind,
          validUntil: iso(renewed),
          name: doc.name,
          file: { name: "document-renouvele.pdf", mimeType: "application/pdf", buffer: pdf(doc.name) },
        },
      });
      expect(response.status(), await response.text()).toBe(200);
    }
  }
  const base = `/app/mission/${row.clientId}/${row.id}`;

  // ---- The coordination sets the visit days (Préparation).
  await as(page, "cmcc@demo.fr", `${base}?onglet=preparation`);
  await page.getByRole("button", { name: "Modifier les jours" }).click();
  const dialog = page.getByRole("dialog", { name: "Jours de visite" });
  for (const [i, day] of days.entries()) {
    const field = dialog.getByRole("textbox", { name: `Jour ${i + 1}` });
    await field.fill(fr(day));
    await field.press("Tab");
  }
  await dialog.getByRole("button", { name: "Enregistrer les jours" }).click();
  await expect(dialog).toBeHidden();
  const table = page.getByRole("table", { name: "Jours de visite" });
  await expect(table).toContainText(fr(days[0]));
  await expect(table).toContainText(fr(days[1]));

  // ---- The CPI adds Marc to the team as coordinator, proposes it, sends his mission order.
  await as(page, "cpi@demo.fr", `${base}?onglet=evaluateur`);
  await page.getByLabel("Filtrer les évaluateurs proposés").fill("Dubois");
  const ranking = page.getByRole("table", { name: "Évaluateurs proposés" });
  const marcRow = ranking.getByRole("row", { name: MARC });
  await expect(marcRow).toContainText("Éligible", { timeout: 20_000 });
  await marcRow.getByRole("button", { name: `Ajouter ${MARC}` }).click();
  await expect(page.getByLabel(`Équipe : ${MARC}`)).toBeVisible();
  await page.getByLabel(`Équipe : ${MARC}`).getByLabel("Coordinateur(rice)").check();
  await page.getByRole("button", { name: "Enregistrer l'équipe" }).click();
  await expect(page.getByText("Équipe d'évaluation enregistrée.")).toBeVisible();
  // The team's other orders are out: the newcomer's leaves at once with the change (mission-follow.ts).
  const order = page.getByRole("row", { name: `Ordre de mission de ${MARC}` });
  await expect(order).toContainText("Envoyé");
  await page.getByRole("button", { name: "Proposer à l'établissement" }).click();
  await expect(page.getByText("Équipe proposée à l'établissement.")).toBeVisible();

  // ---- Marc accepts his order in his evaluator space; the visit is over: the preliminary report is due.
  await page.context().clearCookies();
  await signIn(page, "auditeur@demo.fr");
  await expect(page).toHaveURL(/\/espace-evaluateur\//);
  const space = page.url();
  const orders = page.getByRole("region", { name: "Ordres de mission à traiter" });
  const card = orders.locator(".mantine-Card-root").filter({ hasText: ESSMS });
  await expect(card).toContainText(fr(days[0]));
  await card.getByRole("button", { name: "Accepter" }).click();
  await expect(page.getByText("Ordre de mission accepté")).toBeVisible();
  await expect(orders.getByText(ESSMS, { exact: true })).toHaveCount(0);
  const reports = page.getByRole("region", { name: "Rapports à rendre" });
  await uploadFromSpace(page, `Déposer le rapport préliminaire — ${ESSMS}`, "rapport-preliminaire.pdf");
  await expect(page.getByText("Rapport préliminaire déposé.")).toBeVisible();
  await expect(reports.getByRole("button", { name: `Déposer le rapport préliminaire — ${ESSMS}` })).toHaveCount(0);

  // ---- The quality reviews it.
  await as(page, "qse@demo.fr", `${base}?onglet=evaluation`);
  await page.getByLabel("Commentaire de relecture (facultatif)").fill("Relu, conforme au référentiel.");
  await page.getByRole("button", { name: "Valider la relecture qualité" }).click();
  await expect(page.getByText(/Relu par .+ : « Relu, conforme au référentiel. »/)).toBeVisible();

  // ---- The coordination sends it to the establishment.
  await as(page, "cmcc@demo.fr", `${base}?onglet=evaluation`);
  await page.getByRole("button", { name: "Envoyer le rapport préliminaire à l'établissement" }).click();
  await expect(page.getByRole("button", { name: "Enregistrer les observations" })).toBeVisible();

  // ---- The establishment reads it and sends its observations from its portal.
  await as(page, "client@demo.fr", "/my-ingeris/donnees-certification");
  await expect(page.getByRole("link", { name: "Lire le rapport préliminaire" })).toBeVisible();
  const observations = "Page 12 : le CVS se réunit quatre fois par an.";
  await page.getByLabel(/Vos observations sur le rapport préliminaire/).fill(observations);
  await page.getByRole("button", { name: "Envoyer mes observations" }).click();
  await expect(page.getByText(/Vos observations ont été reçues le \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(page.getByText(observations)).toBeVisible();

  // ---- Marc, coordinator, uploads the final report from his space: the mission is finalised.
  await page.context().clearCookies();
  await signIn(page, "auditeur@demo.fr");
  await page.goto(space);
  await uploadFromSpace(page, `Déposer le rapport définitif — ${ESSMS}`, "rapport-definitif.pdf");
  await expect(page.getByText("Rapport définitif déposé.")).toBeVisible();
  await expect(reports.getByText(ESSMS, { exact: true })).toHaveCount(0);

  // ---- The staff see the mission finalised, and the client among « Évaluations finalisées ».
  await as(page, "cmcc@demo.fr", `${base}?onglet=evaluation`);
  await expect(page.getByText(/l'évaluation est finalisée/).first()).toBeVisible();
  await expect(page.getByText("Finalisée", { exact: true }).first()).toBeVisible();
  await page.goto("/app/client");
  await page.getByText("Évaluations finalisées", { exact: true }).click();
  await expect(page).toHaveURL(/filtre=EVALUATION_FINISH/);
  await page.getByRole("textbox", { name: "Rechercher un client" }).fill(ESSMS);
  const clients = page.getByRole("table", { name: "Liste des clients" });
  await expect(clients.getByRole("row").filter({ hasText: ESSMS })).toHaveCount(1);
});

/** The evaluator space's upload button opens the file picker: the report is chosen there. */
async function uploadFromSpace(page: Page, button: string, name: string) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("region", { name: "Rapports à rendre" }).getByRole("button", { name: button }).click();
  await (await chooser).setFiles({ name, mimeType: "application/pdf", buffer: pdf(name) });
}

import { expect, type Page, test } from "@playwright/test";
import { mailCount, mailsSince, signIn } from "./helpers";

type Planning = {
  bookings: Array<{ auditorId: string; missionId: string; clientId: string; label: string; days: string[] }>;
};
type PlanCheck = { items: Array<{ auditorId: string; blocking: unknown[]; warnings: Array<{ rule: string }> }> };

const iso = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (day: string, n: number) => iso(new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000));
const french = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const csrf = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === "certidesk_csrf")?.value ?? "";

/**
 * A visit of the coming months whose move by four weeks nothing blocks, with an evaluator not on
 * leave on the new days: the test then declares their leave there (the demo's members carry warnings
 * of their own, zone or domain: the one justification covers them too).
 */
async function cleanMove(page: Page) {
  const today = iso(new Date());
  for (let m = 1; m <= 4; m++) {
    const d = new Date();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + m);
    const month = iso(d).slice(0, 7);
    const planning = (await (await page.request.get(`/api/missions/planning?month=${month}`)).json()) as Planning;
    const seen = new Set<string>();
    for (const b of planning.bookings) {
      if (seen.has(`${b.missionId}:${b.auditorId}`) || (b.days[0] ?? "") <= plusDays(today, 7)) continue;
      seen.add(`${b.missionId}:${b.auditorId}`);
      const detail = await (await page.request.get(`/api/missions/${b.missionId}`)).json();
      if (detail.groupId || !detail.abilities.updateDays || detail.days.length === 0) continue;
      // An ESSMS visit planned before the two-day minimum cannot be moved as it is.
      if (detail.kind === "ESSMS_EVALUATION" && detail.days.length < 2) continue;
      const days = (detail.days as Array<{ day: string }>).map((x) => plusDays(x.day, 28));
      const check = (await (
        await page.request.get(`/api/missions/${b.missionId}/plan-check?days=${days.join(",")}`)
      ).json()) as PlanCheck;
      const clear = check.items.every((i) => i.blocking.length === 0);
      const mine = check.items.find((i) => i.auditorId === b.auditorId);
      if (clear && !mine?.warnings.some((w) => w.rule === "AVAILABILITY")) return { month, booking: b, detail, days };
    }
  }
  throw new Error("no visit to move cleanly in the coming months");
}

test("the board's move onto a conflict shows the warning before confirming; the justification is kept and shown", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, "dir@demo.fr");
  // The demo's teams break blocking rules on purpose (expired documents, coordinators without the
  // role, an inactive evaluator): for this test those warn, as the Settings allow; restored below.
  const settings = async () => (await page.request.get("/api/settings/impartiality")).json();
  const saveSeverities = async (ruleSeverities: object) => {
    const current = await settings();
    const r = await page.request.put("/api/settings/impartiality", {
      headers: { "x-csrf-token": await csrf(page) },
      data: { ...current, ruleSeverities },
    });
    expect(r.status(), await r.text()).toBe(200);
  };
  const before = (await settings()).ruleSeverities;
  await saveSeverities({ ...before, ACTIVE: "WARNING", DOCUMENTS: "WARNING", COORDINATOR_ROLE: "WARNING" });
  try {
    await moveOntoLeave(page);
  } finally {
    await saveSeverities(before);
  }
});

async function moveOntoLeave(page: Page) {
  const { month, booking, detail, days } = await cleanMove(page);
  const evaluator = (detail.team as Array<{ auditorId: string; name: string }>).find(
    (t) => t.auditorId === booking.auditorId,
  );
  const leave = await page.request.post(`/api/auditors/${booking.auditorId}/unavailability`, {
    headers: { "x-csrf-token": await csrf(page) },
    data: { startDate: days[0], endDate: days.at(-1), reason: "Congés posés" },
  });
  expect(leave.status(), await leave.text()).toBeLessThan(300);

  // The planning board of the visit's month: the visit's bar opens « Déplacer la visite ».
  await page.goto(`/app/mission?vue=planning&mois=${month}`);
  await expect(page.getByRole("table", { name: /^Planning des évaluateurs/ })).toBeVisible();
  const escaped = booking.label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await page
    .getByRole("link", { name: new RegExp(escaped) })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "Déplacer la visite" })).toBeVisible();

  // Four weeks later: the leave shows before anything is saved, and the move waits for a justification.
  const first = dialog.getByRole("textbox", { name: /^Nouveau premier jour/ });
  await first.fill(french(days[0] ?? ""));
  await first.press("Tab");
  const conflicts = dialog.getByRole("alert").filter({ hasText: "Conflits à justifier" });
  // Warnings and justifications already given for the mission are listed too; ours is new.
  await expect(conflicts).toBeVisible({ timeout: 20_000 });
  await expect(conflicts).toContainText(`${evaluator?.name} : Indisponible le ${french(days[0] ?? "")}`);
  await expect(dialog.getByRole("button", { name: "Déplacer la visite" })).toBeDisabled();
  await page.screenshot({ path: "test-results/planning-rules-move-warning.png" });

  const reason = "Congés déplacés d'une semaine, confirmé par téléphone.";
  const mailsBefore = await mailCount();
  await dialog.getByRole("textbox", { name: /^Justification/ }).fill(reason);
  await dialog.getByRole("button", { name: "Déplacer la visite" }).click();
  await expect(page.getByText("Visite déplacée")).toBeVisible();

  // The mission's team: the kept justification instead of « À justifier ».
  await page.goto(`/app/mission/${booking.clientId}/${booking.missionId}?onglet=evaluateur`);
  const member = page.getByLabel(`Équipe : ${evaluator?.name}`);
  await expect(member).toBeVisible({ timeout: 20_000 });
  await expect(member.getByText("Justifié", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(member).toContainText(reason);
  await expect(member.getByText("À justifier")).toHaveCount(0);
  await page.screenshot({ path: "test-results/planning-rules-team-justified.png", fullPage: true });

  // What followed the move (mission-follow.ts): the history names the move and the overridden check with
  // its justification, and the establishment is told of its new dates by mail.
  const history = page.getByRole("table", { name: "Historique de la mission" });
  await expect(history).toContainText(`Visite déplacée : `);
  await expect(history).toContainText("Contrôles passés outre : ");
  await expect(history).toContainText(`${evaluator?.name} : Indisponible le ${french(days[0] ?? "")}`);
  await expect(history).toContainText(reason);
  await expect
    .poll(async () => (await mailsSince(mailsBefore)).some((m) => m.text.includes(french(days[0] ?? ""))), {
      message: "un e-mail annonçant les nouvelles dates",
      timeout: 30_000,
    })
    .toBe(true);
}

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildUser, completeCompanyIdentity } from "../../../test/factories.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { declareExpense, multipartBody, samplePdf } from "../../../test/multipart.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { contracts, documents, mailOutbox } from "../../db/schema/index.js";
import { DAY_MS, fixedClock } from "../../lib/clock.js";
import { approvedRebillableExpenses, satisfactionByAuditor } from "./index.js";

type Method = "GET" | "PUT" | "POST";
type Expense = { id: string; status: string; amountCents: number; version: number; receipt: { url: string } | null };

const clock = fixedClock("2026-04-10T09:00:00Z");

describe("expenses, fees, performance and satisfaction", () => {
  let ctx: TestContext;
  let compta: Session;
  let qse: Session;
  let cc: Session;
  let dir: Session;
  let missionId: string;
  let contractId: string;
  let own: Session;
  let other: Session;
  let ownAuditorId: string;
  let freelance: Session;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const db = ctx.handle.db;
    await completeCompanyIdentity(db);
    compta = await signIn(ctx, (await buildUser(db, "COMPTA")).identifier);
    qse = await signIn(ctx, (await buildUser(db, "QSE")).identifier);
    cc = await signIn(ctx, (await buildUser(db, "CC")).identifier);
    dir = await signIn(ctx, (await buildUser(db, "DIR")).identifier);
    const a = await buildAuditor(db, { email: "a@eval.fr" });
    const b = await buildAuditor(db, { email: "b@eval.fr", status: "INDEPENDANT", dailyFee: 650 });
    ownAuditorId = a.id;
    own = await signIn(ctx, (await buildUser(db, "AUDITEUR", { auditorId: a.id })).identifier);
    freelance = await signIn(ctx, (await buildUser(db, "AUDITEUR", { auditorId: b.id })).identifier);
    other = await signIn(ctx, (await buildUser(db, "AUDITEUR", { auditorId: b.id })).identifier);
    const signed = await signedContract(ctx, dir, {
      days: [
        { day: "2026-04-07", timeSlotId: 1 },
        { day: "2026-04-08", timeSlotId: 5 },
      ],
      team: [
        { auditorId: a.id, role: "COORDINATOR" },
        { auditorId: b.id, role: "EVALUATOR" },
      ],
    });
    missionId = signed.missions[0]?.id ?? "";
    contractId = signed.contract.id;
  });
  afterAll(() => ctx.close());

  const call = (method: Method, url: string, session: Session | null, payload?: object) =>
    ctx.app.inject({ method, url, headers: session?.bearer ?? {}, payload });
  const declare = (session: Session, expense: object, mission = missionId) =>
    declareExpense(ctx, session, mission, expense);

  it("computes a car's amount from its kilometres at the configured rate, in cents, with its receipt", async () => {
    const settings = await call("GET", "/api/settings/expenses", dir);
    expect(settings.json()).toMatchObject({ kmRate: 0.603 });
    const changed = await call("PUT", "/api/settings/expenses", dir, {
      kmRate: 0.636,
      version: settings.json().version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const car = await declare(own, { kind: "TRANSPORT", transportMode: "CAR", date: "2026-04-07", kilometres: 123.5 });
    expect(car.statusCode, car.body).toBe(200);
    // 123.5 km × 0,636 €/km = 78,546 € → 7 855 cents.
    expect(car.json()).toMatchObject({ amountCents: 7855, kmRate: 0.636, status: "SUBMITTED" });
    const receipt = await ctx.app.inject({ url: (car.json() as Expense).receipt?.url ?? "" });
    expect(receipt.statusCode).toBe(200);
    const [doc] = await ctx.handle.db.select().from(documents).where(eq(documents.metaCode, "MISSION_FRAIS"));
    expect(doc).toMatchObject({ missionId, auditorId: ownAuditorId, family: "EXPENSE" });
    const meal = await declare(own, { kind: "MEAL", date: "2026-04-07", amountCents: 1890, description: "Déjeuner" });
    expect(meal.json()).toMatchObject({ amountCents: 1890 });
    const missing = await declare(own, { kind: "LODGING", date: "2026-04-07" });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe("Indiquez le montant.");
  });

  it("shows an evaluator only their own expenses; another's answers 404", async () => {
    const mine = (await call("GET", `/api/missions/${missionId}/expenses`, own)).json() as {
      items: Expense[];
      canDeclare: boolean;
    };
    expect(mine.items.length).toBe(2);
    expect(mine.canDeclare).toBe(true);
    const theirs = (await call("GET", `/api/missions/${missionId}/expenses`, other)).json() as { items: Expense[] };
    expect(theirs.items).toEqual([]);
    const target = mine.items[0] as Expense;
    const put = await call("PUT", `/api/expenses/${target.id}`, other, {
      kind: "MEAL",
      date: "2026-04-07",
      amountCents: 100,
      version: target.version,
    });
    expect(put.statusCode).toBe(404);
    const mineList = await call("GET", `/api/auditors/${ownAuditorId}/expenses`, other);
    expect(mineList.statusCode).toBe(404);
    // A client user, or an evaluator outside the team, does not see the mission's expenses.
    const outsider = await signIn(ctx, (await buildUser(ctx.handle.db, "AUDITEUR")).identifier);
    expect((await call("GET", `/api/missions/${missionId}/expenses`, outsider)).statusCode).toBe(404);
    expect((await declare(outsider, { kind: "MEAL", date: "2026-04-07", amountCents: 100 })).statusCode).toBe(404);
    // Staff may not declare for the evaluator.
    expect((await declare(compta, { kind: "MEAL", date: "2026-04-07", amountCents: 100 })).statusCode).toBe(403);
  });

  it("lets staff approve, reject with a reason and reimburse; rebills approved expenses only when 'frais en sus'", async () => {
    const list = (await call("GET", `/api/missions/${missionId}/expenses`, compta)).json() as { items: Expense[] };
    const [meal, car] = list.items.sort((x, y) => x.amountCents - y.amountCents) as [Expense, Expense];
    expect((await call("POST", `/api/expenses/${car.id}/approve`, cc, { version: car.version })).statusCode).toBe(403);
    const approved = await call("POST", `/api/expenses/${car.id}/approve`, compta, { version: car.version });
    expect(approved.json()).toMatchObject({ status: "APPROVED" });
    const again = await call("POST", `/api/expenses/${car.id}/approve`, compta, { version: approved.json().version });
    expect(again.statusCode).toBe(409);
    const edit = await call("PUT", `/api/expenses/${car.id}`, own, {
      kind: "MEAL",
      date: "2026-04-07",
      amountCents: 100,
      version: approved.json().version,
    });
    expect(edit.statusCode).toBe(409);
    const rejected = await call("POST", `/api/expenses/${meal.id}/reject`, compta, {
      reason: "Pas de justificatif lisible",
      version: meal.version,
    });
    expect(rejected.json()).toMatchObject({ status: "REJECTED", rejectionReason: "Pas de justificatif lisible" });
    const paid = await call("POST", `/api/expenses/${car.id}/reimburse`, compta, {
      date: "2026-04-30",
      version: approved.json().version,
    });
    expect(paid.json()).toMatchObject({ status: "REIMBURSED", reimbursedOn: "2026-04-30" });
    // Travel included (option 2): nothing to rebill; "frais en sus" (option 1): the approved line, in cents.
    expect(await approvedRebillableExpenses(ctx.handle.db, missionId)).toEqual([]);
    await ctx.handle.db.update(contracts).set({ travelExpenseMode: 1 }).where(eq(contracts.id, contractId));
    const lines = await approvedRebillableExpenses(ctx.handle.db, missionId);
    expect(lines).toEqual([expect.objectContaining({ expenseId: car.id, amountCents: 7855 })]);
    expect(lines[0]?.label).toContain("07/04/2026");
  });

  it("checks a freelance invoice against the agreed daily fee × days and records its payment", async () => {
    const upload = (session: Session, invoice: object) => {
      const body = multipartBody(
        { invoice: JSON.stringify(invoice) },
        { name: "facture.pdf", data: samplePdf("Facture"), type: "application/pdf" },
      );
      return ctx.app.inject({
        method: "POST",
        url: `/api/missions/${missionId}/fees/invoice`,
        headers: { ...session.bearer, ...body.headers },
        payload: body.payload,
      });
    };
    // 650 € × 1,5 day = 975 €.
    const tooMuch = await upload(freelance, { number: "F-2026-04", amountCents: 120000 });
    expect(tooMuch.statusCode).toBe(422);
    expect(errorOf(tooMuch).message).toContain("dépasse le montant convenu");
    const salaried = await upload(own, { number: "X", amountCents: 100 });
    expect(salaried.statusCode).toBe(422);
    const filed = await upload(freelance, { number: "F-2026-04", amountCents: 97500 });
    expect(filed.statusCode, filed.body).toBe(200);
    const fees = (await call("GET", `/api/missions/${missionId}/fees`, compta)).json() as {
      items: Array<{
        status: string;
        days: number;
        expectedCents: number | null;
        invoice: { id: string; version: number; status: string } | null;
      }>;
    };
    const row = fees.items.find((f) => f.invoice);
    expect(row).toMatchObject({
      status: "INDEPENDANT",
      days: 1.5,
      expectedCents: 97500,
      invoice: { status: "TO_PAY" },
    });
    const inv = row?.invoice as { id: string; version: number };
    expect(
      (await call("POST", `/api/auditor-invoices/${inv.id}/paid`, other, { date: "2026-04-30", version: inv.version }))
        .statusCode,
    ).toBe(403);
    const paid = await call("POST", `/api/auditor-invoices/${inv.id}/paid`, compta, {
      date: "2026-04-30",
      version: inv.version,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // The evaluator sees only their own fee line.
    const mine = (await call("GET", `/api/missions/${missionId}/fees`, own)).json() as { items: unknown[] };
    expect(mine.items.length).toBe(1);
    const pdf = await call("GET", `/api/auditors/${ownAuditorId}/statement?month=2026-04`, own);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    const xlsx = await call("GET", `/api/auditors/${ownAuditorId}/statement?month=2026-04&format=xlsx`, compta);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    expect((await call("GET", `/api/auditors/${ownAuditorId}/statement?month=2026-04`, other)).statusCode).toBe(404);
  });

  it("lets the quality profile score each evaluator against the RefCriteria, and averages them on the file", async () => {
    const before = (await call("GET", `/api/missions/${missionId}/performance`, compta)).json() as {
      items: Array<{ criteria: Array<{ refCriteriaVO: string; point: number | null }> }>;
      canScore: boolean;
    };
    expect(before.canScore).toBe(false);
    expect(before.items[0]?.criteria.map((c) => c.refCriteriaVO)).toEqual([
      "QCPE",
      "RPE",
      "CVA",
      "TECE",
      "CTE",
      "QCEFQ",
      "ROE",
      "CERE",
    ]);
    expect(before.items[0]?.criteria.every((c) => c.point === null)).toBe(true);
    const body = {
      auditorId: ownAuditorId,
      version: 0,
      criteria: [
        { refCriteriaVO: "QCPE", point: 4, commentary: "Préparation soignée" },
        { refCriteriaVO: "RPE", point: 5 },
      ],
    };
    expect((await call("PUT", `/api/missions/${missionId}/performance`, compta, body)).statusCode).toBe(403);
    const scored = await call("PUT", `/api/missions/${missionId}/performance`, qse, body);
    expect(scored.statusCode, scored.body).toBe(200);
    const item = (scored.json() as { items: Array<{ auditorId: string; version: number }> }).items.find(
      (i) => i.auditorId === ownAuditorId,
    );
    expect(item?.version).toBe(1);
    // Someone scoring from the page as it was before that save: refused, nothing overwritten.
    const stale = await call("PUT", `/api/missions/${missionId}/performance`, qse, {
      ...body,
      criteria: [{ refCriteriaVO: "QCPE", point: 1 }],
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe("STALE_VERSION");
    const averages = (await call("GET", `/api/auditors/${ownAuditorId}/performance`, own)).json() as {
      criteria: Array<{ refCriteriaVO: string; average: number | null }>;
    };
    expect(averages.criteria.find((c) => c.refCriteriaVO === "QCPE")?.average).toBe(4);
    expect(averages.criteria.find((c) => c.refCriteriaVO === "CVA")?.average).toBeNull();
  });

  it("mails a questionnaire whose public link works once and expires; answers go to the evaluators once", async () => {
    const sent = await call("POST", `/api/missions/${missionId}/satisfaction/send`, compta);
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await ctx.handle.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.relatedType, "MISSION_SATISFACTION_IN_EMAIL"));
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail?.body ?? "")?.[1] ?? "");
    expect(token).not.toBe("");
    const form = await call("GET", `/api/satisfaction?token=${encodeURIComponent(token)}`, null);
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().evaluators.length).toBe(2);
    const answers = { PREPARATION: 4, VISIT: 3, LISTENING: 4, CLARITY: 3, OVERALL: 4 };
    // Not yet answered: nothing to send to the evaluators.
    expect((await call("POST", `/api/missions/${missionId}/satisfaction/send-to-auditor`, compta)).statusCode).toBe(
      409,
    );
    const first = await call("POST", "/api/satisfaction", null, { token, answers, comment: "Très bonne équipe" });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call("POST", "/api/satisfaction", null, { token, answers });
    expect(second.statusCode).toBe(409);
    expect((await call("GET", `/api/satisfaction?token=${encodeURIComponent(token)}`, null)).statusCode).toBe(409);
    const forged = await call(
      "GET",
      `/api/satisfaction?token=${encodeURIComponent(`${token.split(".")[0]}.faux`)}`,
      null,
    );
    expect(forged.statusCode).toBe(404);
    const state = (await call("GET", `/api/missions/${missionId}/satisfaction`, compta)).json();
    expect(state.survey).toMatchObject({ answers, comment: "Très bonne équipe", average: 3.6 });
    expect(state.survey.document).not.toBeNull();
    expect(state.isSendSatisfactionToAuditor).toBe(true);
    const toAuditors = await call("POST", `/api/missions/${missionId}/satisfaction/send-to-auditor`, compta);
    expect(toAuditors.json().isSendSatisfactionToAuditor).toBe(false);
    expect((await call("POST", `/api/missions/${missionId}/satisfaction/send-to-auditor`, compta)).statusCode).toBe(
      409,
    );
    const results = await satisfactionByAuditor(ctx.handle.db, {
      from: new Date("2026-04-01T00:00:00Z"),
      to: new Date("2026-05-01T00:00:00Z"),
    });
    expect(results.find((r) => r.auditorId === ownAuditorId)).toMatchObject({ answered: 1, averages: { OVERALL: 4 } });
  });

  it("refuses an expired questionnaire link", async () => {
    const second = await signedContract(ctx, dir, { days: [{ day: "2026-04-09", timeSlotId: 1 }] });
    const id = second.missions[0]?.id ?? "";
    expect((await call("POST", `/api/missions/${id}/satisfaction/send`, compta)).statusCode).toBe(200);
    const mails = await ctx.handle.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.relatedType, "MISSION_SATISFACTION_IN_EMAIL"));
    const mail = mails.find((m) => m.missionId === id);
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail?.body ?? "")?.[1] ?? "");
    expect(token).not.toBe("");
    clock.advance(31 * DAY_MS);
    try {
      const late = await call("POST", "/api/satisfaction", null, { token, answers: { OVERALL: 4 } });
      expect(late.statusCode).toBe(409);
      expect(errorOf(late).message).toBe("Ce lien de questionnaire a expiré.");
    } finally {
      clock.set("2026-04-10T09:00:00Z");
    }
  });

  it("mails the questionnaire by itself the set number of days after the visit, once, its link hidden from staff", async () => {
    const settings = await call("GET", "/api/settings/expenses", dir);
    const { kmRate, version } = settings.json() as { kmRate: number; version: number };
    const saved = await call("PUT", "/api/settings/expenses", dir, { kmRate, satisfactionAfterDays: 2, version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ satisfactionAfterDays: 2 });
    const bad = await call("PUT", "/api/settings/expenses", dir, { kmRate, satisfactionAfterDays: -1, version: 0 });
    expect(errorOf(bad).message).toContain("Le délai du questionnaire ne peut pas être négatif.");

    const visited = await signedContract(ctx, dir, { days: [{ day: "2026-04-09", timeSlotId: 1 }] });
    const id = visited.missions[0]?.id ?? "";
    const sentFor = async () =>
      (
        await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.relatedType, "MISSION_SATISFACTION_IN_EMAIL"))
      ).filter((m) => m.missionId === id);
    try {
      // 10 April: one day after the visit, two are asked: nothing yet.
      await ctx.app.satisfactionSender.runOnce();
      expect(await sentFor()).toHaveLength(0);
      clock.set("2026-04-11T09:00:00Z");
      await ctx.app.satisfactionSender.runOnce();
      await ctx.app.satisfactionSender.runOnce();
      const mails = await sentFor();
      expect(mails).toHaveLength(1);
      expect(mails[0]?.containsSecret).toBe(true);
      const shown = await call("GET", `/api/mails/${mails[0]?.id}`, dir);
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({ body: null, containsSecret: true });
      const state = await call("GET", `/api/missions/${id}/satisfaction`, compta);
      expect(state.json()).toMatchObject({ survey: { answeredAt: null, sentAt: "2026-04-11T09:00:00.000Z" } });

      // Set to "by hand only": a later visit gets nothing by itself.
      const current = (await call("GET", "/api/settings/expenses", dir)).json() as { version: number };
      await call("PUT", "/api/settings/expenses", dir, {
        kmRate,
        satisfactionAfterDays: null,
        version: current.version,
      });
      const later = await signedContract(ctx, dir, { days: [{ day: "2026-04-09", timeSlotId: 1 }] });
      await ctx.app.satisfactionSender.runOnce();
      const none = (await ctx.handle.db.select().from(mailOutbox)).filter((m) => m.missionId === later.missions[0]?.id);
      expect(none.filter((m) => m.relatedType === "MISSION_SATISFACTION_IN_EMAIL")).toHaveLength(0);
    } finally {
      clock.set("2026-04-10T09:00:00Z");
    }
  });
});

import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuditor, buildUser } from "../../../test/factories.js";
import { signedContract } from "../../../test/mission-fixtures.js";
import { declareExpense, multipartBody, samplePdf } from "../../../test/multipart.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { documents, expenses } from "../../db/schema/index.js";
import { fixedClock } from "../../lib/clock.js";

type Method = "GET" | "PUT" | "POST";
type Expense = {
  id: string;
  date: string;
  version: number;
  dateWarning: string | null;
  receipt: { id: string } | null;
};

// Friday 15 May 2026 in Paris; the mission's visit is on 6 and 7 May.
const clock = fixedClock("2026-05-15T08:00:00Z");
const FUTURE = "La date de la dépense ne peut pas être dans le futur : déclarez-la une fois engagée.";

describe("expense dates and receipts", () => {
  let ctx: TestContext;
  let dir: Session;
  let compta: Session;
  let evaluator: Session;
  let auditorId: string;
  let missionId: string;

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const db = ctx.handle.db;
    dir = await signIn(ctx, (await buildUser(db, "DIR")).identifier);
    compta = await signIn(ctx, (await buildUser(db, "COMPTA")).identifier);
    auditorId = (await buildAuditor(db, { email: "dates@eval.fr" })).id;
    evaluator = await signIn(ctx, (await buildUser(db, "AUDITEUR", { auditorId })).identifier);
    const signed = await signedContract(ctx, dir, {
      days: [
        { day: "2026-05-06", timeSlotId: 1 },
        { day: "2026-05-07", timeSlotId: 1 },
      ],
      team: [{ auditorId, role: "COORDINATOR" }],
    });
    missionId = signed.missions[0]?.id ?? "";
  });
  afterAll(() => ctx.close());

  const call = (method: Method, url: string, session: Session, payload?: object) =>
    ctx.app.inject({ method, url, headers: session.bearer, payload });
  const declare = (expense: object) => declareExpense(ctx, evaluator, missionId, expense);
  const meal = (date: string) => ({ kind: "MEAL", date, amountCents: 1890 });
  const staffList = async () =>
    ((await call("GET", `/api/missions/${missionId}/expenses`, compta)).json() as { items: Expense[] }).items;
  const counts = async () => ({
    expenses: (await ctx.handle.db.select().from(expenses)).length,
    documents: (await ctx.handle.db.select().from(documents)).length,
  });

  it("refuses an expense dated after today (422, in French, on the date field) and stores nothing", async () => {
    const before = await counts();
    const r = await declare(meal("2026-05-16"));
    expect(r.statusCode, r.body).toBe(422);
    expect(errorOf(r).message).toBe(FUTURE);
    expect(r.json().error.details).toEqual([{ path: ["date"], message: FUTURE }]);
    expect(await counts()).toEqual(before);
    // Today is fine; moving it to tomorrow afterwards is refused the same way, and changes nothing.
    const today = await declare(meal("2026-05-15"));
    expect(today.statusCode, today.body).toBe(200);
    const saved = today.json() as Expense;
    const moved = await call("PUT", `/api/expenses/${saved.id}`, evaluator, {
      ...meal("2026-05-20"),
      version: saved.version,
    });
    expect(moved.statusCode).toBe(422);
    expect(errorOf(moved).message).toBe(FUTURE);
    const [row] = await ctx.handle.db.select().from(expenses).where(eq(expenses.id, saved.id));
    expect(row).toMatchObject({ date: "2026-05-15", version: saved.version });
  });

  it("flags, with the reason, an expense dated outside the mission's dates beyond the margin (Settings › Frais)", async () => {
    const inside = (await declare(meal("2026-04-29"))).json() as Expense; // 7 days before: within the margin
    const early = (await declare(meal("2026-04-28"))).json() as Expense; // 8 days before
    const late = (await declare(meal("2026-05-15"))).json() as Expense; // 8 days after the last day
    expect(inside.dateWarning).toBeNull();
    expect(early.dateWarning).toBe(
      "Datée du 28/04/2026, 8 jours avant le début de la mission (06/05/2026) : au-delà de la marge de 7 jours.",
    );
    const flagged = (await staffList()).filter((e) => e.dateWarning).map((e) => e.id);
    expect(flagged).toContain(early.id);
    expect(flagged).toContain(late.id);
    expect(flagged).not.toContain(inside.id);
    expect((await staffList()).find((e) => e.id === late.id)?.dateWarning).toBe(
      "Datée du 15/05/2026, 8 jours après la fin de la mission (07/05/2026) : au-delà de la marge de 7 jours.",
    );

    const settings = (await call("GET", "/api/settings/expenses", dir)).json() as {
      version: number;
      dateMarginDays: number;
    };
    expect(settings.dateMarginDays).toBe(7);
    const bad = await call("PUT", "/api/settings/expenses", dir, {
      kmRate: 0.603,
      dateMarginDays: -1,
      version: settings.version,
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain("La marge ne peut pas être négative.");
    const widened = await call("PUT", "/api/settings/expenses", dir, {
      kmRate: 0.603,
      dateMarginDays: 10,
      version: settings.version,
    });
    expect(widened.statusCode, widened.body).toBe(200);
    expect(widened.json()).toMatchObject({ dateMarginDays: 10 });
    expect((await staffList()).filter((e) => e.dateWarning)).toEqual([]);
  });

  it("files receipts in their own family: out of the evaluator's documents, still open to the evaluator and staff", async () => {
    const created = (await declare(meal("2026-05-07"))).json() as Expense;
    const receiptId = created.receipt?.id ?? "";
    const [doc] = await ctx.handle.db.select().from(documents).where(eq(documents.id, receiptId));
    expect(doc).toMatchObject({ family: "EXPENSE", auditorId, missionId, metaCode: "MISSION_FRAIS" });
    const file = (await call("GET", `/api/auditors/${auditorId}/documents`, dir)).json() as {
      documents: Array<{ id: string }>;
    };
    expect(file.documents.map((d) => d.id)).not.toContain(receiptId);
    for (const session of [evaluator, compta]) {
      const r = await call("GET", `/api/documents/${receiptId}`, session);
      expect(r.statusCode, r.body).toBe(200);
    }
    const listed = await call("GET", "/api/documents?family=EXPENSE&pageSize=100", compta);
    expect((listed.json() as { items: Array<{ id: string; family: string }> }).items).toContainEqual(
      expect.objectContaining({ id: receiptId, family: "EXPENSE" }),
    );
    // A receipt is filed with its expense only: the library refuses the family by hand.
    const upload = multipartBody(
      { family: "EXPENSE", auditorId },
      { name: "ticket.pdf", data: samplePdf("Ticket"), type: "application/pdf" },
    );
    const byHand = await ctx.app.inject({
      method: "POST",
      url: "/api/documents",
      headers: { ...dir.bearer, ...upload.headers },
      payload: upload.payload,
    });
    expect(byHand.statusCode).toBe(400);
    expect(byHand.body).toContain("un justificatif de frais se dépose avec sa dépense");
  });

  it("migration 0064 moves the receipts filed among the evaluator's documents, and their list rows follow", async () => {
    const created = (await declare(meal("2026-05-07"))).json() as Expense;
    const receiptId = created.receipt?.id ?? "";
    // As a receipt was filed before the migration.
    await ctx.handle.db.update(documents).set({ family: "AUDITOR" }).where(eq(documents.id, receiptId));
    const file = path.resolve(import.meta.dirname, "../../db/migrations/0064_expense_receipts_family.sql");
    const statements = fs.readFileSync(file, "utf8").split("--> statement-breakpoint");
    await ctx.handle.db.execute(sql.raw(statements.at(-1) ?? ""));
    const [doc] = await ctx.handle.db.select().from(documents).where(eq(documents.id, receiptId));
    expect(doc?.family).toBe("EXPENSE");
    expect(JSON.parse(doc?.listRow ?? "{}").family).toBe("EXPENSE");
    const cv = await ctx.handle.db
      .select()
      .from(documents)
      .where(sql`${documents.family} = 'AUDITOR' and ${documents.metaCode} = 'MISSION_FRAIS'`);
    expect(cv).toEqual([]);
  });
});

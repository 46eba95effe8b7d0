import { and, asc, avg, count, desc, eq, gte, inArray, isNotNull, isNull, lt, notInArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import {
  auditorFeeInvoices,
  auditors,
  clients,
  contacts,
  contracts,
  documents,
  expenseSettings,
  expenses,
  fareClasses,
  invoices,
  missionDays,
  missions,
  missionTeamMembers,
  performanceReviews,
  performanceScores,
  satisfactionSurveys,
} from "../../db/schema/index.js";
import { sqlInstant } from "../../lib/clock.js";

export { auditorFeeInvoices, expenseSettings, expenses, satisfactionSurveys };
export type ExpenseRow = typeof expenses.$inferSelect;
export type FeeInvoiceRow = typeof auditorFeeInvoices.$inferSelect;
export type SurveyRow = typeof satisfactionSurveys.$inferSelect;

/** The mileage rate (one row, created with its default on first read). */
export async function loadExpenseSettings(db: Executor) {
  const read = async () => (await db.select().from(expenseSettings).where(eq(expenseSettings.id, 1)))[0];
  const row =
    (await read()) ??
    (await db.insert(expenseSettings).values({ id: 1 }).onConflictDoNothing().returning())[0] ??
    (await read());
  if (!row) throw new Error("expense settings missing");
  return row;
}

/** A mission as the expenses, fees, performance and satisfaction need it. */
export async function missionFacts(db: Executor, id: string) {
  const [row] = await db
    .select({
      mission: missions,
      raisonSocial: clients.raisonSocial,
      clientEmail: clients.email,
      travelExpenseMode: contracts.travelExpenseMode,
    })
    .from(missions)
    .innerJoin(clients, eq(clients.id, missions.clientId))
    .innerJoin(contracts, eq(contracts.id, missions.contractId))
    .where(eq(missions.id, id));
  if (!row) return null;
  const team = await db
    .select({
      auditorId: missionTeamMembers.auditorId,
      role: missionTeamMembers.role,
      firstName: auditors.firstName,
      lastName: auditors.lastName,
      email: auditors.email,
      status: auditors.status,
      dailyFee: auditors.dailyFee,
    })
    .from(missionTeamMembers)
    .innerJoin(auditors, eq(auditors.id, missionTeamMembers.auditorId))
    .where(eq(missionTeamMembers.missionId, id))
    .orderBy(asc(missionTeamMembers.role), asc(auditors.lastName), asc(auditors.firstName));
  const [days] = await db
    .select({ total: sql<string | null>`sum(${missionDays.dayFraction})` })
    .from(missionDays)
    .where(eq(missionDays.missionId, id));
  const [survey] = await db.select().from(satisfactionSurveys).where(eq(satisfactionSurveys.missionId, id));
  return { ...row, team, days: Number(days?.total ?? 0), survey: survey ?? null };
}
export type MissionFacts = NonNullable<Awaited<ReturnType<typeof missionFacts>>>;

/** Where the establishment's mails go: its main contact, else its own address. */
export async function clientRecipient(db: Executor, clientId: string, fallback: string | null) {
  const [contact] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.clientId, clientId), eq(contacts.isMain, true)));
  return { email: contact?.email ?? fallback, firstName: contact?.firstName ?? "", lastName: contact?.lastName ?? "" };
}

const missionLabel = sql<string>`${clients.raisonSocial} || coalesce(' — ' || to_char(${missions.firstDay}, 'DD/MM/YYYY'), '')`;

/** Expense lines with what the screens show, filtered by mission and/or evaluator, newest first. */
export async function listExpenses(db: Executor, where: { missionId?: string; auditorId?: string; id?: string }) {
  return db
    .select({
      expense: expenses,
      missionLabel,
      clientId: missions.clientId,
      // The mission's dates, for the date check (expenseDateWarning) shown to the staff.
      missionFirstDay: missions.firstDay,
      missionLastDay: missions.lastDay,
      auditorName: sql<string>`${auditors.firstName} || ' ' || ${auditors.lastName}`,
      fareClassName: fareClasses.name,
      receiptName: documents.name,
      // Read-only join: the number of the client invoice that rebills the expense (null on a draft).
      rebilledInvoiceNumber: invoices.number,
    })
    .from(expenses)
    .innerJoin(missions, eq(missions.id, expenses.missionId))
    .innerJoin(clients, eq(clients.id, missions.clientId))
    .innerJoin(auditors, eq(auditors.id, expenses.auditorId))
    .leftJoin(fareClasses, eq(fareClasses.id, expenses.fareClassId))
    .leftJoin(documents, eq(documents.id, expenses.receiptDocumentId))
    .leftJoin(invoices, eq(invoices.id, expenses.rebilledInvoiceId))
    .where(
      and(
        where.missionId ? eq(expenses.missionId, where.missionId) : undefined,
        where.auditorId ? eq(expenses.auditorId, where.auditorId) : undefined,
        where.id ? eq(expenses.id, where.id) : undefined,
      ),
    )
    .orderBy(desc(expenses.date), desc(expenses.createdAt));
}
export type ExpenseListRow = Awaited<ReturnType<typeof listExpenses>>[number];

export async function findExpense(db: Executor, id: string) {
  const [row] = await db.select().from(expenses).where(eq(expenses.id, id));
  return row ?? null;
}

export async function fareClassExists(db: Executor, id: string) {
  const [row] = await db.select({ id: fareClasses.id }).from(fareClasses).where(eq(fareClasses.id, id));
  return !!row;
}

/** The missions of an evaluator's team (for the Mes frais form), latest first. */
export async function missionsOfAuditor(db: Executor, auditorId: string) {
  return db
    .select({ id: missions.id, label: missionLabel })
    .from(missionTeamMembers)
    .innerJoin(missions, eq(missions.id, missionTeamMembers.missionId))
    .innerJoin(clients, eq(clients.id, missions.clientId))
    .where(eq(missionTeamMembers.auditorId, auditorId))
    .orderBy(sql`${missions.firstDay} desc nulls last`, asc(clients.raisonSocial));
}

export async function auditorExists(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: auditors.id,
      firstName: auditors.firstName,
      lastName: auditors.lastName,
      status: auditors.status,
      siret: auditors.siret,
    })
    .from(auditors)
    .where(eq(auditors.id, id));
  return row ?? null;
}

/**
 * Approved (or reimbursed) expenses of a mission whose contract rebills travel expenses ("frais en
 * sus", option 1) and that no invoice bills yet: the lines of the client's balance invoice, in cents.
 */
export async function rebillableExpenses(db: Executor, missionId: string) {
  return db
    .select({
      id: expenses.id,
      kind: expenses.kind,
      transportMode: expenses.transportMode,
      date: expenses.date,
      description: expenses.description,
      amountCents: expenses.amountCents,
      kilometres: expenses.kilometres,
    })
    .from(expenses)
    .innerJoin(missions, eq(missions.id, expenses.missionId))
    .innerJoin(contracts, eq(contracts.id, missions.contractId))
    .where(
      and(
        eq(expenses.missionId, missionId),
        inArray(expenses.status, ["APPROVED", "REIMBURSED"]),
        eq(contracts.travelExpenseMode, 1),
        isNull(expenses.rebilledInvoiceId),
      ),
    )
    .orderBy(asc(expenses.date), asc(expenses.createdAt));
}

/** Links expenses to the invoice that rebills them (only those still free: never billed twice). */
export async function setRebilledInvoice(db: Executor, expenseIds: string[], invoiceId: string) {
  if (expenseIds.length === 0) return [];
  return db
    .update(expenses)
    .set({ rebilledInvoiceId: invoiceId })
    .where(and(inArray(expenses.id, expenseIds), isNull(expenses.rebilledInvoiceId)))
    .returning({ id: expenses.id });
}

/** The expenses an invoice rebills. */
export async function rebilledBy(db: Executor, invoiceId: string) {
  const rows = await db.select({ id: expenses.id }).from(expenses).where(eq(expenses.rebilledInvoiceId, invoiceId));
  return rows.map((r) => r.id);
}

/** Frees the expenses an invoice rebills, except `keep`: they become billable again. */
export async function clearRebilledInvoice(db: Executor, invoiceId: string, keep: string[] = []) {
  await db
    .update(expenses)
    .set({ rebilledInvoiceId: null })
    .where(and(eq(expenses.rebilledInvoiceId, invoiceId), keep.length ? notInArray(expenses.id, keep) : undefined));
}

// ——— Fees ———

export async function feeInvoicesOf(db: Executor, missionId: string) {
  return db
    .select({ invoice: auditorFeeInvoices, documentName: documents.name })
    .from(auditorFeeInvoices)
    .leftJoin(documents, eq(documents.id, auditorFeeInvoices.documentId))
    .where(eq(auditorFeeInvoices.missionId, missionId));
}

export async function findFeeInvoice(db: Executor, id: string) {
  const [row] = await db.select().from(auditorFeeInvoices).where(eq(auditorFeeInvoices.id, id));
  return row ?? null;
}

/** Files the evaluator's invoice; a new one replaces an unpaid one (the unique key is mission + evaluator). */
export async function upsertFeeInvoice(db: Executor, values: typeof auditorFeeInvoices.$inferInsert, now: Date) {
  const [row] = await db
    .insert(auditorFeeInvoices)
    .values(values)
    .onConflictDoUpdate({
      target: [auditorFeeInvoices.missionId, auditorFeeInvoices.auditorId],
      set: {
        number: values.number,
        amountCents: values.amountCents,
        days: values.days,
        dailyFeeCents: values.dailyFeeCents,
        expectedCents: values.expectedCents,
        documentId: values.documentId,
        version: sql`${auditorFeeInvoices.version} + 1`,
        updatedAt: now,
      },
      setWhere: eq(auditorFeeInvoices.status, "TO_PAY"),
    })
    .returning();
  return row ?? null;
}

// ——— Performance ———

export async function scoresOf(db: Executor, missionId: string) {
  return db.select().from(performanceScores).where(eq(performanceScores.missionId, missionId));
}

/**
 * Claims the next version of an evaluator's scores on a mission, from the version read (0 before
 * the first save). False when someone saved in between: the caller answers 409.
 */
export async function claimReviewVersion(
  db: Executor,
  key: { missionId: string; auditorId: string },
  read: number,
  now: Date,
) {
  const rows =
    read === 0
      ? await db
          .insert(performanceReviews)
          .values({ ...key, version: 1, updatedAt: now })
          .onConflictDoNothing()
          .returning()
      : await db
          .update(performanceReviews)
          .set({ version: read + 1, updatedAt: now })
          .where(
            and(
              eq(performanceReviews.missionId, key.missionId),
              eq(performanceReviews.auditorId, key.auditorId),
              eq(performanceReviews.version, read),
            ),
          )
          .returning();
  return rows.length === 1;
}

/** The versions of the evaluators' scores on a mission. */
export async function reviewVersions(db: Executor, missionId: string) {
  return db
    .select({ auditorId: performanceReviews.auditorId, version: performanceReviews.version })
    .from(performanceReviews)
    .where(eq(performanceReviews.missionId, missionId));
}

export async function replaceScores(
  db: Executor,
  key: { missionId: string; auditorId: string },
  rows: Array<{ criterion: string; point: number | null; commentary: string | null }>,
  by: string,
  now: Date,
) {
  await db
    .delete(performanceScores)
    .where(and(eq(performanceScores.missionId, key.missionId), eq(performanceScores.auditorId, key.auditorId)));
  if (rows.length)
    await db.insert(performanceScores).values(rows.map((r) => ({ ...key, ...r, scoredBy: by, scoredAt: now })));
}

/** An evaluator's average point per criterion over all their scored missions. */
export async function averagesOfAuditor(db: Executor, auditorId: string) {
  const perCriterion = await db
    .select({
      criterion: performanceScores.criterion,
      average: sql<string | null>`round(avg(${performanceScores.point})::numeric, 2)`,
      n: count(performanceScores.point),
    })
    .from(performanceScores)
    .where(and(eq(performanceScores.auditorId, auditorId), isNotNull(performanceScores.point)))
    .groupBy(performanceScores.criterion);
  const perMission = await db
    .select({
      missionId: performanceScores.missionId,
      label: sql<string>`min(${clients.raisonSocial})`,
      day: sql<string | null>`min(${missions.firstDay})`,
      average: sql<string | null>`round(${avg(performanceScores.point)}::numeric, 2)`,
    })
    .from(performanceScores)
    .innerJoin(missions, eq(missions.id, performanceScores.missionId))
    .innerJoin(clients, eq(clients.id, missions.clientId))
    .where(eq(performanceScores.auditorId, auditorId))
    .groupBy(performanceScores.missionId)
    .orderBy(sql`min(${missions.firstDay}) desc nulls last`);
  return { perCriterion, perMission };
}

// ——— Satisfaction ———

export async function findSurvey(db: Executor, id: string) {
  const [row] = await db.select().from(satisfactionSurveys).where(eq(satisfactionSurveys.id, id));
  return row ?? null;
}

export async function surveyDocumentName(db: Executor, id: string | null) {
  if (!id) return null;
  const [row] = await db.select({ name: documents.name }).from(documents).where(eq(documents.id, id));
  return row?.name ?? null;
}

/** A new questionnaire (a resend replaces an unanswered one: new expiry, the old link no longer opens). */
export async function upsertSurvey(
  db: Executor,
  values: { missionId: string; sentTo: string; sentAt: Date; expiresAt: Date },
) {
  const [row] = await db
    .insert(satisfactionSurveys)
    .values(values)
    .onConflictDoUpdate({
      target: satisfactionSurveys.missionId,
      set: {
        id: sql`gen_random_uuid()`,
        sentTo: values.sentTo,
        sentAt: values.sentAt,
        expiresAt: values.expiresAt,
        version: sql`${satisfactionSurveys.version} + 1`,
        updatedAt: values.sentAt,
      },
      setWhere: isNull(satisfactionSurveys.answeredAt),
    })
    .returning();
  return row ?? null;
}

/** The automatic job's claim: a questionnaire only for a mission that has none (null when one exists). */
export async function claimSurvey(
  db: Executor,
  values: { missionId: string; sentTo: string; sentAt: Date; expiresAt: Date },
) {
  const [row] = await db.insert(satisfactionSurveys).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/**
 * Missions whose visit ended `afterDays` days ago or more (within a month of that day), with no
 * questionnaire yet: the automatic sending's work list.
 */
export async function missionsDueForSatisfaction(db: Executor, today: string, afterDays: number) {
  return db
    .select({
      missionId: missions.id,
      clientId: missions.clientId,
      raisonSocial: clients.raisonSocial,
      clientEmail: clients.email,
    })
    .from(missions)
    .innerJoin(clients, eq(clients.id, missions.clientId))
    .leftJoin(satisfactionSurveys, eq(satisfactionSurveys.missionId, missions.id))
    .where(
      and(
        isNull(satisfactionSurveys.id),
        isNotNull(missions.lastDay),
        sql`${missions.lastDay} <= ${today}::date - ${afterDays}::int`,
        sql`${missions.lastDay} > ${today}::date - ${afterDays + 30}::int`,
      ),
    )
    .orderBy(asc(missions.lastDay), asc(missions.id));
}

/** Stores the answers once: only an unanswered, unexpired questionnaire takes them (null otherwise). */
export async function answerSurvey(
  db: Executor,
  id: string,
  values: { answers: Record<string, number>; comment: string; now: Date },
) {
  const [row] = await db
    .update(satisfactionSurveys)
    .set({
      answers: values.answers,
      comment: values.comment || null,
      answeredAt: values.now,
      version: sql`${satisfactionSurveys.version} + 1`,
      updatedAt: values.now,
    })
    .where(
      and(
        eq(satisfactionSurveys.id, id),
        isNull(satisfactionSurveys.answeredAt),
        sql`${satisfactionSurveys.expiresAt} > ${sqlInstant(values.now)}`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function setSurveyDocument(db: Executor, id: string, documentId: string) {
  await db.update(satisfactionSurveys).set({ documentId }).where(eq(satisfactionSurveys.id, id));
}

/** Marks the answers as sent to the evaluators, once (null when already sent). */
export async function markSentToAuditors(db: Executor, id: string, now: Date) {
  const [row] = await db
    .update(satisfactionSurveys)
    .set({ sentToAuditorsAt: now, version: sql`${satisfactionSurveys.version} + 1`, updatedAt: now })
    .where(and(eq(satisfactionSurveys.id, id), isNull(satisfactionSurveys.sentToAuditorsAt)))
    .returning();
  return row ?? null;
}

/**
 * Satisfaction results per evaluator over a period (answers received in [from, to)): the number of
 * answered questionnaires and the average of each question, for the statistics.
 */
export async function satisfactionByAuditor(db: Executor, period: { from: Date; to: Date }) {
  const rows = await db
    .select({
      auditorId: missionTeamMembers.auditorId,
      auditorName: sql<string>`${auditors.firstName} || ' ' || ${auditors.lastName}`,
      answers: satisfactionSurveys.answers,
    })
    .from(satisfactionSurveys)
    .innerJoin(missionTeamMembers, eq(missionTeamMembers.missionId, satisfactionSurveys.missionId))
    .innerJoin(auditors, eq(auditors.id, missionTeamMembers.auditorId))
    .where(
      and(
        isNotNull(satisfactionSurveys.answeredAt),
        gte(satisfactionSurveys.answeredAt, period.from),
        lt(satisfactionSurveys.answeredAt, period.to),
      ),
    );
  const byAuditor = new Map<
    string,
    { auditorId: string; auditorName: string; answered: number; sums: Record<string, number> }
  >();
  for (const r of rows) {
    const entry = byAuditor.get(r.auditorId) ?? {
      auditorId: r.auditorId,
      auditorName: r.auditorName,
      answered: 0,
      sums: {},
    };
    entry.answered += 1;
    for (const [code, value] of Object.entries(r.answers ?? {})) entry.sums[code] = (entry.sums[code] ?? 0) + value;
    byAuditor.set(r.auditorId, entry);
  }
  return [...byAuditor.values()].map((e) => ({
    auditorId: e.auditorId,
    auditorName: e.auditorName,
    answered: e.answered,
    averages: Object.fromEntries(
      Object.entries(e.sums).map(([code, sum]) => [code, Math.round((sum / e.answered) * 100) / 100]),
    ),
  }));
}

import { and, asc, count, eq, lt, sql } from "drizzle-orm";
import { quotes } from "../../../db/schema/index.js";
import { addDaysToInstant, sqlInstant } from "../../../lib/clock.js";
import { isStaff } from "../../../lib/policy.js";
import { type AlertRule, countOf } from "../alert-rule.js";

export const QUOTE_UNANSWERED_DAYS = 30;

const where = (now: Date) =>
  and(eq(quotes.status, "SENT"), lt(quotes.sentAt, sqlInstant(addDaysToInstant(now, -QUOTE_UNANSWERED_DAYS))));

export const quoteUnanswered: AlertRule = {
  code: "QUOTE_UNANSWERED",
  permission: { code: "PROSPECT", op: "any" },
  audience: isStaff,
  label: "Devis sans réponse",
  description: `Devis envoyés depuis plus de ${QUOTE_UNANSWERED_DAYS} jours, ni acceptés ni refusés.`,
  link: "/app/prospect?type=EnCours",
  count: async ({ db, now }) => countOf(await db.select({ n: count() }).from(quotes).where(where(now))),
  list: ({ db, now }, limit) =>
    db
      .select({ id: quotes.id, label: quotes.number, date: sql<string | null>`(${quotes.sentAt})::date::text` })
      .from(quotes)
      .where(where(now))
      .orderBy(asc(quotes.sentAt))
      .limit(limit),
};

import { expect } from "vitest";
import type { Database } from "../../db/client.js";
import type { IsoDate } from "../../lib/clock.js";
import type { AlertRule } from "./alert-rule.js";
import { listCases } from "./alerts.repository.js";

/** The record ids a rule finds on `today` (its default threshold unless `days`), hidden ones included. */
export async function caseIds(db: Database, rule: AlertRule, today: IsoDate, days?: number): Promise<string[]> {
  const rows = await listCases(
    { db, today, now: new Date(`${today}T10:00:00Z`) },
    { rules: [rule], days: new Map([[rule.code, days ?? rule.threshold?.defaultDays ?? 0]]) },
    { limit: 1000, offset: 0 },
  );
  return rows.map((r) => r.record_id);
}

/** The rule's threshold day: absent the day before, present on the day. */
export async function expectFrom(db: Database, rule: AlertRule, recordId: string, dayBefore: IsoDate, day: IsoDate) {
  expect(await caseIds(db, rule, dayBefore), `${rule.code} on ${dayBefore}`).not.toContain(recordId);
  expect(await caseIds(db, rule, day), `${rule.code} on ${day}`).toContain(recordId);
}

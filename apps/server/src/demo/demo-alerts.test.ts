import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { systemClock } from "../lib/clock.js";
import { countByRule, thresholds } from "../modules/alerts/alerts.repository.js";
import { ALERT_RULES } from "../modules/alerts/index.js";

/** The demo base gives each page of alerts of the Missions, Performances and Factures rules rows to show. */
describe("demo data: the alert pages Missions, Performances and Factures", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { demoData: true } });
  }, 180_000);
  afterAll(() => ctx?.close());

  it("has rows for every rule of these pages", async () => {
    const db = ctx.handle.db;
    const rules = ALERT_RULES.filter((r) => ["ALERT_MISSION", "ALERT_PERFORMANCE", "ALERT_FACTURE"].includes(r.page));
    const counts = await countByRule(
      { db, today: systemClock.today(), now: systemClock.now() },
      rules,
      await thresholds(db, rules),
    );
    const empty = rules.filter((r) => !counts.get(r.code)).map((r) => r.code);
    expect(empty).toEqual([]);
  });
});

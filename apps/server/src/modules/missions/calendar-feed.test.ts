import fs from "node:fs";
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories.js";
import { type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { calendarFeedTokens } from "../../db/schema/index.js";

/** An evaluator's secret calendar link: one active link at a time, however many requests arrive at once. */
describe("calendar link under concurrency", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  async function evaluator() {
    const user = await buildUser(ctx.handle.db, "AUDITEUR");
    return { auditorId: user.auditorId ?? "", session: await signIn(ctx, user.identifier) };
  }
  const active = (auditorId: string) =>
    ctx.handle.db
      .select()
      .from(calendarFeedTokens)
      .where(and(eq(calendarFeedTokens.auditorId, auditorId), isNull(calendarFeedTokens.revokedAt)));
  const ask = (auditorId: string, session: Session, renew = false) =>
    ctx.app.inject({
      method: renew ? "POST" : "GET",
      url: `/api/auditors/${auditorId}/calendar-link${renew ? "/renew" : ""}`,
      headers: session.bearer,
    });

  it("creates the first link once when ten requests for it arrive together", async () => {
    const { auditorId, session } = await evaluator();
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(auditorId, session)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => (a.json() as { url: string }).url)).size).toBe(1);
    expect(await active(auditorId)).toHaveLength(1);
  });

  it("migration 0060 keeps an evaluator's oldest active link and revokes the extra ones it finds", async () => {
    const { auditorId } = await evaluator();
    await ctx.handle.execRaw("DROP INDEX calendar_feed_tokens_active_key");
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute));
    await ctx.handle.db.insert(calendarFeedTokens).values([1, 2, 3].map((m) => ({ auditorId, createdAt: at(m) })));
    const migration = fs.readFileSync(
      new URL("../../db/migrations/0061_calendar_feed_one_active.sql", import.meta.url),
    );
    for (const statement of migration.toString().split("--> statement-breakpoint")) await ctx.handle.execRaw(statement);
    const left = await active(auditorId);
    expect(left.map((f) => f.createdAt)).toEqual([at(1)]);
    const all = await ctx.handle.db
      .select()
      .from(calendarFeedTokens)
      .where(eq(calendarFeedTokens.auditorId, auditorId))
      .orderBy(asc(calendarFeedTokens.createdAt));
    expect(all.map((f) => f.revokedAt !== null)).toEqual([false, true, true]);
    // The index is back: a second active link is refused by the database itself.
    await expect(ctx.handle.db.insert(calendarFeedTokens).values({ auditorId })).rejects.toThrow();
  });

  it("leaves one active link when renewals and first requests arrive together", async () => {
    const { auditorId, session } = await evaluator();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => ask(auditorId, session, i % 2 === 0)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const [only] = await active(auditorId);
    expect(await active(auditorId)).toHaveLength(1);
    // The link the evaluator is given from now on is that one, and it opens the feed.
    const { url } = (await ask(auditorId, session)).json() as { url: string };
    expect(url).toContain(`/api/calendar/${only?.id}.`);
    expect((await ctx.app.inject({ method: "GET", url: new URL(url).pathname })).statusCode).toBe(200);
  });
});

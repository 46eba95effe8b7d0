import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { withJsonKeys } from "./sql-json.js";

describe("withJsonKeys", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const extended = async (objectText: string | null) => {
    const [row] = await ctx.handle.db
      .select({ text: withJsonKeys(sql`t.row`, { b: sql`'1'`, c: sql`null` }) })
      .from(sql`(select ${objectText}::text as row) as t`);
    return row?.text ?? null;
  };

  it("adds keys before the closing brace, whatever the characters before it", async () => {
    // The brace is cut as a byte: a row with characters of two, three and four bytes keeps them all.
    const row = JSON.stringify({ a: "Hélène — 𝄞", nested: { x: "œ" } });
    const text = await extended(row);
    expect(JSON.parse(text ?? "")).toEqual({ a: "Hélène — 𝄞", nested: { x: "œ" }, b: 1, c: null });
    expect(await extended('{"id":1}')).toBe('{"id":1, "b" : 1, "c" : null}');
    expect(await extended(null)).toBeNull();
  });
});

import { formatPhone } from "@certidesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/test-app.js";

// The SQL twins of the shared formatters (migration 0029_display_text): the lists' JSON rows are built
// with them, the screens and the exports with the TypeScript ones. Every input here, both ways.
const NBSP = "\u00a0";
const PHONES = [
  null,
  "",
  "   ",
  "0612345678",
  "06.12.34.56.78",
  " 06-12-34-56-78 ",
  "061234567",
  "+33 6 12 34 56 78",
  "+33612345678",
  "0033612345678",
  "+3361234567",
  "+44  20 7946 0958",
  "+1 (555) 010-9999",
  "0044 20 7946 0958",
  "standard",
  "poste 12",
  `${NBSP}06 12 34 56 78${NBSP}`,
  `06${NBSP}12${NBSP}34${NBSP}56${NBSP}78`,
  `+44${NBSP}${NBSP}20\t7946\u20090958`,
  "\u3000+33 1 23 45 67 89\ufeff",
  "0",
];
const TRIMS = [" a ", `${NBSP}b${NBSP}`, "\t\nc\r\n", "\u2003d e\u2028", "", "  ", "x"];

describe("display texts in SQL", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("display_phone gives what formatPhone gives", async () => {
    const rows = await ctx.handle.queryRaw<{ shown: string }>(
      "select display_phone(v) as shown from unnest($1::text[]) with ordinality as t(v, n) order by n",
      [PHONES],
    );
    expect(rows.map((r) => r.shown)).toEqual(PHONES.map((p) => formatPhone(p)));
  });

  it("display_trim trims what String.prototype.trim trims", async () => {
    const rows = await ctx.handle.queryRaw<{ trimmed: string }>(
      "select display_trim(v) as trimmed from unnest($1::text[]) with ordinality as t(v, n) order by n",
      [TRIMS],
    );
    expect(rows.map((r) => r.trimmed)).toEqual(TRIMS.map((t) => t.trim()));
    expect(await ctx.handle.queryRaw("select display_trim(null) as t")).toEqual([{ t: null }]);
  });
});

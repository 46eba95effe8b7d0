import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../test/factories.js";
import { errorOf, signIn } from "../../test/session.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { numberingSeries } from "../db/schema/index.js";
import { formatNumber, maskError, nextNumber } from "./numbering.js";

describe("numbering", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("formats masks and explains bad ones in French", () => {
    expect(formatNumber("D-{YYYY}-{NNNN}", { year: 2026, month: 3, counter: 7 })).toBe("D-2026-0007");
    expect(formatNumber("F{YY}{MM}/{NNNNN}", { year: 2026, month: 3, counter: 42 })).toBe("F2603/00042");
    expect(maskError("D-{YYYY}")).toBe("Le masque doit contenir un compteur, et un seul : {NNNN}.");
    expect(maskError("D-{AAAA}-{NNN}")).toContain("Jetons reconnus");
    expect(maskError("D-{YYYY}-{NNNN}")).toBeNull();
  });

  it("gives back the number of a rolled-back creation, and restarts each year", async () => {
    const db = ctx.handle.db;
    const first = await db.transaction((tx) => nextNumber(tx, "QUOTE", new Date("2026-03-01T10:00:00Z")));
    await expect(
      db.transaction(async (tx) => {
        await nextNumber(tx, "QUOTE", new Date("2026-03-02T10:00:00Z"));
        throw new Error("creation failed");
      }),
    ).rejects.toThrow("creation failed");
    const second = await db.transaction((tx) => nextNumber(tx, "QUOTE", new Date("2026-03-03T10:00:00Z")));
    expect([first, second]).toEqual(["D-2026-0001", "D-2026-0002"]);
    expect(await db.transaction((tx) => nextNumber(tx, "QUOTE", new Date("2027-01-02T10:00:00Z")))).toBe("D-2027-0001");
  });

  it("lets Settings change a mask, with a preview of the next number", async () => {
    const session = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
    const list = await ctx.app.inject({ method: "GET", url: "/api/settings/numbering", headers: session.bearer });
    const contract = (list.json() as Array<{ code: string; version: number; next: string }>).find(
      (s) => s.code === "CONTRACT",
    );
    expect(contract?.next).toMatch(/^C-\d{4}-0001$/);
    const put = (mask: string, version: number) =>
      ctx.app.inject({
        method: "PUT",
        url: "/api/settings/numbering/CONTRACT",
        headers: session.bearer,
        payload: { mask, version },
      });
    const bad = await put("CT-{YYYY}", contract?.version ?? 1);
    expect(bad.statusCode).toBe(400);
    const ok = await put("CT/{YY}/{NNN}", contract?.version ?? 1);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { next: string }).next).toMatch(/^CT\/\d{2}\/001$/);
    const stale = await put("CT-{YYYY}-{NNN}", contract?.version ?? 1);
    expect(errorOf(stale).code).toBe("STALE_VERSION");
    const [row] = await ctx.handle.db.select().from(numberingSeries).where(eq(numberingSeries.code, "CONTRACT"));
    expect(row?.mask).toBe("CT/{YY}/{NNN}");
    const cc = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
    const denied = await ctx.app.inject({
      method: "PUT",
      url: "/api/settings/numbering/CONTRACT",
      headers: cc.bearer,
      payload: { mask: "X-{NNN}", version: 2 },
    });
    expect(denied.statusCode).toBe(403);
  });
});

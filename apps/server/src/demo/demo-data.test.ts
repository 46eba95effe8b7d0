import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEssms } from "../../test/factories.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { requestClients, users } from "../db/schema/index.js";
import { seedDemoData } from "./demo-data.js";

/** DEMO_DATA on a base filled otherwise (the scale seed alone): it keeps what it has, nothing half-written. */
describe("demo data on a base that already holds establishments", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("is not loaded, and writes nothing", async () => {
    const { db } = ctx.handle;
    await buildEssms(db);
    expect(await seedDemoData(db)).toBe(false);
    expect((await db.select({ n: count() }).from(users))[0]?.n).toBe(0);
    expect((await db.select({ n: count() }).from(requestClients))[0]?.n).toBe(0);
  });
});

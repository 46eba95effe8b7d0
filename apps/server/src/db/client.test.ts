import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.js";

describe("the PostgreSQL pool", () => {
  // JIT compilation cost more than the application's reads it compiled (client.ts, docs/performance.md).
  it.skipIf(!process.env.TEST_DATABASE_URL)("opens its connections without JIT", async () => {
    const handle = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolMax: 2 });
    try {
      expect(await handle.queryRaw<{ jit: string }>("show jit")).toEqual([{ jit: "off" }]);
    } finally {
      await handle.close();
    }
  });
});

import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords.js";

describe("password hashes", () => {
  it("stores the cost it was made with, and verifies at that cost", async () => {
    const cheap = await hashPassword("Demo-2026", 1024);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword("Demo-2026", cheap)).toBe(true);
    expect(await verifyPassword("demo-2026", cheap)).toBe(false);
  });
});

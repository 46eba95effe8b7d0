import { AUDIT_COUNT_CAP } from "@certidesk/shared";
import { describe, expect, it } from "vitest";
import { entryCount } from "./AuditLogTab";

describe("the journal's count", () => {
  it("says the exact count, or that there are more than the cap", () => {
    expect(entryCount(undefined)).toBe("0 entrée(s)");
    expect(entryCount({ total: 1234, totalCapped: false })).toBe("1 234 entrée(s)");
    expect(entryCount({ total: AUDIT_COUNT_CAP, totalCapped: true })).toBe("Plus de 10 000 entrées");
  });
});

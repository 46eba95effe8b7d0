import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "./api-client";

describe("api-client", () => {
  afterEach(() => vi.restoreAllMocks());

  it("sends a fresh Idempotency-Key with every creation (POST), none with reads", async () => {
    const fetchMock = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    await api.post("/api/quotes", { a: 1 });
    await api.post("/api/quotes", { a: 1 });
    await api.get("/api/quotes");
    const keys = fetchMock.mock.calls.map(
      ([, init]) => ((init?.headers ?? {}) as Record<string, string>)["Idempotency-Key"],
    );
    expect(keys[0]).toMatch(/^[\w-]{16,}$/);
    expect(keys[1]).toMatch(/^[\w-]{16,}$/);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBeUndefined();
  });
});

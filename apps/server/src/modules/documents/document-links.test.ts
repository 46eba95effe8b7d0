import { describe, expect, it } from "vitest";
import { createDocumentLinks, LINK_TTL_MS } from "./document-links.js";

const payloadOf = (url: string) => {
  const params = new URL(url, "http://x").searchParams;
  return { p: params.get("p") ?? "", token: params.get("token") ?? "" };
};

describe("document links", () => {
  it("are signed once a minute per document and version, and expire 30 to 31 minutes after", () => {
    let clock = Date.UTC(2026, 10, 28, 9, 0, 10);
    const links = createDocumentLinks("secret", () => clock);
    const first = links.links("doc-1");
    clock += 40_000; // 09:00:50, the same minute
    expect(links.links("doc-1")).toBe(first);
    expect(links.links("doc-1", 2).url).not.toBe(first.url);
    expect(links.links("doc-2").url).not.toBe(first.url);
    const { p, token } = payloadOf(first.url);
    const verified = links.verify(p, token);
    expect(verified).toMatchObject({ d: "doc-1", v: 0, e: Date.UTC(2026, 10, 28, 9, 31) });
    clock += 20_000; // 09:01:10, the next minute
    const next = links.links("doc-1");
    expect(next.url).not.toBe(first.url);
    expect(links.verify(payloadOf(next.url).p, payloadOf(next.url).token)).toMatchObject({
      e: Date.UTC(2026, 10, 28, 9, 32),
    });
    // The first link still opens until its minute, and not after.
    clock = Date.UTC(2026, 10, 28, 9, 31) - 1;
    expect(links.verify(p, token)).toMatchObject({ d: "doc-1" });
    clock = Date.UTC(2026, 10, 28, 9, 31) + 1;
    expect(links.verify(p, token)).toBe("expired");
    expect(LINK_TTL_MS).toBe(30 * 60_000);
  });
});

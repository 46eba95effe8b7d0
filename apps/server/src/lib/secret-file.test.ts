import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createDocumentLinks } from "../modules/documents/document-links.js";
import { loadOrCreateSecret } from "./secret-file.js";

describe("secret kept in DATA_DIR", () => {
  it("is created once, readable by its owner only, and the same after a restart", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "certidesk-secret-"));
    try {
      const first = loadOrCreateSecret(path.join(dir, "data"), "signed-url-secret");
      const file = path.join(dir, "data", "signed-url-secret");
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      const again = loadOrCreateSecret(path.join(dir, "data"), "signed-url-secret");
      expect(again).toBe(first);
      // A link signed before the restart still opens after it.
      const url = createDocumentLinks(first).url("doc-1", "view");
      const params = new URL(url, "http://x").searchParams;
      const verified = createDocumentLinks(again).verify(params.get("p") ?? "", params.get("token") ?? "");
      expect(verified).toMatchObject({ d: "doc-1", v: 0 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Short-lived signed links to view or download a document: the spec's `p` parameter carries what
 * is opened and until when, `token` signs it. A link opens in a new window without the session,
 * and an altered or expired one is refused.
 */
export interface LinkPayload {
  /** document id */
  d: string;
  /** version number, or 0 for the current one */
  v: number;
  /** "view" (inline) or "download" (attachment) */
  m: "view" | "download";
  /** expiry, ms since epoch */
  e: number;
}

export const LINK_TTL_MS = 30 * 60_000;

export function createDocumentLinks(secret: string = randomBytes(32).toString("hex"), now: () => number = Date.now) {
  const sign = (p: string) => createHmac("sha256", secret).update(p).digest("base64url");
  return {
    url(documentId: string, mode: LinkPayload["m"], versionNumber = 0): string {
      const payload: LinkPayload = { d: documentId, v: versionNumber, m: mode, e: now() + LINK_TTL_MS };
      const p = Buffer.from(JSON.stringify(payload)).toString("base64url");
      return `/api/documents/view?p=${p}&token=${sign(p)}`;
    },
    /** The payload of a valid link, or a reason it is refused. */
    verify(p: string, token: string): LinkPayload | "invalid" | "expired" {
      const expected = Buffer.from(sign(p));
      const given = Buffer.from(token);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
      let payload: LinkPayload;
      try {
        payload = JSON.parse(Buffer.from(p, "base64url").toString("utf8")) as LinkPayload;
      } catch {
        return "invalid";
      }
      if (typeof payload.e !== "number" || payload.e < now()) return "expired";
      return payload;
    },
  };
}
export type DocumentLinks = ReturnType<typeof createDocumentLinks>;

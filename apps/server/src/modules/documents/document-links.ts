import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Short-lived signed links to view or download a document: the spec's `p` parameter carries what
 * is opened and until when, `token` signs it. A link opens in a new window without the session,
 * and an altered or expired one is refused.
 *
 * The signature covers the document, its version and the expiry, not the disposition: `&download=1`
 * asks for the same bytes as an attachment, which whoever may view them may do anyway. So the view and
 * download links of a row share one signature: a list page signed a hundred links, and the HMACs were
 * the largest part of a 50-document page's processor time (docs/performance.md).
 */
export interface LinkPayload {
  /** document id */
  d: string;
  /** version number, or 0 for the current one */
  v: number;
  /** "download" on links made before the disposition left the signature (they last LINK_TTL_MS) */
  m?: "view" | "download";
  /** expiry, ms since epoch */
  e: number;
}

export const LINK_TTL_MS = 30 * 60_000;
/**
 * A link expires at the end of a minute, 30 to 31 minutes after it is made: the links of a document made
 * within one minute are the same, signed once and then reused. Every read of a list page signed its 50
 * documents again, a fifth of the server's processor for that list at 1,300 pages a second
 * (docs/performance.md, 28 novembre, fin de matinée). A link names no user: whoever may list the document
 * got an equivalent one before.
 */
const EXPIRY_STEP_MS = 60_000;
const REUSED_LINKS_MAX = 10_000;

export function createDocumentLinks(secret: string = randomBytes(32).toString("hex"), now: () => number = Date.now) {
  // The key imported once, not at each HMAC.
  const key = createSecretKey(Buffer.from(secret));
  const sign = (p: string) => createHmac("sha256", key).update(p).digest("base64url");
  const made = new Map<string, { e: number; pair: { url: string; downloadUrl: string } }>();
  /** Both links of a document (or of one of its versions), signed once, the same for a minute. */
  const links = (documentId: string, versionNumber = 0) => {
    const e = Math.ceil((now() + LINK_TTL_MS) / EXPIRY_STEP_MS) * EXPIRY_STEP_MS;
    const key = `${documentId}:${versionNumber}`;
    const known = made.get(key);
    if (known?.e === e) return known.pair;
    const payload: LinkPayload = { d: documentId, v: versionNumber, e };
    const p = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
    const url = `/api/documents/view?p=${p}&token=${sign(p)}`;
    const pair = { url, downloadUrl: `${url}&download=1` };
    if (made.size >= REUSED_LINKS_MAX) made.clear();
    made.set(key, { e, pair });
    return pair;
  };
  return {
    links,
    url(documentId: string, mode: "view" | "download", versionNumber = 0): string {
      const pair = links(documentId, versionNumber);
      return mode === "download" ? pair.downloadUrl : pair.url;
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

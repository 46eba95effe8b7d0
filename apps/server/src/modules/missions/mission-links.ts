import { createHmac, timingSafeEqual } from "node:crypto";

/** A mission order's answer link stays valid this long (the order is answered once anyway). */
export const ORDER_LINK_TTL_MS = 90 * 86_400_000;

/**
 * Signed links of the missions module: the answer link of a mission order mailed to its evaluator
 * (`p` = order id and expiry, `token` = HMAC), and the secret of an evaluator's calendar feed (an
 * HMAC of the feed row's id: nothing secret is stored, revoking the row ends the link). Each use
 * signs with its own prefix, so one kind of signature never opens the other.
 */
export function createMissionLinks(secret: string, publicUrl: string, now: () => number = Date.now) {
  const sign = (text: string) => createHmac("sha256", secret).update(text).digest("base64url");
  const same = (a: string, b: string) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  };
  return {
    orderAnswerUrl(orderId: string): string {
      const p = Buffer.from(JSON.stringify({ o: orderId, e: now() + ORDER_LINK_TTL_MS })).toString("base64url");
      return `${publicUrl}/ordre-de-mission?p=${p}&token=${sign(`order:${p}`)}`;
    },
    /** The order id of a valid answer link, or why it is refused. */
    verifyOrderAnswer(p: string, token: string): { orderId: string } | "invalid" | "expired" {
      if (!same(sign(`order:${p}`), token)) return "invalid";
      try {
        const payload = JSON.parse(Buffer.from(p, "base64url").toString("utf8")) as { o?: unknown; e?: unknown };
        if (typeof payload.o !== "string" || typeof payload.e !== "number") return "invalid";
        if (payload.e < now()) return "expired";
        return { orderId: payload.o };
      } catch {
        return "invalid";
      }
    },
    calendarToken: (feedId: string) => `${feedId}.${sign(`calendar:${feedId}`)}`,
    calendarUrl(feedId: string): string {
      return `${publicUrl}/api/calendar/${feedId}.${sign(`calendar:${feedId}`)}/visites.ics`;
    },
    /** The feed id of a valid calendar token, or null. */
    verifyCalendar(token: string): string | null {
      const [id, signature] = token.split(".");
      if (!id || !signature || !/^[0-9a-f-]{36}$/.test(id)) return null;
      return same(sign(`calendar:${id}`), signature) ? id : null;
    },
  };
}
export type MissionLinks = ReturnType<typeof createMissionLinks>;

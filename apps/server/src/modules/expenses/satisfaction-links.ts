import { createHmac, timingSafeEqual } from "node:crypto";

/** A questionnaire's link stays valid this long after it is sent. */
export const SATISFACTION_LINK_DAYS = 30;

/**
 * The signed link of a satisfaction questionnaire: the survey row's id and an HMAC of it. Nothing
 * secret is stored; the row decides whether it still opens (not answered, not expired), and a resend
 * gives the row a new id, so an older link no longer opens anything.
 */
export function createSatisfactionLinks(secret: string, publicUrl: string) {
  const sign = (id: string) => createHmac("sha256", secret).update(`satisfaction:${id}`).digest("base64url");
  return {
    token: (surveyId: string) => `${surveyId}.${sign(surveyId)}`,
    url: (surveyId: string) => `${publicUrl}/satisfaction?token=${surveyId}.${sign(surveyId)}`,
    /** The survey id of a well-signed token, or null. */
    verify(token: string): string | null {
      const [id, signature] = token.split(".");
      if (!id || !signature || !/^[0-9a-f-]{36}$/.test(id)) return null;
      const expected = Buffer.from(sign(id));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
    },
  };
}
export type SatisfactionLinks = ReturnType<typeof createSatisfactionLinks>;

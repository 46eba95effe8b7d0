import { ANY_CONTROL_CHARACTER } from "@certidesk/shared";

/**
 * After signing in from a deep link the user lands on the page asked for. The page travels in the
 * `redirect` parameter of /login and is only ever followed inside this site: an absolute address, a
 * protocol-relative one (`//evil.fr`) or a backslash trick is ignored (no open redirect).
 */
export const REDIRECT_PARAM = "redirect";

/** Where a user signed in with a provisional password must go: nothing else opens until they choose their own. */
export const CHOOSE_PASSWORD_PATH = "/choisir-mot-de-passe";

type Place = { pathname: string; search?: string; hash?: string };

/** /login, carrying the current page when there is one worth coming back to. */
export function loginPathFor(place: Place): string {
  const target = `${place.pathname}${place.search ?? ""}${place.hash ?? ""}`;
  if (place.pathname === "/" || place.pathname.startsWith("/login")) return "/login";
  return `/login?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

/** The same-origin path to go to after signing in, or null. */
export function safeRedirect(raw: string | null | undefined, origin = window.location.origin): string | null {
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.includes("\\") || ANY_CONTROL_CHARACTER.test(raw))
    return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.startsWith("/login")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

import type { CurrentUser } from "@certidesk/shared";

/** What the browser keeps of a session. The session token itself lives in an httpOnly cookie, never here. */
const KEYS = {
  user: "certidesk.currentUser",
  clientId: "certidesk.clientId",
  requestClientId: "certidesk.requestClientId",
  auditorPortalUserId: "certidesk.auditorPortalUserId",
} as const;

export function readStoredUser(): CurrentUser | null {
  const raw = localStorage.getItem(KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as CurrentUser;
  } catch {
    return null;
  }
}

export function storeUser(user: CurrentUser): void {
  const { accessToken: _token, ...withoutToken } = user;
  localStorage.setItem(KEYS.user, JSON.stringify(withoutToken));
  if (user.clientId) localStorage.setItem(KEYS.clientId, user.clientId);
  if (user.auditorId) localStorage.setItem(KEYS.auditorPortalUserId, user.auditorId);
}

/** Logout and any 401: the stored user, client id, request-client id and auditor-portal user id go (spec section 4). */
export function clearStoredSession(): void {
  for (const key of Object.values(KEYS)) localStorage.removeItem(key);
}

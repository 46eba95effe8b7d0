/**
 * The auth module's public surface: the session store, so other modules can revoke sessions, and the voiding
 * of a user's pending reset links, for the writes that change a password or close an account.
 */
export { voidPendingResets } from "./auth.repository.js";
export type { SessionStore } from "./session-store.js";

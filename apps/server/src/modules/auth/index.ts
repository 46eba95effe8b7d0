/**
 * The auth module's public surface: the session store, so other modules can revoke sessions; the voiding
 * of a user's pending reset links, for the writes that change a password or close an account; the reset
 * service's type, for the administrators' "send a link".
 */
export { voidPendingResets } from "./auth.repository.js";
export type { PasswordResetService, ResetTarget } from "./password-reset.service.js";
export type { SessionStore } from "./session-store.js";

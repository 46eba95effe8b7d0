/** The auth module's public surface: the session store, so other modules can revoke sessions. */

export type { PasswordResetService, ResetTarget } from "./password-reset.service.js";
export type { SessionStore } from "./session-store.js";

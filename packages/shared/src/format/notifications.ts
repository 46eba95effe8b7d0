import { MESSAGES } from "../messages.js";

/** The spec's notification texts (§8), taken from the one message catalogue. */
export const NOTIFICATION_MESSAGES = {
  success: MESSAGES.saved,
  error: MESSAGES.genericError,
} as const;

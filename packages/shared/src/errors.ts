/** The one error shape of the API. */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    details?: unknown;
    requestId?: string;
  };
}

const ERROR_CODES = [
  "BAD_REQUEST",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "STALE_VERSION",
  "TOO_MANY_REQUESTS",
  "PAYLOAD_TOO_LARGE",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

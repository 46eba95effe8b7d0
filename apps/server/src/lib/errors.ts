import { type ErrorCode, MESSAGES } from "@certidesk/shared";

/** An error the API answers with its own status and French message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string = MESSAGES.invalidInput, details?: unknown) =>
  new AppError(400, "BAD_REQUEST", message, details);
export const unauthenticated = (message: string = MESSAGES.unauthenticated) =>
  new AppError(401, "UNAUTHENTICATED", message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, "FORBIDDEN", message);
export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, "NOT_FOUND", message);
export const conflict = (message: string, details?: unknown) => new AppError(409, "CONFLICT", message, details);
export const staleVersion = () => new AppError(409, "STALE_VERSION", MESSAGES.staleVersion);
export const tooManyRequests = (message: string) => new AppError(429, "TOO_MANY_REQUESTS", message);
/** The request is understood but the record cannot take it (an overpayment, a mandatory mention missing). */
export const unprocessable = (message: string, details?: unknown) =>
  new AppError(422, "UNPROCESSABLE", message, details);

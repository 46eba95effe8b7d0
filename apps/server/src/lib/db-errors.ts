import type { ErrorCode } from "@certidesk/shared";

/** The SQLSTATE of a database error, however the driver (pg, PGlite, Drizzle) wraps it. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function sqlMessage(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return String((current as Error).message ?? "");
    current = (current as { cause?: unknown }).cause;
  }
  return "";
}

/** Errors raised while a connection to the database was being opened (marked by db/client.ts). */
const connectFailures = new WeakSet<object>();
export function markConnectFailure<T>(error: T): T {
  if (error && typeof error === "object") connectFailures.add(error);
  return error;
}

// The database went away under a connection: connection exceptions (class 08), administrator or crash
// shutdown, server starting up or shutting down, database dropped (57P01-57P04), too many connections.
const UNAVAILABLE_STATE = /^(08[0-9A-Z]{3}|57P0[1-4]|53300)$/;
// Node's socket errors, and the driver's own errors when a connection is lost or cannot be had (plain
// errors without a code: pg's messages are fixed English strings, not the server's localised ones).
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const DRIVER_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|.* is not queryable)/;

/**
 * Whether an error means the database cannot be reached right now (down, restarting, network cut), as
 * opposed to a fault of the request or of the code: the server answers 503 and tries again at the next
 * request, with no restart. Drizzle wraps the driver's error (`cause`), and a failed transaction's
 * rollback wraps the error that broke it: the whole chain is read.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 6; depth++) {
    if (connectFailures.has(current)) return true;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_STATE.test(code) || NETWORK_CODES.has(code))) return true;
    if (typeof message === "string" && DRIVER_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The driver's own words about an outage (the innermost cause), for the log: not the failed query's parameters. */
export function outageReason(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 6; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (!cause || typeof cause !== "object") break;
    current = cause;
  }
  return String((current as { message?: unknown } | null)?.message ?? current);
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  "Le service est momentanément indisponible : la base de données ne répond pas. Réessayez dans un instant.";

/** Whether a database error is a unique-constraint violation (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === "23505";

/**
 * The API answer for a database error caused by the request's data rather than by the server: an
 * invalid value (class 22: NUL character, number out of range, malformed date…), a reference to a
 * missing row or a row still referenced (23503), a duplicate (23505), a missing or refused value
 * (23502, 23514). A database out of reach answers 503. Anything else is a server fault (500).
 */
export function databaseError(error: unknown): { status: number; code: ErrorCode; message: string } | null {
  if (isDatabaseUnavailable(error))
    return { status: 503, code: "SERVICE_UNAVAILABLE", message: DATABASE_UNAVAILABLE_MESSAGE };
  const state = sqlState(error);
  if (!state) return null;
  if (state.startsWith("22")) {
    return { status: 400, code: "BAD_REQUEST", message: "Une valeur envoyée n'est pas acceptée (format ou taille)." };
  }
  switch (state) {
    case "23503":
      // "update or delete on table … violates foreign key": the row is still used elsewhere.
      return /update or delete/i.test(sqlMessage(error))
        ? {
            status: 409,
            code: "CONFLICT",
            message: "Cet élément est encore utilisé ailleurs : il ne peut pas être supprimé.",
          }
        : { status: 400, code: "BAD_REQUEST", message: "Un élément référencé n'existe pas (ou plus)." };
    case "23505":
      return { status: 409, code: "CONFLICT", message: "Cet élément existe déjà." };
    case "23502":
      return { status: 400, code: "BAD_REQUEST", message: "Une valeur obligatoire manque." };
    case "23514":
      return { status: 400, code: "BAD_REQUEST", message: "Une valeur envoyée n'est pas acceptée." };
    default:
      return null;
  }
}

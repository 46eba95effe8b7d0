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

/** Whether a database error is a unique-constraint violation (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === "23505";

/**
 * The API answer for a database error caused by the request's data rather than by the server: an
 * invalid value (class 22: NUL character, number out of range, malformed date…), a reference to a
 * missing row or a row still referenced (23503), a duplicate (23505), a missing or refused value
 * (23502, 23514). Anything else is a server fault (500).
 */
export function databaseError(error: unknown): { status: number; code: ErrorCode; message: string } | null {
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

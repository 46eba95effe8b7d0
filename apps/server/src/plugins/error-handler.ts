import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";
import { type ApiErrorBody, type ErrorCode, MESSAGES } from "@certidesk/shared";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { databaseError, outageReason } from "../lib/db-errors.js";
import { AppError } from "../lib/errors.js";

export function errorBody(code: string, message: string, requestId: string, details?: unknown): ApiErrorBody {
  return { error: { code, message, ...(details === undefined ? {} : { details }), requestId } };
}

/** When a client should try a 503 again. */
export const RETRY_AFTER_SECONDS = 5;

/** The code and French message of each HTTP status the framework or a plugin may answer on its own. */
const BAD_REQUEST = { code: "BAD_REQUEST" as ErrorCode, message: MESSAGES.invalidInput };
const STATUS_ANSWERS: Record<number, { code: ErrorCode; message: string }> = {
  400: BAD_REQUEST,
  401: { code: "UNAUTHENTICATED", message: MESSAGES.unauthenticated },
  403: { code: "FORBIDDEN", message: MESSAGES.forbidden },
  404: { code: "NOT_FOUND", message: MESSAGES.routeNotFound },
  405: { code: "METHOD_NOT_ALLOWED", message: "Cette méthode n'est pas acceptée à cette adresse." },
  406: { code: "NOT_ACCEPTABLE", message: "Le format de réponse demandé n'est pas disponible." },
  408: { code: "REQUEST_TIMEOUT", message: "La requête a pris trop de temps. Réessayez." },
  409: { code: "CONFLICT", message: "Cette action entre en conflit avec l'état actuel des données." },
  413: { code: "PAYLOAD_TOO_LARGE", message: "Le fichier ou la requête est trop volumineux." },
  414: { code: "URI_TOO_LONG", message: "L'adresse demandée est trop longue." },
  415: {
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "Format de requête non pris en charge (JSON ou multipart/form-data attendu).",
  },
  422: { code: "UNPROCESSABLE", message: MESSAGES.invalidInput },
  429: { code: "TOO_MANY_REQUESTS", message: "Trop de requêtes. Réessayez dans quelques minutes." },
  431: { code: "HEADERS_TOO_LARGE", message: "Les en-têtes de la requête sont trop volumineux." },
  503: {
    code: "SERVICE_UNAVAILABLE",
    message: "Le service est momentanément indisponible. Réessayez dans un instant.",
  },
};

/** French messages for the framework's own 400s, where the generic one would say too little. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: "Le corps de la requête est vide alors que du JSON est annoncé.",
  FST_ERR_CTP_INVALID_JSON_BODY: "Le corps de la requête n'est pas du JSON valide.",
  FST_ERR_BAD_URL: "L'adresse demandée est mal formée.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "La longueur annoncée du corps de la requête est incorrecte.",
};

export function answerForStatus(status: number) {
  return STATUS_ANSWERS[status] ?? BAD_REQUEST;
}

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: string,
  message: string,
  details?: unknown,
) {
  // A 503 is temporary (database out of reach, server saturated): say when to try again.
  if (status === 503 && !reply.hasHeader("retry-after")) reply.header("retry-after", String(RETRY_AFTER_SECONDS));
  return reply.status(status).send(errorBody(code, message, request.id, details));
}

/** Any error, whatever threw it, as the one API shape. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    // A 5xx of our own that carries its cause (a PDF that could not be rendered): the cause goes to the
    // log, the client gets the French message only.
    if (error.statusCode >= 500 && error.cause !== undefined) request.log.error({ err: error }, "request failed");
    return send(reply, request, error.statusCode, error.code, error.message, error.details);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((v) => ({
      path: `${error.validationContext ?? ""}${v.instancePath}`.replace(/\//g, ".").replace(/\.$/, ""),
      message: v.message,
    }));
    return send(reply, request, 400, "BAD_REQUEST", details[0]?.message ?? MESSAGES.invalidInput, details);
  }
  const db = databaseError(error);
  // The cause only: a failed query's text and parameters (a session's token hash) stay out of the log.
  if (db?.status === 503) request.log.warn({ reason: outageReason(error) }, "base de données injoignable");
  if (db) return send(reply, request, db.status, db.code, db.message);
  // @fastify/multipart answers 406 for a body that is not multipart: it is a media type the route does not take.
  const status = error.code === "FST_INVALID_MULTIPART_CONTENT_TYPE" ? 415 : (error.statusCode ?? 500);
  if (status >= 400 && status < 500) {
    const answer = answerForStatus(status);
    return send(reply, request, status, answer.code, (error.code && FASTIFY_MESSAGES[error.code]) || answer.message);
  }
  request.log.error({ err: error }, "unhandled error");
  return send(reply, request, 500, "INTERNAL", MESSAGES.genericError);
}

/** One error shape for every failure, French messages, no 5xx details leaked. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers too large: 431, timeout:
 * 408, garbage: 400), answered in the same shape instead of Fastify's English default.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const answer = answerForStatus(status);
  const body = JSON.stringify(errorBody(answer.code, answer.message, randomUUID()));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 431 ? "Request Header Fields Too Large" : status === 408 ? "Request Timeout" : "Bad Request"}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

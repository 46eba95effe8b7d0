import { type ApiErrorBody, MESSAGES } from "@certidesk/shared";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/errors.js";

function body(code: string, message: string, requestId: string, details?: unknown): ApiErrorBody {
  return { error: { code, message, ...(details === undefined ? {} : { details }), requestId } };
}

/** One error shape for every failure, French messages, no 5xx details leaked. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.code, error.message, request.id, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: `${error.validationContext ?? ""}${v.instancePath}`.replace(/\//g, "."),
        message: v.message,
      }));
      const first = details[0]?.message;
      const message = first && !first.startsWith("Invalid") ? first : MESSAGES.invalidInput;
      return reply.status(400).send(body("BAD_REQUEST", message, request.id, details));
    }
    if (error.statusCode === 413 || error.code === "FST_REQ_FILE_TOO_LARGE") {
      return reply
        .status(413)
        .send(body("PAYLOAD_TOO_LARGE", "Le fichier ou la requête est trop volumineux.", request.id));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(body("BAD_REQUEST", MESSAGES.invalidInput, request.id));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(body("INTERNAL", MESSAGES.genericError, request.id));
  });
}

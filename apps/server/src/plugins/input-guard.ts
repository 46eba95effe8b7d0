import { CONTROL_CHARACTERS_MESSAGE, findControlCharacters } from "@certidesk/shared";
import type { FastifyInstance } from "fastify";
import { badRequest } from "../lib/errors.js";

/**
 * Refuses control characters (NUL and the like) in every text a request carries — JSON body, query
 * string, path parameters — whatever the route's schema says, before validation: PostgreSQL refuses
 * NUL outright and nobody types the others. The shared schemas (`safeText`, `searchTextSchema`) say the
 * same to the web forms.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // Callback style: the check is synchronous (an async hook costs every request a promise).
  app.addHook("preValidation", (request, _reply, done) => {
    for (const [where, value] of [
      ["params", request.params],
      ["querystring", request.query],
      ["body", request.body],
    ] as const) {
      if (Buffer.isBuffer(value)) continue;
      const path = findControlCharacters(value);
      if (path !== null) {
        // Thrown from a callback hook, caught by Fastify's hook runner and answered as the error.
        throw badRequest(CONTROL_CHARACTERS_MESSAGE, [
          { path: `${where}.${path}`, message: CONTROL_CHARACTERS_MESSAGE },
        ]);
      }
    }
    done();
  });
}

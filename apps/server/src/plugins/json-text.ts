import { isDeepStrictEqual } from "node:util";
import type { FastifyReply } from "fastify";
import { safeParse, type ZodType } from "zod";
import type { AppInstance } from "../app-instance.js";
import type { JsonText } from "../lib/sql-json.js";

declare module "fastify" {
  interface FastifyReply {
    /** Sends JSON built by the database as it is (lib/sql-json.ts), not through the response serializer. */
    jsonText(value: JsonText<unknown>): FastifyReply;
  }
}

/**
 * `reply.jsonText(text)`. The serializer, which checks an answer against its route's response schema,
 * is skipped: with `verify` (the tests, and any NODE_ENV but production) the text is checked here
 * instead, parsed and required to be exactly what the schema gives back — a key the schema does not
 * know (a column leaked to the screen) fails as surely as a missing or mistyped one.
 */
export function registerJsonText(app: AppInstance, { verify }: { verify: boolean }) {
  app.decorateReply("jsonText", function (this: FastifyReply, value: JsonText<unknown>) {
    if (verify) verifyAgainstSchema(this, value.text);
    return this.type("application/json; charset=utf-8").send(value.text);
  });
}

function verifyAgainstSchema(reply: FastifyReply, text: string) {
  const schemas = reply.routeOptions.schema?.response as Record<string, ZodType> | undefined;
  const schema = schemas?.[String(reply.statusCode)] ?? schemas?.["2xx"];
  if (!schema) throw new Error(`${reply.request.url} : réponse JSON sans schéma à vérifier`);
  const sent: unknown = JSON.parse(text);
  const checked = safeParse(schema, sent);
  if (!checked.success) throw new Error(`${reply.request.url} : réponse hors schéma`, { cause: checked.error });
  if (!isDeepStrictEqual(checked.data, sent)) {
    throw new Error(`${reply.request.url} : la réponse diffère de ce que son schéma en garde`);
  }
}

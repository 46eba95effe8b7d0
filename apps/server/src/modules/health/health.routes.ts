import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import type { DatabaseHandle } from "../../db/client.js";
import { isDatabaseUnavailable } from "../../lib/db-errors.js";
import { RETRY_AFTER_SECONDS } from "../../plugins/error-handler.js";

/** Longer than any healthy `select 1`; a database that does not answer by then is down for the checker. */
const CHECK_TIMEOUT_MS = 3_000;

export interface HealthDeps {
  handle: DatabaseHandle;
  /** Whether the database's change notices are followed (db/change-feed.ts): down, sessions are not kept. */
  changeFeedLive: () => boolean;
}

async function databaseAnswers(handle: DatabaseHandle): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  const check = handle.db.execute(sql`select 1`).then(
    () => true,
    (error: unknown) => {
      if (isDatabaseUnavailable(error)) return false;
      throw error;
    },
  );
  try {
    return await Promise.race([check, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * 200 while the database answers, 503 (with Retry-After) while it does not; `down` names what does not
 * work: the database, or the change feed alone (the service works, without keeping sessions in memory).
 */
export function healthRoutes(app: AppInstance, { handle, changeFeedLive }: HealthDeps) {
  app.get(
    "/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["santé"],
        summary: "État du service",
        response: {
          200: z.object({
            status: z.enum(["ok", "degraded"]),
            database: z.string(),
            down: z.array(z.enum(["changeFeed"])),
          }),
          // The error shape; `details` only from this handler (a 503 of the session lookup has none).
          503: z.object({
            error: z.object({
              code: z.string(),
              message: z.string(),
              details: z.object({ database: z.string(), down: z.array(z.enum(["database", "changeFeed"])) }).optional(),
              requestId: z.string(),
            }),
          }),
        },
      },
    },
    async (request, reply) => {
      const feedDown: Array<"changeFeed"> = changeFeedLive() ? [] : ["changeFeed"];
      if (await databaseAnswers(handle))
        return {
          status: feedDown.length ? ("degraded" as const) : ("ok" as const),
          database: handle.kind,
          down: feedDown,
        };
      const details = { database: handle.kind, down: ["database" as const, ...feedDown] };
      const message = "Service indisponible : la base de données ne répond pas.";
      return reply
        .status(503)
        .header("retry-after", String(RETRY_AFTER_SECONDS))
        .send({ error: { code: "SERVICE_UNAVAILABLE", message, details, requestId: request.id } });
    },
  );
}

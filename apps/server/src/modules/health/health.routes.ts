import { sql } from "drizzle-orm";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import type { DatabaseHandle } from "../../db/client.js";

/** 200 once the database answers; main.ts registers the app only after migrations ran. */
export function healthRoutes(app: AppInstance, { handle }: { handle: DatabaseHandle }) {
  app.get(
    "/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["santé"],
        summary: "État du service",
        response: { 200: z.object({ status: z.literal("ok"), database: z.string() }) },
      },
    },
    async () => {
      await handle.db.execute(sql`select 1`);
      return { status: "ok" as const, database: handle.kind };
    },
  );
}

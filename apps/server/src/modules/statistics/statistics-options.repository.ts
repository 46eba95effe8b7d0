import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { auditors, gestionnaires } from "../../db/schema/index.js";

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The choices of the statistics filters, read under STATISTIC alone: a user allowed the statistics
 * need not hold GESTIONNAIRE or MISSION rights to pick a gestionnaire or an evaluator.
 */
export async function filterOptions(db: Executor) {
  const [g, a] = await Promise.all([
    db.execute(sql`select id as value, raison_social as label from ${gestionnaires} order by raison_social, id`),
    db.execute(sql`
      select id as value, first_name || ' ' || last_name as label from ${auditors}
      order by last_name, first_name, id`),
  ]);
  return {
    gestionnaires: rowsOf<{ value: string; label: string }>(g),
    evaluators: rowsOf<{ value: string; label: string }>(a),
  };
}

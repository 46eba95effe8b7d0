import { getTableColumns, sql, type Table } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import type { Random } from "../demo/demo-random.js";
import type { IsoDate } from "../lib/clock.js";

/** A v4-shaped UUID drawn from the seeded generator: the same seed gives the same ids. */
export function seededUuid(rand: Random): string {
  const hex = Array.from({ length: 32 }, () => rand.int(0, 15).toString(16));
  hex[12] = "4";
  hex[16] = ((rand.int(0, 15) & 0x3) | 0x8).toString(16);
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** How many of a volume this run makes (`--scale 0.01` for the CI smoke), at least one. */
export const scaled = (n: number, scale: number) => Math.max(1, Math.round(n * scale));

/** The first batch of a table: small, so the statistics taken after it come before the bulk. */
const FIRST_BATCH_ROWS = 500;

/**
 * Multi-row inserts sized so one statement stays under PostgreSQL's 65,535 bind parameters: a few
 * hundred statements for the whole base instead of one per row. The seed writes everything in one
 * transaction, where the tables' statistics are those of before it (empty), and the statement-level
 * triggers that keep the lists' derived columns plan their joins on them: a default guess of 1/200 of the
 * table per key made them hash whole tables for each row. So batches start small and grow, and the table
 * is analyzed (ANALYZE sees the transaction's own rows) each time it has doubled: a dozen ANALYZE in all.
 */
export async function insertBatches<T extends Table>(db: Executor, table: T, rows: T["$inferInsert"][]) {
  if (!rows.length) return;
  const columns = Object.keys(getTableColumns(table)).length;
  const size = Math.max(1, Math.floor(60_000 / columns));
  let analyzedAt = 0;
  for (let done = 0, batch = Math.min(size, FIRST_BATCH_ROWS); done < rows.length; batch = Math.min(size, batch * 2)) {
    await db.insert(table).values(rows.slice(done, done + batch));
    done += batch;
    if (done < rows.length && done >= 2 * analyzedAt) {
      await db.execute(sql`analyze ${table}`);
      analyzedAt = done;
    }
  }
}

const DAY_MS = 86_400_000;
export const dayOf = (year: number, dayOfYear: number): IsoDate =>
  new Date(Date.UTC(year, 0, 1) + dayOfYear * DAY_MS).toISOString().slice(0, 10);
export const plusDays = (day: IsoDate, n: number): IsoDate =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** The next working day from `day` (visits, signatures and invoices fall on weekdays). */
export function weekday(day: IsoDate): IsoDate {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 6 ? plusDays(day, 2) : d === 0 ? plusDays(day, 1) : day;
}
/** An instant on that day, at office hours in Paris (10:00 UTC). */
export const at = (day: IsoDate, hour = 10) => new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);

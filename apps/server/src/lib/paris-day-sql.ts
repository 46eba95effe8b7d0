import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { IsoDate } from "./clock.js";

/** A day as bound into a statement: the date itself, or a prepared statement's placeholder for it. */
type DayValue = IsoDate | SQLWrapper;

/**
 * Business days are Paris days (lib/clock.ts): these bound timestamptz columns by whole days whatever the
 * time zone of the server or of the database session.
 */
export const parisDayStart = (date: DayValue) => sql`(${date}::date::timestamp at time zone 'Europe/Paris')`;
/**
 * The Paris midnight after the day: `column < parisDayEnd(d)` includes all of d. The day is added to the
 * date, not 24 hours to its midnight: the days when the clocks change last 23 and 25 hours.
 */
export const parisDayEnd = (date: DayValue) => sql`((${date}::date + 1)::timestamp at time zone 'Europe/Paris')`;
/** The Paris day of an instant. */
export const parisDayOf = (column: SQL) => sql`(${column} at time zone 'Europe/Paris')::date`;

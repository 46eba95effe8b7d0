import { type SQL, sql } from "drizzle-orm";
import type { IsoDate } from "./clock.js";

/**
 * Business days are Paris days (lib/clock.ts): these bound timestamptz columns by whole days whatever the
 * time zone of the server or of the database session.
 */
export const parisDayStart = (date: IsoDate) => sql`(${date}::date::timestamp at time zone 'Europe/Paris')`;
/** The Paris midnight after the day: `column < parisDayEnd(d)` includes all of d. */
export const parisDayEnd = (date: IsoDate) => sql`((${date}::date + 1)::timestamp at time zone 'Europe/Paris')`;
/** The Paris day of an instant. */
export const parisDayOf = (column: SQL) => sql`(${column} at time zone 'Europe/Paris')::date`;

import { type SQL, sql } from "drizzle-orm";

/** A calendar date as the database stores it: "YYYY-MM-DD". */
export type IsoDate = string;

/**
 * The one clock of the application. Business dates ("today", deadlines, overdue follow-ups) are
 * the date in Paris, whatever the server's time zone; SQL receives that date as a parameter
 * (`sqlDate(clock.today())`), never `current_date`, so a count and the list it opens agree at
 * 00:30 in Paris on a UTC server. Tests build the app with `fixedClock("2026-03-31T22:30:00Z")`.
 */
export interface Clock {
  /** The current instant (timestamps: updated_at, sent_at…). */
  now(): Date;
  /** Today's date in Europe/Paris. */
  today(): IsoDate;
}

export const BUSINESS_TIME_ZONE = "Europe/Paris";

const parisFormat = new Intl.DateTimeFormat("sv-SE", { timeZone: BUSINESS_TIME_ZONE });

/** The Paris calendar date of an instant. */
export function parisDate(at: Date): IsoDate {
  return parisFormat.format(at);
}

const hourFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: BUSINESS_TIME_ZONE,
  hour: "numeric",
  hourCycle: "h23",
});

/** The hour (0–23) of an instant in Paris: the hour a daily task (digest, backup) is set for. */
export function parisHour(at: Date): number {
  return Number(hourFormat.formatToParts(at).find((p) => p.type === "hour")?.value ?? 0);
}

export const systemClock: Clock = {
  now: () => new Date(),
  today: () => parisDate(new Date()),
};

export interface FixedClock extends Clock {
  set(at: Date | string): void;
  advance(ms: number): void;
}

/** A clock that stands still at `at` until moved: for tests of dates and deadlines. */
export function fixedClock(at: Date | string): FixedClock {
  let current = new Date(at);
  return {
    now: () => new Date(current),
    today: () => parisDate(current),
    set: (next) => {
      current = new Date(next);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/** A calendar date moved by whole days ("2026-02-28" + 1 → "2026-03-01"); no time zone involved. */
export function addDays(date: IsoDate, days: number): IsoDate {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const DAY_MS = 86_400_000;

/** An instant moved by whole 24-hour days (demo data, timestamps). */
export function addDaysToInstant(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/** A calendar date as a typed SQL parameter, for comparisons with date columns. */
export function sqlDate(date: IsoDate): SQL {
  return sql`${date}::date`;
}

/**
 * A calendar date written into the statement's text, for a prepared statement whose plan depends on it
 * (see client-list.repository.ts). Checked, since it is raw SQL.
 */
export function dateLiteral(date: IsoDate): SQL {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`not a date: ${date}`);
  return sql.raw(`'${date}'::date`);
}

/** An instant as a typed SQL parameter, for comparisons with timestamptz columns. */
export function sqlInstant(at: Date): SQL {
  return sql`${at.toISOString()}::timestamptz`;
}

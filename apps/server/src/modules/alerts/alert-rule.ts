import type { PermissionCode, Requirement } from "@certidesk/shared";
import type { Executor } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import type { IsoDate } from "../../lib/clock.js";

/** What a rule is computed against: the database and the one clock's reading, passed to SQL as parameters. */
export interface AlertContext {
  db: Executor;
  /** Today in Paris (the clock's business date). */
  today: IsoDate;
  now: Date;
}

/** One record an alert points at, for the alerts screen. */
export interface AlertItem {
  id: string;
  label: string;
  /** The date that makes it due (follow-up date, deadline…), "YYYY-MM-DD". */
  date: string | null;
}

/**
 * One alert rule, one file in `rules/`: who sees it (the grant of the screen it opens, plus an
 * optional audience), what it is called, where it leads, and how many records it concerns.
 */
export interface AlertRule {
  code: string;
  permission: { code: PermissionCode; op: Requirement };
  /** Narrows the audience beyond the grant (e.g. no client user). */
  audience?: (actor: Actor) => boolean;
  label: string;
  description: string;
  link: string;
  count(ctx: AlertContext): Promise<number>;
  list(ctx: AlertContext, limit: number): Promise<AlertItem[]>;
}

export const countOf = (rows: Array<{ n: number | string }>) => Number(rows[0]?.n ?? 0);

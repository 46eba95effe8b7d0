import type { AlertPageCode, PermissionCode, Requirement } from "@certidesk/shared";
import type { SQL } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import type { IsoDate } from "../../lib/clock.js";

/** What a rule is computed against: the database and the one clock's reading (SQL parameters, never current_date). */
export interface AlertContext {
  db: Executor;
  /** Today in Paris (the clock's business date). */
  today: IsoDate;
  now: Date;
}

/**
 * One alert rule = one file in rules/. Its `cases` query is ONE set-based SELECT of every current case, selecting
 * exactly these columns (text, in any order): record_id (the record's uuid as text), raison_social, postal_code,
 * due_date ('YYYY-MM-DD' or null), date_relance ('YYYY-MM-DD' or null: the record's own follow-up date),
 * display_value (e.g. '12 jours de retard', null shows 'Aucun'), link (the /app/… path where the work is done).
 * The engine wraps it: hides rows removed/archived/handled or postponed past today (table alert_actions keyed by
 * `${code}:${record_id}`), counts, searches, sorts, pages, all in SQL (UNION ALL of a page's rules).
 */
export interface AlertRule {
  /** alertType, kebab-case, stable (part of stored keys), e.g. "mission-order-refused". */
  code: string;
  page: AlertPageCode;
  /** The grant of the screen the row opens. */
  permission: { code: PermissionCode; op: Requirement };
  /** Narrows the audience beyond the grant (e.g. isStaff). */
  audience?: (actor: Actor) => boolean;
  /** alertTitle.title */
  title: string;
  /** alertTitle.description (may say the threshold). */
  description: string;
  /** actionMener, formattedActionMener, actionMenerDescription. */
  action: { code: string; label: string; description: string };
  /** CONFIRM (remove) when true, COMMENT when false. */
  removable: boolean;
  /** isChangable */
  changeable: boolean;
  /** isSendSatisfactionToAuditor */
  sendSatisfaction?: boolean;
  /** A threshold in days from Settings › Alertes (table alert_settings, key = code), with its default from domain.md. */
  threshold?: { label: string; defaultDays: number };
  cases(ctx: AlertContext & { thresholdDays: number }): SQL;
}

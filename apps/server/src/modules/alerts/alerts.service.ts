import {
  ALERT_PAGES,
  type AlertList,
  type AlertListQuery,
  type AlertPageCode,
  type AlertPageSummary,
  type AlertRow,
  type WorkItem,
} from "@certidesk/shared";
import type { Database, Executor } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import type { AlertContext, AlertRule } from "./alert-rule.js";
import { type CaseRow, countByRule, countCases, pageOfCases, thresholds } from "./alerts.repository.js";
import { ALERT_RULES, pageRulesFor, rulesFor } from "./registry.js";

/** A case of the SQL with its rule's texts and flags, under the spec's field names. */
function toRow(rule: AlertRule, c: CaseRow): AlertRow {
  return {
    id: c.id,
    alertType: rule.code,
    page: rule.page,
    alertTitle: { title: rule.title, description: rule.description },
    formattedTitle: c.raison_social ? `${rule.title} : ${c.raison_social}` : rule.title,
    formattedDescription: rule.description,
    actionMener: rule.action.code,
    formattedActionMener: rule.action.label,
    actionMenerDescription: rule.action.description,
    displayValue: c.display_value || "Aucun",
    raisonSocial: c.raison_social,
    postalCode: c.postal_code,
    dueDate: c.due_date,
    dateRelance: c.date_relance,
    link: c.link,
    isChangable: rule.changeable,
    isRemovable: rule.removable,
    isSendSatisfactionToAuditor: rule.sendSatisfaction ?? false,
    commentCount: Number(c.comment_count),
  };
}

/**
 * Reading the alert pages: each page is the UNION ALL of the rules the actor may see, computed in
 * SQL against one reading of the clock, so a page's list, its count and its tab always agree.
 */
export function createAlertsReader({ db, clock = systemClock }: { db: Database; clock?: Clock }) {
  const context = (tx: Executor): AlertContext => ({ db: tx, today: clock.today(), now: clock.now() });
  const rulesOf = (actor: Actor, page: AlertPageCode, alertType?: string) =>
    pageRulesFor(actor, page).filter((r) => !alertType || r.code === alertType);

  return {
    async list(actor: Actor, page: AlertPageCode, query: AlertListQuery): Promise<AlertList> {
      const rules = rulesOf(actor, page, query.alertType);
      const days = await thresholds(db, rules);
      const q = { rules, days, search: query.search };
      const { cases, total } = await pageOfCases(context(db), q, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const byCode = new Map(rules.map((r) => [r.code, r]));
      return {
        items: cases.flatMap((c) => {
          const rule = byCode.get(c.alert_type);
          return rule ? [toRow(rule, c)] : [];
        }),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async count(actor: Actor, page: AlertPageCode, query: Pick<AlertListQuery, "search" | "alertType"> = {}) {
      const rules = rulesOf(actor, page, query.alertType);
      const days = await thresholds(db, rules);
      return countCases(context(db), { rules, days, search: query.search });
    },

    /** The pages the actor may see (at least one rule) with their counts: the landing page's tabs. */
    async summary(actor: Actor): Promise<AlertPageSummary[]> {
      const rules = rulesFor(actor);
      const days = await thresholds(db, rules);
      const counts = await countByRule(context(db), rules, days);
      return ALERT_PAGES.filter((p) => rules.some((r) => r.page === p.code)).map((p) => {
        const types = rules
          .filter((r) => r.page === p.code)
          .map((r) => ({ alertType: r.code, title: r.title, count: counts.get(r.code) ?? 0 }));
        return {
          code: p.code,
          key: p.key,
          label: p.label,
          count: types.reduce((n, t) => n + t.count, 0),
          types,
        };
      });
    },

    /** The home's work items, one per alert page, leading to its tab. */
    async workItems(actor: Actor): Promise<WorkItem[]> {
      const pages = await this.summary(actor);
      return pages.map((p) => ({
        code: p.code,
        label: p.label,
        description: `Alertes de la page ${p.label}.`,
        count: p.count,
        link: `/app/alert?page=${p.key}`,
      }));
    },
  };
}
export type AlertsReader = ReturnType<typeof createAlertsReader>;
export { ALERT_RULES };

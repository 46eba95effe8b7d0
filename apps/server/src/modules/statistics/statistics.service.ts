import {
  type ClientStatistics,
  type ClientStatisticsQuery,
  type LinkInterestQuery,
  type LinkInterestStatistics,
  STATISTICS_MAX_MONTHS,
} from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import { type Clock, type IsoDate, parisDate } from "../../lib/clock.js";
import { badRequest, notFound } from "../../lib/errors.js";
import * as clientRepo from "./client-statistics.repository.js";
import * as linkRepo from "./link-interest.repository.js";
import { filterOptions } from "./statistics-options.repository.js";

/** The period asked for, or the last 12 months (from the first day of the month 11 months ago to today). */
export function resolvePeriod(q: { from?: IsoDate | undefined; to?: IsoDate | undefined }, today: IsoDate) {
  const to = q.to ?? today;
  let from = q.from;
  if (!from) {
    const [y, m] = to.split("-").map(Number) as [number, number];
    const start = new Date(Date.UTC(y, m - 1 - 11, 1));
    from = start.toISOString().slice(0, 10);
  }
  if (from > to) throw badRequest("La période se termine avant de commencer.");
  const [fy, fm] = from.split("-").map(Number) as [number, number];
  const [ty, tm] = to.split("-").map(Number) as [number, number];
  if ((ty - fy) * 12 + (tm - fm) + 1 > STATISTICS_MAX_MONTHS)
    throw badRequest(`Choisissez une période de ${STATISTICS_MAX_MONTHS} mois au plus.`);
  return { from, to };
}

const euros = (cents: string | number) => Number(cents) / 100;
const rate = (part: number, base: number) => (base > 0 ? Math.round((part / base) * 1000) / 10 : null);

/**
 * The statistics screens (STATS_CLIENT, STATS_LINK_INTEREST): every figure is aggregated in SQL
 * (the repositories); this only resolves the period, checks the filters name real records, and
 * shapes the answer. Access is the route's (STATISTIC create, like the `statistiques` route).
 */
export function createStatisticsService({ db, clock }: { db: Database; clock: Clock }) {
  async function clientFilter(q: ClientStatisticsQuery): Promise<clientRepo.ClientFilter> {
    const today = clock.today();
    const period = resolvePeriod(q, today);
    if (q.gestionnaireId) {
      if (!(await clientRepo.gestionnaireExists(db, q.gestionnaireId))) throw notFound("Gestionnaire introuvable.");
    }
    return { ...period, today, domain: q.domain, gestionnaireId: q.gestionnaireId };
  }

  async function linkFilter(q: LinkInterestQuery): Promise<linkRepo.LinkFilter> {
    const period = resolvePeriod(q, clock.today());
    if (q.auditorId) {
      if (!(await linkRepo.auditorExists(db, q.auditorId))) throw notFound("Évaluateur introuvable.");
    }
    return { ...period, auditorId: q.auditorId };
  }

  return {
    filterOptions: () => filterOptions(db),

    async clients(q: ClientStatisticsQuery): Promise<ClientStatistics> {
      const f = await clientFilter(q);
      const [byMonth, byDepartement, revenue, pipe, reports, evaluators] = await Promise.all([
        clientRepo.evaluationsByMonth(db, f),
        clientRepo.evaluationsByDepartement(db, f),
        clientRepo.revenueByMonth(db, f),
        clientRepo.pipeline(db, f),
        clientRepo.reportDelays(db, f),
        clientRepo.evaluatorQuality(db, f),
      ]);
      const money = (r: { month: string | null; htCents: string; ttcCents: string; paidCents: string }) => ({
        invoicedHt: euros(r.htCents),
        invoicedTtc: euros(r.ttcCents),
        collected: euros(r.paidCents),
      });
      const zero = { sold: 0, planned: 0, done: 0, finalised: 0 };
      const { month: _m, ...evaluationTotals } = byMonth.find((r) => r.month === null) ?? { month: null, ...zero };
      const revenueTotal = revenue.find((r) => r.month === null);
      const n = (key: string) => Number(pipe[key] ?? 0);
      const delay = (name: string) => ({
        count: n(`${name}Count`),
        averageDays: (pipe[`${name}Average`] as number | null) ?? null,
        medianDays: (pipe[`${name}Median`] as number | null) ?? null,
      });
      return {
        period: { from: f.from, to: f.to },
        evaluationsByMonth: byMonth.flatMap((r) => (r.month === null ? [] : [{ ...r, month: r.month }])),
        evaluationsByDepartement: byDepartement,
        evaluationTotals,
        revenueByMonth: revenue.flatMap((r) => (r.month === null ? [] : [{ month: r.month, ...money(r) }])),
        revenueTotals: revenueTotal ? money(revenueTotal) : { invoicedHt: 0, invoicedTtc: 0, collected: 0 },
        pipeline: {
          requests: n("requests"),
          quoted: n("quoted"),
          signed: n("signed"),
          quoteRate: rate(n("quoted"), n("requests")),
          signatureRate: rate(n("quotedSigned"), n("quoted")),
          conversionRate: rate(n("signed"), n("requests")),
          requestToQuote: delay("requestToQuote"),
          quoteToSignature: delay("quoteToSignature"),
          requestToSignature: delay("requestToSignature"),
        },
        reports,
        evaluators,
      };
    },

    async linkInterest(q: LinkInterestQuery): Promise<LinkInterestStatistics> {
      const f = await linkFilter(q);
      const [byEvaluator, byOrganisation, decisions] = await Promise.all([
        linkRepo.linksByEvaluator(db, f),
        linkRepo.linksByOrganisation(db, f),
        linkRepo.assignmentDecisions(db, f),
      ]);
      return {
        period: { from: f.from, to: f.to },
        byEvaluator,
        byOrganisation,
        decisions: decisions.map((d) => ({
          ...d,
          at: parisDate(new Date(d.at)),
          reasons: d.reasons ?? [],
        })),
      };
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;

import { z } from "zod";
import { SECTOR_DOMAINS } from "../commercial/establishments.js";
import { idSchema } from "./common.js";

/** Statistics (route `statistiques`, STATISTIC create): the two screens of the spec and their exports. */

const isoDate = (label: string) => z.iso.date({ error: `${label} : date invalide.` });
const period = {
  from: isoDate("Début de période").optional(),
  to: isoDate("Fin de période").optional(),
};
const periodOrder = {
  message: "La période se termine avant de commencer.",
  path: ["to"],
};
/** A period longer than this is refused: the month series would be unreadable (and costly). */
export const STATISTICS_MAX_MONTHS = 60;

/** GET /api/statistics/clients (and its export): period (default the last 12 months), domain, gestionnaire. */
export const clientStatisticsQuerySchema = z
  .object({
    ...period,
    domain: z.enum(SECTOR_DOMAINS, { error: "Domaine inconnu." }).optional(),
    gestionnaireId: idSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, periodOrder);
export type ClientStatisticsQuery = z.infer<typeof clientStatisticsQuerySchema>;

/** GET /api/statistics/link-interest (and its export): period (default the last 12 months), evaluator. */
export const linkInterestQuerySchema = z
  .object({ ...period, auditorId: idSchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, periodOrder);
export type LinkInterestQuery = z.infer<typeof linkInterestQuerySchema>;

const count = z.number().int();
const periodSchema = z.object({ from: z.string(), to: z.string() });

export const evaluationCountsSchema = z.object({ sold: count, planned: count, done: count, finalised: count });

/** Average and median of the days between two steps, over the `count` cases where both happened. */
export const delaySchema = z.object({ count, averageDays: z.number().nullable(), medianDays: z.number().nullable() });
export type StatisticsDelay = z.infer<typeof delaySchema>;

export const REPORT_KINDS = ["PRELIMINARY", "FINAL"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  PRELIMINARY: "Rapport préliminaire",
  FINAL: "Rapport définitif",
};

export const clientStatisticsSchema = z.object({
  period: periodSchema,
  evaluationsByMonth: z.array(evaluationCountsSchema.extend({ month: z.string() })),
  evaluationsByDepartement: z.array(evaluationCountsSchema.extend({ departement: z.string() })),
  evaluationTotals: evaluationCountsSchema,
  /** Euros: invoices issued minus credit notes (HT, TTC), payments received. */
  revenueByMonth: z.array(
    z.object({ month: z.string(), invoicedHt: z.number(), invoicedTtc: z.number(), collected: z.number() }),
  ),
  revenueTotals: z.object({ invoicedHt: z.number(), invoicedTtc: z.number(), collected: z.number() }),
  pipeline: z.object({
    requests: count,
    quoted: count,
    signed: count,
    /** Percentages (0–100, one decimal), null when the base is zero. */
    quoteRate: z.number().nullable(),
    signatureRate: z.number().nullable(),
    conversionRate: z.number().nullable(),
    requestToQuote: delaySchema,
    quoteToSignature: delaySchema,
    requestToSignature: delaySchema,
  }),
  reports: z.array(
    z.object({
      report: z.enum(REPORT_KINDS),
      onTime: count,
      late: count,
      pending: count,
      /** Days late on average, over the late ones (sent late, or still missing after the due date). */
      averageDelayDays: z.number().nullable(),
    }),
  ),
  evaluators: z.array(
    z.object({
      auditorId: z.string(),
      name: z.string(),
      satisfactionAnswers: count,
      /** Average of every answer of the questionnaires (1 to 4). */
      satisfactionAverage: z.number().nullable(),
      performanceMissions: count,
      /** Average of the performance points (1 to 5). */
      performanceAverage: z.number().nullable(),
    }),
  ),
});
export type ClientStatistics = z.infer<typeof clientStatisticsSchema>;

export const ASSIGNMENT_DECISIONS = ["REFUSED", "JUSTIFIED"] as const;
export type AssignmentDecision = (typeof ASSIGNMENT_DECISIONS)[number];
export const ASSIGNMENT_DECISION_LABELS: Record<AssignmentDecision, string> = {
  REFUSED: "Refusée (incompatibilité)",
  JUSTIFIED: "Autorisée avec justification",
};

export const linkInterestStatisticsSchema = z.object({
  period: periodSchema,
  byEvaluator: z.array(
    z.object({
      auditorId: z.string(),
      name: z.string(),
      /** Links in force at some point of the period. */
      links: count,
      /** Of them, still in force at the end of the period. */
      active: count,
      organisations: count,
      refused: count,
      justified: count,
    }),
  ),
  byOrganisation: z.array(
    z.object({
      organisationType: z.string(),
      organisationId: z.string(),
      organisationName: z.string(),
      evaluators: count,
      links: count,
      active: count,
    }),
  ),
  decisions: z.array(
    z.object({
      id: z.string(),
      decision: z.enum(ASSIGNMENT_DECISIONS),
      at: z.string(),
      auditorId: z.string(),
      auditorName: z.string(),
      clientName: z.string().nullable(),
      contractNumber: z.string().nullable(),
      reasons: z.array(z.string()),
      justification: z.string().nullable(),
      by: z.string(),
    }),
  ),
});
export type LinkInterestStatistics = z.infer<typeof linkInterestStatisticsSchema>;

const optionSchema = z.object({ value: z.string(), label: z.string() });
/** GET /api/statistics/filter-options: the gestionnaires and evaluators the filters offer. */
export const statisticsFilterOptionsSchema = z.object({
  gestionnaires: z.array(optionSchema),
  evaluators: z.array(optionSchema),
});
export type StatisticsFilterOptions = z.infer<typeof statisticsFilterOptionsSchema>;

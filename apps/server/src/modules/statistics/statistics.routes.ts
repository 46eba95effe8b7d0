import {
  clientStatisticsQuerySchema,
  clientStatisticsSchema,
  linkInterestQuerySchema,
  linkInterestStatisticsSchema,
  statisticsFilterOptionsSchema,
} from "@certidesk/shared";
import type { AppInstance } from "../../app-instance.js";
import type { Clock } from "../../lib/clock.js";
import type { StatisticsService } from "./statistics.service.js";
import { clientStatisticsWorkbook, linkInterestWorkbook } from "./statistics-export.js";

const tags = ["statistiques"];
const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
// The spec's route rule: `statistiques` needs the create right on STATISTIC (read alone is not enough).
const access = { access: { code: "STATISTIC", op: "create" } } as const;

export function statisticsRoutes(app: AppInstance, deps: { statistics: StatisticsService; clock: Clock }) {
  const { statistics, clock } = deps;

  app.get(
    "/api/statistics/filter-options",
    {
      config: access,
      schema: {
        tags,
        summary: "Choix des filtres des statistiques : gestionnaires et évaluateurs",
        response: { 200: statisticsFilterOptionsSchema },
      },
    },
    async () => statistics.filterOptions(),
  );

  app.get(
    "/api/statistics/clients",
    {
      config: access,
      schema: {
        tags,
        summary:
          "Statistiques clients : évaluations par mois et par département, chiffre d'affaires, demandes à signature, délais des rapports, évaluateurs",
        querystring: clientStatisticsQuerySchema,
        response: { 200: clientStatisticsSchema },
      },
    },
    async (request) => statistics.clients(request.query),
  );

  app.get(
    "/api/statistics/clients/export.xlsx",
    {
      config: access,
      schema: {
        tags,
        summary: "Export XLSX des statistiques clients (mêmes filtres, une feuille par tableau)",
        querystring: clientStatisticsQuerySchema,
      },
    },
    async (request, reply) => {
      const figures = await statistics.clients(request.query);
      const file = await clientStatisticsWorkbook(figures, clock.now());
      return reply
        .header("content-type", XLSX_MIME)
        .header(
          "content-disposition",
          `attachment; filename="statistiques-${figures.period.from}-${figures.period.to}.xlsx"`,
        )
        .send(file);
    },
  );

  app.get(
    "/api/statistics/link-interest",
    {
      config: access,
      schema: {
        tags,
        summary:
          "Liens d'intérêts par évaluateur et par organisation, affectations refusées ou justifiées (audit d'accréditation)",
        querystring: linkInterestQuerySchema,
        response: { 200: linkInterestStatisticsSchema },
      },
    },
    async (request) => statistics.linkInterest(request.query),
  );

  app.get(
    "/api/statistics/link-interest/export.xlsx",
    {
      config: access,
      schema: {
        tags,
        summary: "Export XLSX des liens d'intérêts et des affectations (mêmes filtres, une feuille par tableau)",
        querystring: linkInterestQuerySchema,
      },
    },
    async (request, reply) => {
      const figures = await statistics.linkInterest(request.query);
      const file = await linkInterestWorkbook(figures, clock.now());
      return reply
        .header("content-type", XLSX_MIME)
        .header(
          "content-disposition",
          `attachment; filename="liens-interets-${figures.period.from}-${figures.period.to}.xlsx"`,
        )
        .send(file);
    },
  );
}

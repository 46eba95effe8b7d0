import type { StatementMonths } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { expenseKeys } from "./keys";

export const STATEMENT_MONTHS_PER_PAGE = 12;

/** GET /api/auditors/{id}/statements: the evaluator's months with something owed, newest first. */
export const getStatementMonths = (auditorId: string, page: number) =>
  api.get<StatementMonths>(
    `/api/auditors/${auditorId}/statements${toQuery({ page, pageSize: STATEMENT_MONTHS_PER_PAGE })}`,
  );
export const statementMonthsQueryOptions = (auditorId: string, page: number) =>
  queryOptions({
    queryKey: expenseKeys.statements(auditorId, page),
    queryFn: () => getStatementMonths(auditorId, page),
    placeholderData: keepPreviousData,
  });
export const useStatementMonths = (auditorId: string, page: number) =>
  useQuery(statementMonthsQueryOptions(auditorId, page));

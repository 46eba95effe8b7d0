import type { AuditorPaymentSort, AuditorPayments } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { expenseKeys } from "./keys";

export interface AuditorPaymentsParams {
  from: string;
  to: string;
  page: number;
  pageSize: number;
  sort: AuditorPaymentSort;
}

/** GET /api/auditor-payments: what is to be paid to each evaluator for the period. */
export const getAuditorPayments = (q: AuditorPaymentsParams) =>
  api.get<AuditorPayments>(`/api/auditor-payments${toQuery({ ...q })}`);
export const auditorPaymentsQueryOptions = (q: AuditorPaymentsParams) =>
  queryOptions({
    queryKey: expenseKeys.payments(q),
    queryFn: () => getAuditorPayments(q),
    placeholderData: keepPreviousData,
  });
export const useAuditorPayments = (q: AuditorPaymentsParams, enabled = true) =>
  useQuery({ ...auditorPaymentsQueryOptions(q), enabled });

/** The same period's file: a plain link, the session cookie authenticates the download. */
export const auditorPaymentsExportUrl = (from: string, to: string, format: "xlsx" | "csv") =>
  `/api/auditor-payments/export${toQuery({ from, to, format })}`;

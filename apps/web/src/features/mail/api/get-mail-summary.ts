import type { MailStatus, MailSummaryQuery } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { mailKeys } from "./keys";

export interface MailSummary {
  smtpConfigured: boolean;
  counts: Partial<Record<MailStatus, number>>;
}

/** Counts per status for the search and dates in use, so the status tabs match the list. */
export const getMailSummary = (query: MailSummaryQuery = {}) =>
  api.get<MailSummary>(`/api/mails/summary${toQuery({ ...query })}`);
export const mailSummaryQueryOptions = (query: MailSummaryQuery = {}) =>
  queryOptions({
    queryKey: mailKeys.summary(query),
    queryFn: () => getMailSummary(query),
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
  });
export const useMailSummary = (query: MailSummaryQuery = {}) => useQuery(mailSummaryQueryOptions(query));

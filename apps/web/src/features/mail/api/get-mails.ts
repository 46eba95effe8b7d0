import type { MailRow, MailStatus } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import type { Page } from "../../../lib/page";
import { mailKeys } from "./keys";

export type MailSort = "createdAt" | "subject" | "status" | "sentAt";

export interface MailsFilter {
  page: number;
  pageSize: number;
  status?: MailStatus;
  /** A mission's mails (its E-mails tab). */
  missionId?: string;
  search?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  sort?: MailSort;
  direction?: "asc" | "desc";
}

/** The outbox changes on its own (the worker sends and retries): poll while the screen is open. */
const POLL_MS = 30_000;

export const getMails = (filter: MailsFilter) => api.get<Page<MailRow>>(`/api/mails${toQuery({ ...filter })}`);
export const mailsQueryOptions = (filter: MailsFilter) =>
  queryOptions({
    queryKey: mailKeys.list(filter),
    queryFn: () => getMails(filter),
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS,
  });
export const useMails = (filter: MailsFilter) => useQuery(mailsQueryOptions(filter));

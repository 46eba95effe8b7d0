import type { MailStatus } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface MailSummary {
  smtpConfigured: boolean;
  counts: Partial<Record<MailStatus, number>>;
}

export const getMailSummary = () => api.get<MailSummary>("/api/mails/summary");
export const mailSummaryQueryOptions = () =>
  queryOptions({ queryKey: ["mails", "summary"], queryFn: getMailSummary, refetchInterval: 30_000 });
export const useMailSummary = () => useQuery(mailSummaryQueryOptions());

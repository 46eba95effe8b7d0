import type { Candidate } from "@certidesk/shared";
import { keepPreviousData, useQueries } from "@tanstack/react-query";
import { api, toQuery } from "../../lib/api-client";
import { domainKey } from "../../lib/query-keys";

/** Ranked evaluators for an ESSMS and its visit days (impartiality engine on the server). */
export const getCandidates = (clientId: string, days: string[], contractId: string) =>
  api.get<{ items: Candidate[] }>(
    `/api/auditors/candidates${toQuery({ clientId, days: days.join(",") || undefined, contractId })}`,
  );

/** One ranking per establishment of the programme, with the days that concern it. */
export const useCandidatesByEstablishment = (
  contractId: string,
  establishments: Array<{ clientId: string; days: string[] }>,
  enabled: boolean,
) =>
  useQueries({
    queries: establishments.map((e) => ({
      queryKey: [...domainKey("auditors"), "candidates", contractId, e.clientId, e.days],
      queryFn: () => getCandidates(e.clientId, e.days, contractId),
      placeholderData: keepPreviousData,
      enabled,
    })),
  });

import type { AuditorOption } from "@certidesk/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { domainKey } from "../../../lib/query-keys";

/** The evaluators, for the list's evaluator filter. */
export const getEvaluatorOptions = () => api.get<AuditorOption[]>("/api/contracts/auditor-options");
export const useEvaluatorOptions = () =>
  useQuery({ queryKey: [...domainKey("auditors"), "options"], queryFn: getEvaluatorOptions, staleTime: 60_000 });

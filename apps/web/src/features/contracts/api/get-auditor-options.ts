import type { AuditorOption } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { contractKeys } from "./keys";

export const getAuditorOptions = () => api.get<AuditorOption[]>("/api/contracts/auditor-options");
export const auditorOptionsQueryOptions = () =>
  queryOptions({ queryKey: contractKeys.auditorOptions(), queryFn: getAuditorOptions, staleTime: 60_000 });
export const useAuditorOptions = () => useQuery(auditorOptionsQueryOptions());

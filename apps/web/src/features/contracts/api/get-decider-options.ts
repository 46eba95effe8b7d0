import type { DeciderOption } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { contractKeys } from "./keys";

export const getDeciderOptions = () => api.get<DeciderOption[]>("/api/contracts/decider-options");
export const deciderOptionsQueryOptions = () =>
  queryOptions({ queryKey: contractKeys.deciderOptions(), queryFn: getDeciderOptions });
export const useDeciderOptions = (enabled: boolean) => useQuery({ ...deciderOptionsQueryOptions(), enabled });

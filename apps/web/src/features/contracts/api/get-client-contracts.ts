import type { ContractDetail } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { contractKeys } from "./keys";

export const getClientContracts = (clientId: string) => api.get<ContractDetail[]>(`/api/client/${clientId}/contracts`);
export const clientContractsQueryOptions = (clientId: string) =>
  queryOptions({ queryKey: contractKeys.ofClient(clientId), queryFn: () => getClientContracts(clientId) });
export const useClientContracts = (clientId: string) => useQuery(clientContractsQueryOptions(clientId));

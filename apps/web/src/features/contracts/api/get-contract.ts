import type { ContractDetail } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { contractKeys } from "./keys";

export const getContract = (id: string) => api.get<ContractDetail>(`/api/contracts/${id}`);
export const contractQueryOptions = (id: string) =>
  queryOptions({ queryKey: contractKeys.detail(id), queryFn: () => getContract(id) });
export const useContract = (id: string) => useQuery(contractQueryOptions(id));

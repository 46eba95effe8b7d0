import type { ContractDetail, Feb } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useContractMutation } from "./use-contract-mutation";

export const saveFeb = ({ id, feb, version }: { id: string; feb: Feb; version: number }) =>
  api.put<ContractDetail>(`/api/contracts/${id}/feb`, { feb, version });
export const useSaveFeb = () => useContractMutation(saveFeb);

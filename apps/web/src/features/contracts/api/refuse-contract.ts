import type { ContractDetail } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useContractMutation } from "./use-contract-mutation";

export const refuseContract = ({ id, reason, version }: { id: string; reason: string; version: number }) =>
  api.post<ContractDetail>(`/api/contracts/${id}/refuse`, { reason, version });
export const useRefuseContract = () => useContractMutation(refuseContract);

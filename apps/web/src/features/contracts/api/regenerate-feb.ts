import type { ContractDetail } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useContractMutation } from "./use-contract-mutation";

export const regenerateFeb = ({ id, version }: { id: string; version: number }) =>
  api.post<ContractDetail>(`/api/contracts/${id}/feb/regenerate`, { version });
export const useRegenerateFeb = () => useContractMutation(regenerateFeb);

import type { ContractDetail } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useContractMutation } from "./use-contract-mutation";

export const signContract = ({ id, signatureDate, version }: { id: string; signatureDate: string; version: number }) =>
  api.post<ContractDetail>(`/api/contracts/${id}/sign`, { signatureDate, version });
export const useSignContract = () => useContractMutation(signContract);

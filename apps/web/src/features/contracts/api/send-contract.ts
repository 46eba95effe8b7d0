import type { ContractDetail } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useContractMutation } from "./use-contract-mutation";

export const sendContract = ({ id, to, version }: { id: string; to: string[]; version: number }) =>
  api.post<ContractDetail>(`/api/contracts/${id}/send`, { to, version });
export const useSendContract = () => useContractMutation(sendContract);

import type { ContractDetail, DecisionBody } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useContractMutation } from "./use-contract-mutation";

export const saveDecision = ({ id, body }: { id: string; body: DecisionBody }) =>
  api.put<ContractDetail>(`/api/contracts/${id}/decision`, body);
export const useSaveDecision = () => useContractMutation(saveDecision);

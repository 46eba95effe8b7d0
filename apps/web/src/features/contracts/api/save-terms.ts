import type { ContractDetail, ContractTermsBody } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useContractMutation } from "./use-contract-mutation";

export const saveTerms = ({ id, body }: { id: string; body: ContractTermsBody }) =>
  api.put<ContractDetail>(`/api/contracts/${id}/terms`, body);
export const useSaveTerms = () => useContractMutation(saveTerms);

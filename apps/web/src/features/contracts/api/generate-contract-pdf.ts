import type { ContractDetail } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useContractMutation } from "./use-contract-mutation";

export const generatePdf = ({ id, version }: { id: string; version: number }) =>
  api.post<ContractDetail>(`/api/contracts/${id}/pdf`, { version });
export const useGeneratePdf = () => useContractMutation(generatePdf);

import type {
  AuditorOption,
  ContractDetail,
  ContractTermsBody,
  DecisionBody,
  Feb,
  ProgrammeBody,
} from "@certidesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getContract = (id: string) => api.get<ContractDetail>(`/api/contracts/${id}`);
export const useContract = (id: string) =>
  useQuery({ queryKey: ["contracts", "detail", id], queryFn: () => getContract(id) });
export const getClientContracts = (clientId: string) => api.get<ContractDetail[]>(`/api/client/${clientId}/contracts`);
export const useClientContracts = (clientId: string) =>
  useQuery({ queryKey: ["contracts", "client", clientId], queryFn: () => getClientContracts(clientId) });
export const useAuditorOptions = () =>
  useQuery({
    queryKey: ["contracts", "auditors"],
    queryFn: () => api.get<AuditorOption[]>("/api/contracts/auditor-options"),
    staleTime: 60_000,
  });
export const useDeciderOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ["contracts", "deciders"],
    queryFn: () => api.get<Array<{ id: string; name: string; profileType: string }>>("/api/contracts/decider-options"),
    enabled,
  });

/** Where the programme is saved: the contract route (right on PROSPECT) or the client's (right on CLIENT). */
export type ContractScope = { kind: "prospect" } | { kind: "client"; clientId: string };

const url = (id: string, path: string) => `/api/contracts/${id}/${path}`;
export const saveFeb = ({ id, feb, version }: { id: string; feb: Feb; version: number }) =>
  api.put<ContractDetail>(url(id, "feb"), { feb, version });
export const regenerateFeb = ({ id, version }: { id: string; version: number }) =>
  api.post<ContractDetail>(url(id, "feb/regenerate"), { version });
export const saveProgramme = ({ id, body, scope }: { id: string; body: ProgrammeBody; scope: ContractScope }) =>
  api.put<ContractDetail>(
    scope.kind === "client" ? `/api/client/${scope.clientId}/contracts/${id}/programme` : url(id, "programme"),
    body,
  );
export const saveTerms = ({ id, body }: { id: string; body: ContractTermsBody }) =>
  api.put<ContractDetail>(url(id, "terms"), body);
export const saveDecision = ({ id, body }: { id: string; body: DecisionBody }) =>
  api.put<ContractDetail>(url(id, "decision"), body);
export const generatePdf = ({ id, version }: { id: string; version: number }) =>
  api.post<ContractDetail>(url(id, "pdf"), { version });
export const sendContract = ({ id, to, version }: { id: string; to: string[]; version: number }) =>
  api.post<ContractDetail>(url(id, "send"), { to, version });
export const signContract = ({ id, signatureDate, version }: { id: string; signatureDate: string; version: number }) =>
  api.post<ContractDetail>(url(id, "sign"), { signatureDate, version });
export const refuseContract = ({ id, reason, version }: { id: string; reason: string; version: number }) =>
  api.post<ContractDetail>(url(id, "refuse"), { reason, version });

/** A contract change refreshes contracts, prospects, clients and timelines (signing makes clients). */
function useContractMutation<A>(fn: (args: A) => Promise<ContractDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all(
        ["contracts", "prospects", "clients", "timeline"].map((key) => client.invalidateQueries({ queryKey: [key] })),
      ),
  });
}
export const useSaveFeb = () => useContractMutation(saveFeb);
export const useRegenerateFeb = () => useContractMutation(regenerateFeb);
export const useSaveProgramme = () => useContractMutation(saveProgramme);
export const useSaveTerms = () => useContractMutation(saveTerms);
export const useSaveDecision = () => useContractMutation(saveDecision);
export const useGeneratePdf = () => useContractMutation(generatePdf);
export const useSendContract = () => useContractMutation(sendContract);
export const useSignContract = () => useContractMutation(signContract);
export const useRefuseContract = () => useContractMutation(refuseContract);

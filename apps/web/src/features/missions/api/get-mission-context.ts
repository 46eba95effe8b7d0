import type { ClientDetail, ContractDetail } from "@certidesk/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { domainKey } from "../../../lib/query-keys";

/** The ESSMS of a mission (contacts, typology) and its contracts (FEB, programme): right on CLIENT. */
export const getMissionClient = (clientId: string) => api.get<ClientDetail>(`/api/clients/${clientId}`);
export const getMissionClientContracts = (clientId: string) =>
  api.get<ContractDetail[]>(`/api/client/${clientId}/contracts`);

export const useMissionClient = (clientId: string) =>
  useQuery({ queryKey: [...domainKey("clients"), "detail", clientId], queryFn: () => getMissionClient(clientId) });
export const useMissionContract = (clientId: string, contractId: string) =>
  useQuery({
    queryKey: [...domainKey("contracts"), "client", clientId],
    queryFn: () => getMissionClientContracts(clientId),
    select: (contracts) => contracts.find((c) => c.id === contractId) ?? null,
  });

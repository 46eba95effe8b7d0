import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface PortalClient {
  id: string;
  raisonSocial: string;
  siret: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  email: string | null;
  phone: string | null;
  finess: string | null;
  legalEntityRaisonSocial: string | null;
  evaluationDate: string | null;
  evaluationFinishedAt: string | null;
  clientSince: string | null;
}

export const getClientUser = () => api.get<PortalClient>("/api/client/get-client-user");
export const clientUserQueryOptions = () => queryOptions({ queryKey: ["client-user"], queryFn: getClientUser });
export const useClientUser = () => useQuery(clientUserQueryOptions());

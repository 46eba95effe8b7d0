import type { QuoteDetail } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useProspectMutation } from "./use-prospect-mutation";

export const refuseQuote = ({ id, reason, version }: { id: string; reason: string; version: number }) =>
  api.post<QuoteDetail>(`/api/quotes/${id}/refuse`, { reason, version });
export const useRefuseQuote = () => useProspectMutation(refuseQuote);

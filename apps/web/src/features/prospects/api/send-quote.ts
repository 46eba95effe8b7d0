import type { QuoteDetail } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useProspectMutation } from "./use-prospect-mutation";

export const sendQuote = ({ id, to, version }: { id: string; to: string[]; version: number }) =>
  api.post<QuoteDetail>(`/api/quotes/${id}/send`, { to, version });
export const useSendQuote = () => useProspectMutation(sendQuote);

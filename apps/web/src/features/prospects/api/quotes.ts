import type { QuoteDetail, SaveQuoteBody } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useProspectMutation } from "./prospects";

export const getQuotes = (requestId: string) => api.get<QuoteDetail[]>(`/api/requestclients/${requestId}/quotes`);
export const quotesQueryOptions = (requestId: string) =>
  queryOptions({ queryKey: ["prospects", "quotes", requestId], queryFn: () => getQuotes(requestId) });
export const useQuotes = (requestId: string) => useQuery(quotesQueryOptions(requestId));

export const createQuote = ({ requestId, body }: { requestId: string; body: SaveQuoteBody }) =>
  api.post<QuoteDetail>(`/api/requestclients/${requestId}/quotes`, body);
export const updateQuote = ({ id, body, version }: { id: string; body: SaveQuoteBody; version: number }) =>
  api.put<QuoteDetail>(`/api/quotes/${id}`, { quote: body, version });
export type QuoteAction = "pdf" | "accept" | "new-version";
export const quoteAction = ({ id, action, version }: { id: string; action: QuoteAction; version: number }) =>
  api.post<QuoteDetail>(`/api/quotes/${id}/${action}`, { version });
export const sendQuote = ({ id, to, version }: { id: string; to: string[]; version: number }) =>
  api.post<QuoteDetail>(`/api/quotes/${id}/send`, { to, version });
export const refuseQuote = ({ id, reason, version }: { id: string; reason: string; version: number }) =>
  api.post<QuoteDetail>(`/api/quotes/${id}/refuse`, { reason, version });

export const useCreateQuote = () => useProspectMutation(createQuote);
export const useUpdateQuote = () => useProspectMutation(updateQuote);
export const useQuoteAction = () => useProspectMutation(quoteAction);
export const useSendQuote = () => useProspectMutation(sendQuote);
export const useRefuseQuote = () => useProspectMutation(refuseQuote);

import type { QuoteDetail } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { prospectKeys } from "./keys";

export const getQuotes = (requestId: string) => api.get<QuoteDetail[]>(`/api/requestclients/${requestId}/quotes`);
export const quotesQueryOptions = (requestId: string) =>
  queryOptions({ queryKey: prospectKeys.quotes(requestId), queryFn: () => getQuotes(requestId) });
export const useQuotes = (requestId: string) => useQuery(quotesQueryOptions(requestId));

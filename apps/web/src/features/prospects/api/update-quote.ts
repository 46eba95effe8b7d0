import type { QuoteDetail, SaveQuoteBody } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useProspectMutation } from "./use-prospect-mutation";

export const updateQuote = ({ id, body, version }: { id: string; body: SaveQuoteBody; version: number }) =>
  api.put<QuoteDetail>(`/api/quotes/${id}`, { quote: body, version });
export const useUpdateQuote = () => useProspectMutation(updateQuote);

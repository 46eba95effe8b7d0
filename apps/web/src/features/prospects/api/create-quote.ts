import type { QuoteDetail, SaveQuoteBody } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useProspectMutation } from "./use-prospect-mutation";

export const createQuote = ({ requestId, body }: { requestId: string; body: SaveQuoteBody }) =>
  api.post<QuoteDetail>(`/api/requestclients/${requestId}/quotes`, body);
export const useCreateQuote = () => useProspectMutation(createQuote);

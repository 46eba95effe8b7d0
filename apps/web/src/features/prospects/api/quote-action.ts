import type { QuoteDetail } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useProspectMutation } from "./use-prospect-mutation";

/** The quote actions that carry only the version: render the PDF, accept, make a new version. */
export type QuoteAction = "pdf" | "accept" | "new-version";
export const quoteAction = ({ id, action, version }: { id: string; action: QuoteAction; version: number }) =>
  api.post<QuoteDetail>(`/api/quotes/${id}/${action}`, { version });
export const useQuoteAction = () => useProspectMutation(quoteAction);

import type { MailRecipientOption } from "@certidesk/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { mailKeys } from "./keys";

/** Establishments a new mail may be about, with their contacts' addresses to suggest as recipients. */
export const getRecipientOptions = (search: string) =>
  api.get<MailRecipientOption[]>(`/api/mails/recipient-options${toQuery({ search: search || undefined })}`);
export const useRecipientOptions = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: mailKeys.recipientOptions(search),
    queryFn: () => getRecipientOptions(search),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

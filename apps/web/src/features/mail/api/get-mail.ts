import type { MailDetail } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { mailKeys } from "./keys";

export const getMail = (id: string) => api.get<MailDetail>(`/api/mails/${id}`);
export const mailQueryOptions = (id: string) =>
  queryOptions({ queryKey: mailKeys.detail(id), queryFn: () => getMail(id) });
export const useMail = (id: string | null) => useQuery({ ...mailQueryOptions(id ?? ""), enabled: id !== null });

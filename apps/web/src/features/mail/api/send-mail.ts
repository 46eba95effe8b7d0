import type { MailDetail, SendMailBody } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { mailKeys } from "./keys";

export const sendMail = (body: SendMailBody) => api.post<MailDetail>("/api/mails", body);
export const resendMail = (id: string) => api.post<MailDetail>(`/api/mails/${id}/resend`);
export const deleteMail = (id: string) => api.delete<{ ok: true }>(`/api/mails/${id}`);

/** Every change refreshes the lists and the status counts. */
function useMailMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: mailKeys.all }) });
}

export const useSendMail = () => useMailMutation(sendMail);
export const useResendMail = () => useMailMutation(resendMail);
export const useDeleteMail = () => useMailMutation(deleteMail);

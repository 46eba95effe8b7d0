import type { MailTemplate } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { mailKeys } from "./keys";

export interface MailTemplateInput {
  name: string;
  subject: string;
  body: string;
  /** The template's row version: a stale one answers 409 with the French message. */
  version: number;
}

export const updateMailTemplate = ({ code, body }: { code: string; body: MailTemplateInput }) =>
  api.put<MailTemplate>(`/api/mail-templates/${encodeURIComponent(code)}`, body);

export function useUpdateMailTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateMailTemplate,
    onSuccess: () => client.invalidateQueries({ queryKey: mailKeys.templates() }),
  });
}

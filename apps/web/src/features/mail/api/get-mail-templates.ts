import type { MailTemplate } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { mailKeys } from "./keys";

export const getMailTemplates = () => api.get<MailTemplate[]>("/api/mail-templates");
export const mailTemplatesQueryOptions = () =>
  queryOptions({ queryKey: mailKeys.templates(), queryFn: getMailTemplates });
export const useMailTemplates = () => useQuery(mailTemplatesQueryOptions());

import { domainKey } from "../../../lib/query-keys";

/** The query keys of mails, mail templates and mail groups. */
export const mailKeys = {
  all: domainKey("mails"),
  list: <F>(filter: F) => [...mailKeys.all, "list", filter] as const,
  detail: (id: string) => [...mailKeys.all, "detail", id] as const,
  summary: <Q>(query: Q) => [...mailKeys.all, "summary", query] as const,
  clientOptions: (search: string) => [...mailKeys.all, "client-options", search] as const,
  recipientOptions: (search: string) => [...mailKeys.all, "recipient-options", search] as const,
  attachmentSearch: (search: string) => [...mailKeys.all, "attachment-search", search] as const,
  templates: () => [...domainKey("mail-templates"), "list"] as const,
  templatePreview: <D>(draft: D) => [...domainKey("mail-templates"), "preview", draft] as const,
  groups: () => domainKey("mail-groups"),
};

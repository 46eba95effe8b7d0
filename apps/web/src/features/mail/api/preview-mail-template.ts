import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { mailKeys } from "./keys";

export interface TemplateDraft {
  subject: string;
  body: string;
  clientId: string | null;
}
export interface TemplatePreview {
  subject: string;
  body: string;
  /** Says which values are real and which are examples. */
  sample: string;
}

/** A POST because the draft travels in the body, but it reads nothing changes: a query. */
export const previewMailTemplate = (draft: TemplateDraft) =>
  api.post<TemplatePreview>("/api/mail-templates/preview", draft);
export const templatePreviewQueryOptions = (draft: TemplateDraft) =>
  queryOptions({
    queryKey: mailKeys.templatePreview(draft),
    queryFn: () => previewMailTemplate(draft),
    placeholderData: keepPreviousData,
  });
export const useTemplatePreview = (draft: TemplateDraft, enabled: boolean) =>
  useQuery({ ...templatePreviewQueryOptions(draft), enabled });

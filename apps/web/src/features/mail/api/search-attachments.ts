import type { DocumentRow } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import type { Page } from "../../../lib/page";
import { mailKeys } from "./keys";

/** Library documents to attach to a mail (the mail feature's own read of GET /api/documents). */
export const searchAttachments = (search: string) =>
  api.get<Page<DocumentRow>>(`/api/documents${toQuery({ search, pageSize: 20, sort: "name", direction: "asc" })}`);
export const attachmentSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: mailKeys.attachmentSearch(search),
    queryFn: () => searchAttachments(search),
    placeholderData: keepPreviousData,
  });
export const useAttachmentSearch = (search: string, enabled: boolean) =>
  useQuery({ ...attachmentSearchQueryOptions(search), enabled });

/** One document, for its signed link when an attachment is opened from a mail. */
export const getAttachmentDocument = (id: string) => api.get<DocumentRow>(`/api/documents/${id}`);

import type { DocumentFamily, DocumentRow } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import type { Page } from "../../../lib/page";
import { documentKeys } from "./keys";

export type DocumentSort = "name" | "updatedAt" | "size" | "documentType";

export interface DocumentsFilter {
  page: number;
  pageSize: number;
  family?: DocumentFamily;
  documentType?: string;
  categoryId?: string;
  search?: string;
  sort?: DocumentSort;
  direction?: "asc" | "desc";
}

/** The signed links in each row live 30 minutes: the list refreshes well before they expire. */
const LINK_REFRESH_MS = 20 * 60_000;

export const getDocuments = (filter: DocumentsFilter) =>
  api.get<Page<DocumentRow>>(`/api/documents${toQuery({ ...filter })}`);
export const documentsQueryOptions = (filter: DocumentsFilter) =>
  queryOptions({
    queryKey: documentKeys.list(filter),
    queryFn: () => getDocuments(filter),
    placeholderData: keepPreviousData,
    refetchInterval: LINK_REFRESH_MS,
  });
export const useDocuments = (filter: DocumentsFilter) => useQuery(documentsQueryOptions(filter));

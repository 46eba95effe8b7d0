import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { documentKeys } from "./keys";

/** One stored file of a document (the API's documentVersionSchema, which shared exports no type for). */
export interface DocumentVersionRow {
  id: string;
  versionNumber: number;
  fileName: string;
  mimeType: string;
  size: number;
  createdByName: string | null;
  createdAt: string;
  downloadUrl: string;
}

export const getDocumentVersions = (id: string) => api.get<DocumentVersionRow[]>(`/api/documents/${id}/versions`);
export const documentVersionsQueryOptions = (id: string) =>
  queryOptions({ queryKey: documentKeys.versions(id), queryFn: () => getDocumentVersions(id) });
export const useDocumentVersions = (id: string | null) =>
  useQuery({ ...documentVersionsQueryOptions(id ?? ""), enabled: id !== null });

import type { DocumentCategory } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { documentKeys } from "./keys";

export const getDocumentCategories = () => api.get<DocumentCategory[]>("/api/document-categories");
export const documentCategoriesQueryOptions = () =>
  queryOptions({ queryKey: documentKeys.categories(), queryFn: getDocumentCategories });
export const useDocumentCategories = () => useQuery(documentCategoriesQueryOptions());

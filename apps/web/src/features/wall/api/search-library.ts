import type { DocumentRow } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import type { Page } from "../../../lib/page";
import { wallKeys } from "./keys";

/** Documents of the general library a post may carry (the server refuses any other family). */
export const searchLibrary = (search: string) =>
  api.get<Page<DocumentRow>>(
    `/api/documents${toQuery({ family: "GENERAL", search: search || undefined, pageSize: 20 })}`,
  );
export const libraryQueryOptions = (search: string) =>
  queryOptions({
    queryKey: wallKeys.library(search),
    queryFn: () => searchLibrary(search),
    placeholderData: keepPreviousData,
  });
export const useLibrarySearch = (search: string, enabled: boolean) =>
  useQuery({ ...libraryQueryOptions(search), enabled });

import type { SearchResponse } from "@certidesk/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { searchKeys } from "./keys";

export const search = (q: string) => api.get<SearchResponse>(`/api/search${toQuery({ q })}`);

/**
 * Whether a text is worth asking the server: a word of three characters or more (the server answers nothing
 * for words of one or two characters alone, which every record holds).
 */
export const searchable = (q: string) => q.split(/\s+/).some((word) => word.replace(/[^\p{L}\p{N}]/gu, "").length >= 3);

/** The results of a text, the previous ones kept on screen while the next ones load. */
export const useSearch = (q: string) =>
  useQuery({
    queryKey: searchKeys.results(q),
    queryFn: () => search(q),
    enabled: searchable(q),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

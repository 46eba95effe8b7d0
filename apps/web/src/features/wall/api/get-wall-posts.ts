import type { WallPage } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { wallKeys } from "./keys";

/** Attachment links are signed for 30 minutes: the feed refreshes well before they expire. */
const LINK_REFRESH_MS = 20 * 60_000;

export const getWallPosts = (page: number, pageSize: number) =>
  api.get<WallPage>(`/api/wall/posts${toQuery({ page, pageSize })}`);
export const wallPostsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: wallKeys.feed(page, pageSize),
    queryFn: () => getWallPosts(page, pageSize),
    placeholderData: keepPreviousData,
    refetchInterval: LINK_REFRESH_MS,
  });
export const useWallPosts = (page: number, pageSize: number) => useQuery(wallPostsQueryOptions(page, pageSize));

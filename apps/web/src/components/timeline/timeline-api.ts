import type { FollowUpBody, Timeline } from "@certidesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, toQuery } from "../../lib/api-client";
import { domainKey, invalidateDomains } from "../../lib/query-keys";

/** Whose timeline: a client (establishment) or a prospect (request). */
export interface TimelineTarget {
  kind: "client" | "prospect";
  id: string;
}
export const timelineKeys = {
  all: domainKey("timeline"),
  page: (t: TimelineTarget, page: number, pageSize: number) =>
    [...timelineKeys.all, t.kind, t.id, page, pageSize] as const,
};
const base = (t: TimelineTarget) => `/api/timeline/${t.kind}/${t.id}`;

export const getTimeline = (t: TimelineTarget, page: number, pageSize: number) =>
  api.get<Timeline>(`${base(t)}${toQuery({ page, pageSize })}`);
export const useTimeline = (t: TimelineTarget, page: number, pageSize: number) =>
  useQuery({
    queryKey: timelineKeys.page(t, page, pageSize),
    queryFn: () => getTimeline(t, page, pageSize),
    placeholderData: keepPreviousData,
  });

/** A timeline write refreshes the timeline and the lists showing the follow-up date. */
function useTimelineMutation<A>(fn: (args: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => invalidateDomains(client, "timeline", "clients", "prospects"),
  });
}
export const useAddComment = (t: TimelineTarget) =>
  useTimelineMutation((text: string) => api.post(`${base(t)}/comments`, { text }));
export const useSetFollowUp = (t: TimelineTarget) =>
  useTimelineMutation((body: FollowUpBody) => api.put(`${base(t)}/follow-up`, body));

import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { auditorKeys } from "./keys";

/** What the signed link of the mission-order mail opens, without an account. */
export interface OrderByLink {
  orderId: string;
  status: string;
  answerable: boolean;
  auditorName: string;
  raisonSocial: string;
  city: string | null;
  days: Array<{ day: string; timeSlot: string }>;
}

export const getOrderByLink = (p: string, token: string) =>
  api.get<OrderByLink>(`/api/mission-orders/by-link${toQuery({ p, token })}`);
export const orderByLinkQueryOptions = (p: string, token: string) =>
  queryOptions({ queryKey: auditorKeys.orderByLink(p, token), queryFn: () => getOrderByLink(p, token), retry: false });
export const useOrderByLink = (p: string, token: string) => useQuery(orderByLinkQueryOptions(p, token));

export const answerOrderByLink = (body: { p: string; token: string; answer: "ACCEPT" | "REFUSE"; reason?: string }) =>
  api.post<{ ok: true }>("/api/mission-orders/by-link/answer", body);
export function useAnswerOrderByLink(p: string, token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: { answer: "ACCEPT" } | { answer: "REFUSE"; reason: string }) =>
      answerOrderByLink({ p, token, ...a }),
    onSuccess: () => void client.invalidateQueries({ queryKey: auditorKeys.orderByLink(p, token) }),
  });
}

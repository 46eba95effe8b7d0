import type { NumberingSeries } from "@certidesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { numberingKeys } from "./keys";

export const getNumbering = () => api.get<NumberingSeries[]>("/api/settings/numbering");
export const useNumbering = () => useQuery({ queryKey: numberingKeys.all, queryFn: getNumbering });
export const updateNumbering = ({ code, mask, version }: { code: string; mask: string; version: number }) =>
  api.put<NumberingSeries>(`/api/settings/numbering/${code}`, { mask, version });
export function useUpdateNumbering() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateNumbering,
    onSuccess: () => client.invalidateQueries({ queryKey: numberingKeys.all }),
  });
}

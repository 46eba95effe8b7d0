import type { AuditorBody } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { AuditorFile } from "./get-auditor";
import { auditorKeys } from "./keys";

export const updateAuditor = (id: string, body: AuditorBody & { version: number }) =>
  api.put<AuditorFile>(`/api/auditors/${id}`, body);
export function useUpdateAuditor(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AuditorBody & { version: number }) => updateAuditor(id, body),
    onSuccess: (saved) => {
      client.setQueryData(auditorKeys.detail(id), saved);
      void client.invalidateQueries({ queryKey: auditorKeys.lists() });
    },
  });
}

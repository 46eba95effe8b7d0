import type { AuditorBody } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { AuditorFile } from "./get-auditor";
import { auditorKeys } from "./keys";

export const createAuditor = (body: AuditorBody) => api.post<AuditorFile>("/api/auditors", body);
export function useCreateAuditor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createAuditor,
    onSuccess: () => void client.invalidateQueries({ queryKey: auditorKeys.lists() }),
  });
}

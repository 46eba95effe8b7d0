import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateDomains } from "../../../lib/query-keys";
import { portalKeys } from "./keys";

export interface ObservationsInput {
  text: string;
  version: number;
  file: File | null;
}

/** JSON without a file, multipart with one (the same route). */
export function sendObservations(missionId: string, { text, version, file }: ObservationsInput) {
  const url = `/api/missions/${missionId}/client-observations`;
  if (!file) return api.post<{ ok: true }>(url, { text, version });
  const form = new FormData();
  form.set("text", text);
  form.set("version", String(version));
  form.set("file", file);
  return api.upload<{ ok: true }>(url, form);
}

export function useSendObservations(missionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ObservationsInput) => sendObservations(missionId, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: portalKeys.missions() });
      void invalidateDomains(client, "missions");
    },
  });
}

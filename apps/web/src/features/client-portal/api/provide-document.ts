import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateDomains } from "../../../lib/query-keys";
import { portalKeys } from "./keys";

/** `itemId`: the item of the mission's checklist the file answers (the server ticks it received). */
export function provideDocument(missionId: string, name: string, itemId: string | null, file: File) {
  const form = new FormData();
  if (name.trim()) form.set("name", name.trim());
  if (itemId) form.set("itemId", itemId);
  form.set("file", file);
  return api.upload<{ id: string; name: string }>(`/api/missions/${missionId}/client-documents`, form);
}

/** A document asked of the ESSMS for its evaluation, uploaded from the portal. */
export function useProvideDocument(missionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, itemId, file }: { name: string; itemId: string | null; file: File }) =>
      provideDocument(missionId, name, itemId, file),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: portalKeys.missions() });
      void invalidateDomains(client, "missions", "documents");
    },
  });
}

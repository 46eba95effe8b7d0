import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateDomains } from "../../../lib/query-keys";
import { auditorKeys } from "./keys";

export type ReportKind = "PRELIMINARY" | "FINAL";
const PATHS: Record<ReportKind, string> = { PRELIMINARY: "preliminary", FINAL: "final" };

export function uploadMissionReport(missionId: string, report: ReportKind, file: File, version: number) {
  const form = new FormData();
  form.set("version", String(version));
  form.set("file", file);
  return api.upload<unknown>(`/api/missions/${missionId}/reports/${PATHS[report]}`, form);
}

/** The coordinator uploads the mission's report from their space (the staff's routes, same checks). */
export function useUploadMissionReport(auditorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: { missionId: string; report: ReportKind; file: File; version: number }) =>
      uploadMissionReport(a.missionId, a.report, a.file, a.version),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: auditorKeys.detail(auditorId) });
      void invalidateDomains(client, "missions");
    },
  });
}

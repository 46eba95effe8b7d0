import type { BackupOverview, BackupSettingsBody } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { backupKeys } from "./keys";

/** The daily backup's hour and the number of archives kept, with the version read (409 if stale). */
export const saveBackupSettings = (body: BackupSettingsBody) => api.put<BackupOverview>("/api/backups/settings", body);
export function useSaveBackupSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBackupSettings,
    onSuccess: (saved) => client.setQueryData(backupKeys.overview(), saved),
  });
}

import type { BackupOverview } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { backupKeys } from "./keys";

/** Settings › Sauvegardes: the kept archives, the daily backup's hour and count, its last attempt. */
export const getBackups = () => api.get<BackupOverview>("/api/backups");
export const backupsQueryOptions = () => queryOptions({ queryKey: backupKeys.overview(), queryFn: getBackups });
export const useBackups = () => useQuery(backupsQueryOptions());

/** The address that downloads one archive (a plain link: the session cookie goes with it). */
export const backupDownloadUrl = (name: string) => `/api/backups/download/${encodeURIComponent(name)}`;

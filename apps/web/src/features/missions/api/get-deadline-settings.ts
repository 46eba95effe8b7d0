import type { DeadlineSettings } from "@certidesk/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { missionKeys } from "./keys";

export type DeadlineSettingsRow = DeadlineSettings & { version: number };
export const getDeadlineSettings = () => api.get<DeadlineSettingsRow>("/api/settings/mission-deadlines");
export const useDeadlineSettings = () =>
  useQuery({ queryKey: missionKeys.deadlineSettings(), queryFn: getDeadlineSettings });

import type { DeadlineSettingsBody } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import type { DeadlineSettingsRow } from "./get-deadline-settings";
import { useMissionMutation } from "./use-mission-mutation";

export const saveDeadlineSettings = (body: DeadlineSettingsBody) =>
  api.put<DeadlineSettingsRow>("/api/settings/mission-deadlines", body);
export const useSaveDeadlineSettings = () => useMissionMutation(saveDeadlineSettings);

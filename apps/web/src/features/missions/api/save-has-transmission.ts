import type { MissionDetail } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useMissionMutation } from "./use-mission-mutation";

export const saveHasTransmission = ({ id, date, version }: { id: string; date: string; version: number }) =>
  api.put<MissionDetail>(`/api/missions/${id}/reports/has-transmission`, { date, version });
export const useSaveHasTransmission = () => useMissionMutation(saveHasTransmission);

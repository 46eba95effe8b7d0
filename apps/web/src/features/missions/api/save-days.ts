import type { MissionDaysBody, MissionDetail } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useMissionMutation } from "./use-mission-mutation";

export const saveDays = ({ id, body }: { id: string; body: MissionDaysBody }) =>
  api.put<MissionDetail>(`/api/missions/${id}/days`, body);
export const useSaveDays = () => useMissionMutation(saveDays);

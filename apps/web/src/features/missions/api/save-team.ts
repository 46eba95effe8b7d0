import type { MissionDetail, MissionTeamBody } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useMissionMutation } from "./use-mission-mutation";

export const saveTeam = ({ id, body }: { id: string; body: MissionTeamBody }) =>
  api.put<MissionDetail>(`/api/missions/${id}/team`, body);
export const useSaveTeam = () => useMissionMutation(saveTeam);

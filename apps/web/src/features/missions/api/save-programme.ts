import type { MissionDetail, MissionProgrammeBody } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useMissionMutation } from "./use-mission-mutation";

export const saveProgramme = ({ id, body }: { id: string; body: MissionProgrammeBody }) =>
  api.put<MissionDetail>(`/api/missions/${id}/programme`, body);
export const useSaveProgramme = () => useMissionMutation(saveProgramme);

import type { MissionDetail } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useMissionMutation } from "./use-mission-mutation";

export const sendPreliminary = ({ id, version }: { id: string; version: number }) =>
  api.post<MissionDetail>(`/api/missions/${id}/reports/preliminary/send`, { version });
export const useSendPreliminary = () => useMissionMutation(sendPreliminary);

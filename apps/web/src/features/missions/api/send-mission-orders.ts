import type { MissionDetail } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useMissionMutation } from "./use-mission-mutation";

/** Sends every waiting mission order (OM PDF and mail with the answer link). */
export const sendMissionOrders = ({ id, version }: { id: string; version: number }) =>
  api.post<MissionDetail>(`/api/missions/${id}/mission-orders/send`, { version });
export const useSendMissionOrders = () => useMissionMutation(sendMissionOrders);

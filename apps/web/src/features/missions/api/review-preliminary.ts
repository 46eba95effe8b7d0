import type { MissionDetail } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useMissionMutation } from "./use-mission-mutation";

export const reviewPreliminary = ({ id, comment, version }: { id: string; comment?: string; version: number }) =>
  api.post<MissionDetail>(`/api/missions/${id}/reports/preliminary/review`, { comment, version });
export const useReviewPreliminary = () => useMissionMutation(reviewPreliminary);

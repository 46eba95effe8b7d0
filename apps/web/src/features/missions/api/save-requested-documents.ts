import type { MissionDetail, RequestedDocumentsBody } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useMissionMutation } from "./use-mission-mutation";

export const saveRequestedDocuments = ({ id, body }: { id: string; body: RequestedDocumentsBody }) =>
  api.put<MissionDetail>(`/api/missions/${id}/requested-documents`, body);
export const useSaveRequestedDocuments = () => useMissionMutation(saveRequestedDocuments);

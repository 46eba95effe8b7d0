import type { SavedResult, TrainingOrganisationBody } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useProspectMutation } from "./use-prospect-mutation";

export const saveTrainingOrganisation = ({ id, body }: { id: string; body: TrainingOrganisationBody }) =>
  api.put<SavedResult>(`/api/requestclients/${id}/training-organisation`, body);
export const useSaveTrainingOrganisation = () => useProspectMutation(saveTrainingOrganisation);

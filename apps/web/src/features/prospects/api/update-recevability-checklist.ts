import type { Recevability } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useProspectMutation } from "./use-prospect-mutation";

export const updateChecklist = ({ id, checked, version }: { id: string; checked: string[]; version: number }) =>
  api.put<Recevability>(`/api/requestclients/${id}/recevability`, { checked, version });
export const useUpdateChecklist = () => useProspectMutation(updateChecklist);

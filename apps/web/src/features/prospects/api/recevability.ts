import type { Recevability } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useProspectMutation } from "./prospects";

export const updateChecklist = ({ id, checked, version }: { id: string; checked: string[]; version: number }) =>
  api.put<Recevability>(`/api/requestclients/${id}/recevability`, { checked, version });
export const decideRecevability = ({
  id,
  ...body
}: {
  id: string;
  decision: "RECEVABLE" | "NON_RECEVABLE";
  reason: string;
  version: number;
}) => api.post<Recevability>(`/api/requestclients/${id}/recevability/decision`, body);
export const uploadRecevabilityDocument = ({ id, file, name }: { id: string; file: File; name: string }) => {
  const form = new FormData();
  form.append("name", name);
  form.append("file", file);
  return api.upload<Recevability>(`/api/requestclients/${id}/recevability/documents`, form);
};

export const useUpdateChecklist = () => useProspectMutation(updateChecklist);
export const useDecideRecevability = () => useProspectMutation(decideRecevability);
export const useUploadRecevabilityDocument = () => useProspectMutation(uploadRecevabilityDocument);

import type { Recevability } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useProspectMutation } from "./use-prospect-mutation";

export const uploadRecevabilityDocument = ({ id, file, name }: { id: string; file: File; name: string }) => {
  const form = new FormData();
  form.append("name", name);
  form.append("file", file);
  return api.upload<Recevability>(`/api/requestclients/${id}/recevability/documents`, form);
};
export const useUploadRecevabilityDocument = () => useProspectMutation(uploadRecevabilityDocument);

import type { Recevability } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useProspectMutation } from "./use-prospect-mutation";

export const decideRecevability = ({
  id,
  ...body
}: {
  id: string;
  decision: "RECEVABLE" | "NON_RECEVABLE";
  reason: string;
  version: number;
}) => api.post<Recevability>(`/api/requestclients/${id}/recevability/decision`, body);
export const useDecideRecevability = () => useProspectMutation(decideRecevability);

import { api } from "../../../lib/api-client";
import { useMissionMutation } from "./use-mission-mutation";

/** Proposes the team to the establishment (`client`) or the mission to its evaluators (`auditors`). */
export const sendProposal = ({ id, to, version }: { id: string; to: "client" | "auditors"; version: number }) =>
  api.post<{ ok: true }>(`/api/missions/${id}/proposals/${to}`, { version });
export const useSendProposal = () => useMissionMutation(sendProposal);

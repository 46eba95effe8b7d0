import type { ContractDetail, ProgrammeBody } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useContractMutation } from "./use-contract-mutation";

/** Where the programme is saved: the contract route (right on PROSPECT) or the client's (right on CLIENT). */
export type ContractScope = { kind: "prospect" } | { kind: "client"; clientId: string };

export const saveProgramme = ({ id, body, scope }: { id: string; body: ProgrammeBody; scope: ContractScope }) =>
  api.put<ContractDetail>(
    scope.kind === "client"
      ? `/api/client/${scope.clientId}/contracts/${id}/programme`
      : `/api/contracts/${id}/programme`,
    body,
  );
export const useSaveProgramme = () => useContractMutation(saveProgramme);

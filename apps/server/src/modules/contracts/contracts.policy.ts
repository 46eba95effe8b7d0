import { CONTRACT_ACTIONS } from "@certidesk/shared";
import { allow, defineResource, granted, guard, isStaff } from "../../lib/policy.js";

/** What the contract rules look at: its state, its establishments, its service. */
export interface ContractRecord {
  status: string;
  clientIds: readonly string[];
  service: string;
}

const open = (c: ContractRecord) => c.status === "DRAFT" || c.status === "SENT";
const closed = (c: ContractRecord) => c.status === "REFUSE" || c.status === "CANCELLED";

/**
 * A contract: staff see them all; a client user sees the contracts of their establishment (the
 * contract-client screens); an evaluator none yet (the missions module will open their own).
 * `programme` is the Programme tab on the commercial screens (PROSPECT), `programmeForClient` the
 * same tab on the client's screens (CLIENT): the coordination programmes without managing prospects.
 */
export const contractResource = defineResource<ContractRecord>()({
  name: "contract",
  actions: CONTRACT_ACTIONS,
  notFound: "Contrat introuvable.",
  scope: (actor, c) =>
    isStaff(actor) || (actor.profileType === "MYQUALIANOR" && !!actor.clientId && c.clientIds.includes(actor.clientId)),
});

const sales = (actor: Parameters<typeof granted>[0]) => granted(actor, "PROSPECT", "update");
allow(contractResource, "read", (actor) => granted(actor, "PROSPECT", "read") || granted(actor, "CLIENT", "read"));
allow(contractResource, ["update", "programme", "terms", "print", "send", "sign", "refuse", "decide"], sales);
allow(contractResource, "programmeForClient", (actor) => granted(actor, "CLIENT", "update"));

guard(contractResource, "update", (c) => closed(c) && "Ce contrat est clos : son besoin ne se modifie plus.");
guard(
  contractResource,
  ["programme", "programmeForClient"],
  (c) => closed(c) && "Ce contrat est clos : son programme ne se modifie plus.",
);
guard(
  contractResource,
  "terms",
  (c) =>
    c.status !== "DRAFT" &&
    "Seul un contrat en préparation se modifie : les conditions d'un contrat envoyé ou signé sont figées.",
);
guard(contractResource, "send", (c) => !open(c) && "Ce contrat n'est plus à envoyer.");
guard(contractResource, "sign", (c) => !open(c) && "Seul un contrat en préparation ou envoyé peut être signé.");
guard(contractResource, "refuse", (c) => !open(c) && "Seul un contrat non signé peut être refusé.");
guard(
  contractResource,
  "decide",
  (c) => c.service !== "CERTIFICATION" && "La décision de certification concerne les contrats de certification.",
);
guard(
  contractResource,
  "decide",
  (c) => c.status !== "SIGNED" && "La décision se prend sur un contrat signé, après l'audit.",
);

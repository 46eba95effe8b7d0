import {
  auditorOptionSchema,
  type ContractDetail,
  contractDetailSchema,
  contractTermsBodySchema,
  deciderOptionSchema,
  decisionBodySchema,
  idParamsSchema,
  idSchema,
  programmeBodySchema,
  refuseContractBodySchema,
  saveFebBodySchema,
  sendContractBodySchema,
  signContractBodySchema,
  versionBodySchema,
} from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import type { Actor } from "../../lib/actor.js";
import { requireActor } from "../../plugins/auth.js";
import type { ContractsService } from "./contracts.service.js";

const tags = ["contrats"];
const detail = { 200: contractDetailSchema };
const update = { access: { code: "PROSPECT", op: "update" } } as const;

export function contractsRoutes(app: AppInstance, { contracts }: { contracts: ContractsService }) {
  app.get(
    "/api/contracts/auditor-options",
    {
      // Evaluators' names are read with MISSION (like /api/auditors and the programme's candidates).
      config: { access: { code: "MISSION", op: "read" } },
      schema: {
        tags,
        summary: "Évaluateurs à proposer dans un programme (équipe interne)",
        response: { 200: z.array(auditorOptionSchema) },
      },
    },
    async (request) => contracts.auditorOptions(requireActor(request)),
  );

  app.get(
    "/api/contracts/decider-options",
    {
      config: { access: { code: "PROSPECT", op: "read" } },
      schema: {
        tags,
        summary: "Personnes pouvant prendre une décision de certification",
        response: { 200: z.array(deciderOptionSchema) },
      },
    },
    async (request) => contracts.deciderOptions(requireActor(request)),
  );

  app.get(
    "/api/contracts/:id",
    {
      config: { access: { code: "PROSPECT", op: "read" } },
      schema: { tags, summary: "Un contrat et ses quatre onglets", params: idParamsSchema, response: detail },
    },
    async (request) => contracts.get(requireActor(request), request.params.id),
  );

  app.put(
    "/api/contracts/:id/feb",
    {
      config: update,
      schema: {
        tags,
        summary: "Onglet Besoin : la FEB",
        params: idParamsSchema,
        body: saveFebBodySchema,
        response: detail,
      },
    },
    async (request) =>
      contracts.updateFeb(requireActor(request), request.params.id, request.body.feb, request.body.version, request.id),
  );

  app.put(
    "/api/contracts/:id/programme",
    {
      config: update,
      schema: {
        tags,
        summary: "Onglet Programme",
        params: idParamsSchema,
        body: programmeBodySchema,
        response: detail,
      },
    },
    async (request) => contracts.updateProgramme(requireActor(request), request.params.id, request.body, request.id),
  );

  app.put(
    "/api/contracts/:id/terms",
    {
      config: update,
      schema: {
        tags,
        summary: "Onglet Contrat : typologie, échéance, montants",
        params: idParamsSchema,
        body: contractTermsBodySchema,
        response: detail,
      },
    },
    async (request) => contracts.updateTerms(requireActor(request), request.params.id, request.body, request.id),
  );

  app.put(
    "/api/contracts/:id/decision",
    {
      config: update,
      schema: {
        tags,
        summary: "Onglet Décision : décision de certification",
        params: idParamsSchema,
        body: decisionBodySchema,
        response: detail,
      },
    },
    async (request) => contracts.decide(requireActor(request), request.params.id, request.body, request.id),
  );

  const versioned = (
    path: string,
    summary: string,
    run: (actor: Actor, id: string, version: number, requestId: string) => Promise<ContractDetail>,
  ) =>
    app.post(
      `/api/contracts/:id/${path}`,
      { config: update, schema: { tags, summary, params: idParamsSchema, body: versionBodySchema, response: detail } },
      async (request) => run(requireActor(request), request.params.id, request.body.version, request.id),
    );
  versioned("feb/regenerate", "Régénérer le PDF de la FEB", (a, id, v, r) => contracts.regenerateFeb(a, id, v, r));
  versioned("pdf", "Générer le PDF du contrat", (a, id, v, r) => contracts.generatePdf(a, id, v, r));

  app.post(
    "/api/contracts/:id/send",
    {
      config: update,
      schema: {
        tags,
        summary: "Envoyer le contrat pour signature",
        params: idParamsSchema,
        body: sendContractBodySchema,
        response: detail,
      },
    },
    async (request) => contracts.send(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/contracts/:id/sign",
    {
      config: update,
      schema: {
        tags,
        summary: "Contrat signé : les établissements deviennent clients",
        params: idParamsSchema,
        body: signContractBodySchema,
        response: detail,
      },
    },
    async (request) => contracts.sign(requireActor(request), request.params.id, request.body, request.id),
  );

  app.post(
    "/api/contracts/:id/refuse",
    {
      config: update,
      schema: {
        tags,
        summary: "Contrat refusé par le client",
        params: idParamsSchema,
        body: refuseContractBodySchema,
        response: detail,
      },
    },
    async (request) => contracts.refuse(requireActor(request), request.params.id, request.body, request.id),
  );
}

/** contract-client/{clientId}: a client's contracts, and the programming of its evaluation (right on CLIENT). */
export function contractClientRoutes(app: AppInstance, { contracts }: { contracts: ContractsService }) {
  app.get(
    "/api/client/:clientId/contracts",
    {
      config: { access: { code: "CLIENT", op: "read" } },
      schema: {
        tags,
        summary: "Contrats d'un client",
        params: z.object({ clientId: idSchema }),
        response: { 200: z.array(contractDetailSchema) },
      },
    },
    async (request) => contracts.listForClient(requireActor(request), request.params.clientId),
  );

  app.put(
    "/api/client/:clientId/contracts/:contractId/programme",
    {
      config: { access: { code: "CLIENT", op: "update" } },
      schema: {
        tags,
        summary: "Programmer l'évaluation d'un client",
        params: z.object({ clientId: idSchema, contractId: idSchema }),
        body: programmeBodySchema,
        response: detail,
      },
    },
    async (request) =>
      contracts.updateProgramme(
        requireActor(request),
        request.params.contractId,
        request.body,
        request.id,
        request.params.clientId,
      ),
  );
}

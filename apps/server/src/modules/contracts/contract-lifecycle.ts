import { type ContractDetail, formatDate } from "@certidesk/shared";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { requestClients } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { addDays, systemClock } from "../../lib/clock.js";
import { badRequest, conflict, staleVersion } from "../../lib/errors.js";
import type { ConfigurationService } from "../configuration/configuration.service.js";
import type { DocumentsService } from "../documents/documents.service.js";
import { enqueueMail } from "../mail/mail.service.js";
import { createForSignedContract } from "../missions/index.js";
import { syncRequestStatus } from "../prospects/request-status.js";
import { renderContractPdf } from "./contract-pdf.js";
import { clientNames, syncEstablishments } from "./contract-rules.js";
import { type ContractBundle, changeContract, requireContract } from "./contracts.repository.js";

export interface ContractDeps {
  db: Database;
  documents: DocumentsService;
  configuration: ConfigurationService;
  onMailQueued?: () => void;
}

/** Printing, sending for signature, signing (the establishments become clients) and refusal. */
export function createContractLifecycle(deps: ContractDeps, get: (id: string) => Promise<ContractDetail>) {
  const { db, documents: docs, configuration } = deps;

  async function storePdf(actor: Actor, b: ContractBundle) {
    const first = b.establishments[0]?.client;
    if (!first) throw badRequest("Le contrat ne couvre aucun établissement.");
    const identity = { configuration: await configuration.get(), logo: await configuration.logo() };
    const data = await renderContractPdf(identity, b);
    const doc = await docs.storeGenerated(
      actor,
      { family: "CLIENT", clientId: first.id, name: `Contrat ${b.contract.number}`, metaCode: "CONTRACT" },
      { fileName: `contrat-${b.contract.number}.pdf`, data },
    );
    return { doc, identity, first };
  }

  return {
    async generatePdf(actor: Actor, id: string, version: number, requestId?: string) {
      const b = await requireContract(db, id);
      const { doc } = await storePdf(actor, b);
      await changeContract(
        db,
        actor,
        id,
        version,
        async () => ({ values: { documentId: doc.id }, summary: `PDF du contrat ${b.contract.number} généré` }),
        requestId,
      );
      return get(id);
    },

    /** For signature: refused while the company identity is incomplete; the PDF goes with the "Envoi du contrat" mail. */
    async send(actor: Actor, id: string, input: { to?: string[]; version: number }, requestId?: string) {
      const blocked = (await configuration.blockActionData()).blockedActions.find((a) => a.action === "CONTRACT_SEND");
      if (blocked)
        throw conflict(`Envoi du contrat impossible. ${blocked.reason} Complétez-la dans Paramètres › Société.`);
      const before = await requireContract(db, id);
      if (before.contract.status !== "DRAFT" && before.contract.status !== "SENT")
        throw conflict("Ce contrat n'est plus à envoyer.");
      if (before.contract.version !== input.version) throw staleVersion();
      const to = input.to?.length ? input.to : before.contact?.email ? [before.contact.email] : [];
      if (to.length === 0)
        throw badRequest("Aucune adresse e-mail : renseignez le contact de la demande ou un destinataire.");
      const deadline = before.contract.deadline ?? addDays(systemClock.today(), 30);
      const { doc, first } = await storePdf(actor, { ...before, contract: { ...before.contract, deadline } });
      await changeContract(
        db,
        actor,
        id,
        input.version,
        async (tx, contract) => {
          await enqueueMail(
            tx,
            actor,
            {
              templateCode: "CONTRACT_SEND",
              to,
              variables: {
                client: { raisonSocial: first.raisonSocial, city: first.city ?? "" },
                contact: { firstName: before.contact?.firstName ?? "", lastName: before.contact?.lastName ?? "" },
                contract: { number: contract.number, deadline: formatDate(deadline) },
              },
              attachments: [{ documentId: doc.id, fileName: doc.fileName }],
              clientId: first.id,
              relatedType: "contract",
              relatedId: id,
            },
            requestId,
          );
          return {
            values: { status: "SENT", sentAt: new Date(), deadline, documentId: doc.id },
            summary: `Contrat ${contract.number} envoyé pour signature à ${to.join(", ")}`,
            action: "status",
          };
        },
        requestId,
        (tx, saved) => syncRequestStatus(tx, saved.requestId),
      );
      deps.onMailQueued?.();
      return get(id);
    },

    /** Signed: the request is won and its establishments become clients, "à programmer" until the visit is planned. */
    async sign(actor: Actor, id: string, input: { signatureDate: string; version: number }, requestId?: string) {
      if (input.signatureDate > systemClock.today())
        throw badRequest("La date de signature ne peut pas être dans le futur.");
      await changeContract(
        db,
        actor,
        id,
        input.version,
        async (_tx, contract) => {
          if (contract.status !== "DRAFT" && contract.status !== "SENT")
            throw conflict("Seul un contrat en préparation ou envoyé peut être signé.");
          return {
            values: { status: "SIGNED", signatureDate: input.signatureDate },
            summary: `Contrat ${contract.number} signé le ${formatDate(input.signatureDate)}`,
            action: "status",
          };
        },
        requestId,
        async (tx, saved) => {
          const [request] = await tx
            .update(requestClients)
            .set({
              status: "SIGNED",
              archivedAt: null,
              refusalReason: null,
              version: sql`${requestClients.version} + 1`,
              updatedAt: new Date(),
            })
            .where(eq(requestClients.id, saved.requestId))
            .returning();
          const ids = await syncEstablishments(tx, id, new Date(`${input.signatureDate}T12:00:00Z`));
          await createForSignedContract(tx, { contractId: id, actor, requestId });
          await writeAudit(
            tx,
            actor,
            {
              action: "status",
              entityType: "request",
              entityId: saved.requestId,
              summary: `Demande ${request?.reference ?? ""} gagnée : contrat ${saved.number} signé`,
            },
            requestId,
          );
          for (const [i, name] of (await clientNames(tx, ids)).entries())
            await writeAudit(
              tx,
              actor,
              {
                action: "status",
                entityType: "client",
                entityId: ids[i] ?? "",
                summary: `« ${name} » devient client (contrat ${saved.number})`,
              },
              requestId,
            );
        },
      );
      return get(id);
    },

    async refuse(actor: Actor, id: string, input: { reason: string; version: number }, requestId?: string) {
      await changeContract(
        db,
        actor,
        id,
        input.version,
        async (_tx, contract) => {
          if (contract.status !== "DRAFT" && contract.status !== "SENT")
            throw conflict("Seul un contrat non signé peut être refusé.");
          return {
            values: { status: "REFUSE", refusalReason: input.reason },
            summary: `Contrat ${contract.number} refusé : ${input.reason}`,
            action: "status",
          };
        },
        requestId,
        async (tx, saved) => {
          await tx
            .update(requestClients)
            .set({
              status: "REFUSE",
              refusalReason: `Contrat refusé : ${input.reason}`,
              version: sql`${requestClients.version} + 1`,
              updatedAt: new Date(),
            })
            .where(eq(requestClients.id, saved.requestId));
        },
      );
      return get(id);
    },
  };
}

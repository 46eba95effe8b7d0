import { type ContractDetail, formatDate } from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { addDays, type Clock } from "../../lib/clock.js";
import { badRequest, conflict, staleVersion } from "../../lib/errors.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import { clientNames, setEvaluationDates } from "../clients/index.js";
import type { ConfigurationService } from "../configuration/index.js";
import type { DocumentsService, DocumentToFile } from "../documents/index.js";
import { enqueueMail } from "../mail/index.js";
import { createForSignedContract } from "../missions/index.js";
import { markRefused, markSigned, syncStatus } from "../prospects/index.js";
import { contractWrite, loadAuthorized } from "./contract-access.js";
import { renderContractPdf } from "./contract-pdf.js";
import { evaluationDatesOf } from "./contract-rules.js";
import { type ContractBundle, programmeOf } from "./contracts.repository.js";

export interface ContractDeps {
  db: Database;
  documents: DocumentsService;
  configuration: ConfigurationService;
  clock: Clock;
  onMailQueued?: () => void;
  /** Where failures whose cause the user does not see are written (the app's logger). */
  log?: { error(details: object, message: string): void };
}

/** Printing, sending for signature, signing (the establishments become clients) and refusal. */
export function createContractLifecycle(
  deps: ContractDeps,
  get: (actor: Actor, id: string) => Promise<ContractDetail>,
) {
  const { db, documents: docs, configuration, clock } = deps;
  const ctx = { db, clock };

  /** The contract's PDF, to be filed by the write that points at it (documents-with-write.ts). */
  async function renderPdf(b: ContractBundle) {
    const first = b.establishments[0]?.client;
    if (!first) throw badRequest("Le contrat ne couvre aucun établissement.");
    const identity = { configuration: await configuration.get(), logo: await configuration.logo() };
    const data = await renderContractPdf(identity, b);
    const pdf: DocumentToFile = {
      meta: { family: "CLIENT", clientId: first.id, name: `Contrat ${b.contract.number}`, metaCode: "CONTRACT" },
      file: { fileName: `contrat-${b.contract.number}.pdf`, data },
      reuse: b.contract.documentId,
    };
    return { pdf, first };
  }

  return {
    /** The PDF is filed with the contract's change, after its version is checked: a stale call files nothing. */
    async generatePdf(actor: Actor, id: string, version: number, requestId?: string) {
      const b = await loadAuthorized(db, actor, id, "print");
      if (b.contract.version !== version) throw staleVersion();
      // Printed as it will be sent: a contract in preparation shows the 30-day deadline sending gives it.
      const deadline = b.contract.deadline ?? (b.contract.status === "DRAFT" ? addDays(clock.today(), 30) : null);
      const { pdf } = await renderPdf({ ...b, contract: { ...b.contract, deadline } });
      await docs.withDocument(actor, pdf, (filed) =>
        versionedUpdate({
          ...contractWrite(ctx, actor, id, "print", requestId),
          version,
          apply: async (tx) => ({
            values: { documentId: (await filed.file(tx)).id },
            summary: `PDF du contrat ${b.contract.number} généré`,
          }),
        }),
      );
      return get(actor, id);
    },

    /** For signature: refused while the company identity is incomplete; the PDF goes with the "Envoi du contrat" mail. */
    async send(actor: Actor, id: string, input: { to?: string[]; version: number }, requestId?: string) {
      const blocked = (await configuration.blockActionData()).blockedActions.find((a) => a.action === "CONTRACT_SEND");
      if (blocked)
        throw conflict(`Envoi du contrat impossible. ${blocked.reason} Complétez-la dans Paramètres › Société.`);
      const before = await loadAuthorized(db, actor, id, "send");
      if (before.contract.version !== input.version) throw staleVersion();
      const to = input.to?.length ? input.to : before.contact?.email ? [before.contact.email] : [];
      if (to.length === 0)
        throw badRequest("Aucune adresse e-mail : renseignez le contact de la demande ou un destinataire.");
      const deadline = before.contract.deadline ?? addDays(clock.today(), 30);
      const { pdf, first } = await renderPdf({ ...before, contract: { ...before.contract, deadline } });
      await docs.withDocument(actor, pdf, (filed) =>
        versionedUpdate({
          ...contractWrite(ctx, actor, id, "send", requestId),
          version: input.version,
          apply: async (tx, contract) => {
            const doc = await filed.file(tx);
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
              values: { status: "SENT", sentAt: clock.now(), deadline, documentId: doc.id },
              summary: `Contrat ${contract.number} envoyé pour signature à ${to.join(", ")}`,
              action: "status",
            };
          },
          after: (tx, saved) => syncStatus(tx, saved.requestId),
        }),
      );
      deps.onMailQueued?.();
      return get(actor, id);
    },

    /** Signed: the request is won and its establishments become clients, "à programmer" until the visit is planned. */
    async sign(actor: Actor, id: string, input: { signatureDate: string; version: number }, requestId?: string) {
      if (input.signatureDate > clock.today()) throw badRequest("La date de signature ne peut pas être dans le futur.");
      await versionedUpdate({
        ...contractWrite(ctx, actor, id, "sign", requestId),
        version: input.version,
        apply: (_tx, contract) => ({
          values: { status: "SIGNED", signatureDate: input.signatureDate },
          summary: `Contrat ${contract.number} signé le ${formatDate(input.signatureDate)}`,
          action: "status",
        }),
        after: async (tx, saved) => {
          const now = clock.now();
          await markSigned(tx, actor, { requestId: saved.requestId, contractNumber: saved.number, now }, requestId);
          const { links, days } = await programmeOf(tx, id);
          const entries = evaluationDatesOf(links, days);
          await setEvaluationDates(tx, entries, { now, clientSince: new Date(`${input.signatureDate}T12:00:00Z`) });
          const ids = entries.map((e) => e.clientId);
          await createForSignedContract(tx, { contractId: id, actor, requestId });
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
      });
      return get(actor, id);
    },

    async refuse(actor: Actor, id: string, input: { reason: string; version: number }, requestId?: string) {
      await versionedUpdate({
        ...contractWrite(ctx, actor, id, "refuse", requestId),
        version: input.version,
        apply: (_tx, contract) => ({
          values: { status: "REFUSE", refusalReason: input.reason },
          summary: `Contrat ${contract.number} refusé : ${input.reason}`,
          action: "status",
        }),
        after: (tx, saved) =>
          markRefused(tx, { requestId: saved.requestId, reason: `Contrat refusé : ${input.reason}`, now: clock.now() }),
      });
      return get(actor, id);
    },
  };
}

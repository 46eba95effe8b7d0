import {
  type AuditorOption,
  type ContractDetail,
  computeQuoteTotals,
  type contractTermsBodySchema,
  type decisionBodySchema,
  type Feb,
  formatDate,
  formatDays,
  isStaffProfile,
  MESSAGES,
  type programmeBodySchema,
  timeSlotById,
} from "@certidesk/shared";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { auditors, contractDays, contractEstablishments, contractEvaluators, users } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { authorizeClientRecord } from "../../lib/authorization.js";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.js";
import type { ImpartialityService } from "../auditors/impartiality.service.js";
import type { DocumentLinks } from "../documents/document-links.js";
import { toContractDetail } from "./contract-detail.js";
import { type ContractDeps, createContractLifecycle } from "./contract-lifecycle.js";
import { renderFebPdf } from "./contract-pdf.js";
import { establishmentIds, programmeIssues, serviceOfContract, syncEstablishments } from "./contract-rules.js";
import { CONTRACT_NOT_FOUND, changeContract, contractIdsOfClient, requireContract } from "./contracts.repository.js";

type ProgrammeInput = z.output<typeof programmeBodySchema>;
type TermsInput = z.output<typeof contractTermsBodySchema>;
type DecisionInput = z.output<typeof decisionBodySchema>;
const CLOSED = ["REFUSE", "CANCELLED"];

/** The contract tabs: Besoin (FEB), Programme, Contrat, Décision; lifecycle in contract-lifecycle.ts. */
export function createContractsService(
  deps: ContractDeps & { links: DocumentLinks; impartiality?: Pick<ImpartialityService, "checkProgramme"> },
) {
  const { db, links, documents: docs, configuration } = deps;
  const get = async (id: string): Promise<ContractDetail> => toContractDetail(await requireContract(db, id), links);
  const staffOnly = (actor: Actor) => {
    if (!isStaffProfile(actor.profileType)) throw notFound();
  };

  return {
    get,
    ...createContractLifecycle(deps, get),

    async listForClient(actor: Actor, clientId: string) {
      authorizeClientRecord(actor, clientId);
      const ids = await contractIdsOfClient(db, clientId);
      return Promise.all(ids.map(get));
    },

    async updateFeb(actor: Actor, id: string, feb: Feb, version: number, requestId?: string) {
      await changeContract(
        db,
        actor,
        id,
        version,
        async (_tx, c) => {
          if (CLOSED.includes(c.status)) throw conflict("Ce contrat est clos : son besoin ne se modifie plus.");
          return { values: { feb }, summary: `Besoin (FEB) du contrat ${c.number} modifié` };
        },
        requestId,
      );
      return get(id);
    },

    /** Regenerates the FEB PDF; a rendering failure answers the spec's message. */
    async regenerateFeb(actor: Actor, id: string, version: number, requestId?: string) {
      const b = await requireContract(db, id);
      let doc: Awaited<ReturnType<typeof docs.storeGenerated>>;
      try {
        const identity = { configuration: await configuration.get(), logo: await configuration.logo() };
        const data = await renderFebPdf(identity, b);
        const first = b.establishments[0]?.client;
        doc = await docs.storeGenerated(
          actor,
          { family: "CLIENT", clientId: first?.id ?? null, name: `FEB ${b.contract.number}`, metaCode: "FEB" },
          { fileName: `feb-${b.contract.number}.pdf`, data },
        );
      } catch {
        throw new AppError(500, "INTERNAL", MESSAGES.febNotRegenerated);
      }
      await changeContract(
        db,
        actor,
        id,
        version,
        async () => ({ values: { febDocumentId: doc.id }, summary: `FEB du contrat ${b.contract.number} régénérée` }),
        requestId,
      );
      return get(id);
    },

    /**
     * Programme: grouping status and ATC of each establishment, the visit days on the spec's time slots,
     * the team. A programmed visit needs a complete team and (since July 2025) two days. On a signed
     * contract it sets the establishments' evaluation date. `clientId` scopes the call to one client.
     */
    async updateProgramme(actor: Actor, id: string, input: ProgrammeInput, requestId?: string, clientId?: string) {
      if (clientId) authorizeClientRecord(actor, clientId);
      await changeContract(
        db,
        actor,
        id,
        input.version,
        async (tx, c) => {
          if (CLOSED.includes(c.status)) throw conflict("Ce contrat est clos : son programme ne se modifie plus.");
          const ids = await establishmentIds(tx, id);
          if (clientId && !ids.includes(clientId)) throw notFound(CONTRACT_NOT_FOUND);
          if (input.establishments.some((e) => !ids.includes(e.clientId)))
            throw badRequest("Un établissement ne fait pas partie de ce contrat.");
          if (ids.length < 2 && input.establishments.some((e) => e.regroupingStatus !== null))
            throw badRequest("Le regroupement d'évaluations concerne plusieurs établissements du contrat.");
          if (input.days.some((d) => d.clientId && !ids.includes(d.clientId)))
            throw badRequest("Un jour de visite vise un établissement hors du contrat.");
          const auditorIds = input.evaluators.map((e) => e.auditorId);
          const found = auditorIds.length
            ? await tx.select({ id: auditors.id }).from(auditors).where(inArray(auditors.id, auditorIds))
            : [];
          if (found.length !== auditorIds.length) throw badRequest("Évaluateur introuvable.");
          const days = input.days.map((d) => ({ ...d, dayFraction: timeSlotById(d.timeSlotId)?.dayFraction ?? 1 }));
          if (days.length > 0) {
            const issues = programmeIssues({
              service: await serviceOfContract(tx, id),
              days,
              evaluatorCount: input.evaluators.length,
              hasCoordinator: input.evaluators.some((e) => e.role === "COORDINATOR"),
            });
            if (issues[0]) throw badRequest(issues[0]);
          }
          // The impartiality engine: a blocked evaluator is refused (422), a warning needs a justification.
          await deps.impartiality?.checkProgramme(
            tx,
            actor,
            {
              contractId: id,
              establishments: ids.map((clientId) => ({
                clientId,
                days: days.filter((d) => !d.clientId || d.clientId === clientId).map((d) => d.day),
              })),
              evaluators: input.evaluators,
            },
            requestId,
          );
          for (const e of input.establishments)
            await tx
              .update(contractEstablishments)
              .set({ regroupingStatus: e.regroupingStatus, atc: e.atc })
              .where(and(eq(contractEstablishments.contractId, id), eq(contractEstablishments.clientId, e.clientId)));
          await tx.delete(contractDays).where(eq(contractDays.contractId, id));
          const sorted = [...days].sort((a, b) => a.day.localeCompare(b.day));
          if (sorted.length)
            await tx.insert(contractDays).values(sorted.map((d, i) => ({ ...d, contractId: id, position: i + 1 })));
          await tx.delete(contractEvaluators).where(eq(contractEvaluators.contractId, id));
          if (input.evaluators.length)
            await tx
              .insert(contractEvaluators)
              .values(input.evaluators.map((e) => ({ auditorId: e.auditorId, role: e.role, contractId: id })));
          const first = sorted[0]?.day;
          const total = days.reduce((s, d) => s + d.dayFraction, 0);
          return {
            values: {},
            summary: first
              ? `Programme du contrat ${c.number} : ${formatDays(total)} de visite à partir du ${formatDate(first)}, ${input.evaluators.length} évaluateur(s)`
              : `Programme du contrat ${c.number} modifié (visite à programmer)`,
          };
        },
        requestId,
        async (tx, saved) => {
          if (saved.status === "SIGNED") await syncEstablishments(tx, id, null);
        },
      );
      return get(id);
    },

    /** The Contrat tab: typology, deadline and amounts, while the contract is being prepared. */
    async updateTerms(actor: Actor, id: string, input: TermsInput, requestId?: string) {
      const totals = computeQuoteTotals([{ days: 1, quantity: 1, unitPrice: input.amountHT }], input.vatRate, 2, null);
      await changeContract(
        db,
        actor,
        id,
        input.version,
        async (_tx, c) => {
          if (c.status !== "DRAFT")
            throw conflict(
              "Seul un contrat en préparation se modifie : les conditions d'un contrat envoyé ou signé sont figées.",
            );
          const { version: _v, ...values } = input;
          return {
            values: {
              ...values,
              travelExpenseAmount: input.travelExpenseMode === 3 ? input.travelExpenseAmount : null,
              amountVAT: totals.totalVAT,
              amountTTC: totals.totalTTC,
              documentId: null,
            },
            summary: `Conditions du contrat ${c.number} modifiées`,
          };
        },
        requestId,
      );
      return get(id);
    },

    /** Certification decision, by someone who did not evaluate (ISO 17065). */
    async decide(actor: Actor, id: string, input: DecisionInput, requestId?: string) {
      const b = await requireContract(db, id);
      if (b.request.service !== "CERTIFICATION")
        throw conflict("La décision de certification concerne les contrats de certification.");
      if (b.contract.status !== "SIGNED") throw conflict("La décision se prend sur un contrat signé, après l'audit.");
      const [decider] = await db.select().from(users).where(eq(users.id, input.deciderUserId));
      if (!decider?.active || !isStaffProfile(decider.profileType)) throw badRequest("Décideur introuvable.");
      if (decider.auditorId && b.team.some((t) => t.auditor.id === decider.auditorId))
        throw badRequest("La décision revient à une personne qui n'a pas participé à l'évaluation.");
      const { version, ...rest } = input;
      const decision = { ...rest, decidedBy: `${decider.firstName} ${decider.lastName}` };
      await changeContract(
        db,
        actor,
        id,
        version,
        async (_tx, c) => ({
          values: { decision },
          summary: `Décision de certification du contrat ${c.number} : ${input.decision}`,
          action: "status",
        }),
        requestId,
      );
      return get(id);
    },

    async auditorOptions(actor: Actor): Promise<AuditorOption[]> {
      staffOnly(actor);
      const rows = await db.select().from(auditors).orderBy(asc(auditors.lastName), asc(auditors.firstName));
      return rows.map((a) => ({
        id: a.id,
        name: `${a.firstName} ${a.lastName}`,
        city: a.city,
        postalCode: a.postalCode,
      }));
    },

    async deciderOptions(actor: Actor) {
      staffOnly(actor);
      const rows = await db.select().from(users).where(eq(users.active, true)).orderBy(asc(users.lastName));
      return rows
        .filter((u) => isStaffProfile(u.profileType))
        .map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`, profileType: u.profileType }));
    },
  };
}
export type ContractsService = ReturnType<typeof createContractsService>;

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
import type { z } from "zod";
import type { Actor } from "../../lib/actor.js";
import { isDatabaseUnavailable } from "../../lib/db-errors.js";
import { AppError, badRequest, conflict, notFound, staleVersion, unprocessable } from "../../lib/errors.js";
import { authorize, isStaff } from "../../lib/policy.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import type { ImpartialityService } from "../auditors/index.js";
import { clientResource, setEvaluationDates } from "../clients/index.js";
import type { DocumentLinks } from "../documents/index.js";
import { decisionBlocker, decisionPreconditions } from "../missions/index.js";
import { contractAbilities, contractWrite, loadAuthorized } from "./contract-access.js";
import { toContractDetail } from "./contract-detail.js";
import { type ContractDeps, createContractLifecycle } from "./contract-lifecycle.js";
import { renderFebPdf } from "./contract-pdf.js";
import { evaluationDatesOf, programmeIssues } from "./contract-rules.js";
import { contractResource } from "./contracts.policy.js";
import * as repo from "./contracts.repository.js";

type ProgrammeInput = z.output<typeof programmeBodySchema>;
type TermsInput = z.output<typeof contractTermsBodySchema>;
type DecisionInput = z.output<typeof decisionBodySchema>;

/** The contract tabs: Besoin (FEB), Programme, Contrat, Décision; lifecycle in contract-lifecycle.ts. */
export function createContractsService(
  deps: ContractDeps & {
    links: DocumentLinks;
    impartiality?: Pick<ImpartialityService, "checkProgramme" | "recordRefusal">;
  },
) {
  const { db, links, documents: docs, configuration, clock } = deps;
  const ctx = { db, clock };
  /** Why the Décision tab's certification decision cannot be taken today (signed certification contracts only). */
  const decisionBlockersOf = async (b: repo.ContractBundle) =>
    b.request.service === "CERTIFICATION" && b.contract.status === "SIGNED"
      ? (await decisionPreconditions(db, { contractId: b.contract.id, asOf: clock.today(), decidedAt: null })).map(
          (p) => p.message,
        )
      : [];
  const detailOf = async (actor: Actor, b: repo.ContractBundle) =>
    toContractDetail(b, links, contractAbilities(actor, b), await decisionBlockersOf(b));
  const get = async (actor: Actor, id: string): Promise<ContractDetail> =>
    detailOf(actor, await loadAuthorized(db, actor, id, "read"));
  const staffOnly = (actor: Actor) => {
    if (!isStaff(actor)) throw notFound();
  };

  /**
   * A programme refused by the impartiality engine rolls back; the refusal is then kept on its own
   * (statistics › Liens, the accreditation audit) before the 422 goes back to the user.
   */
  async function refusalsRecorded<T>(
    actor: Actor,
    contractId: string,
    requestId: string | undefined,
    run: () => Promise<T>,
  ) {
    try {
      return await run();
    } catch (error) {
      const refused = blockedAssignment(error);
      if (refused && deps.impartiality)
        await deps.impartiality.recordRefusal(actor, { ...refused, contractId }, requestId);
      throw error;
    }
  }

  return {
    get,
    ...createContractLifecycle(deps, get),

    /** A client's contracts, newest first, loaded together (a fixed number of queries for any count). */
    async listForClient(actor: Actor, clientId: string) {
      authorize(actor, "read", clientResource, { id: clientId });
      const bundles = await repo.loadContracts(db, await repo.contractIdsOfClient(db, clientId));
      const details: ContractDetail[] = [];
      for (const b of bundles) details.push(await detailOf(actor, b));
      return details;
    },

    async updateFeb(actor: Actor, id: string, feb: Feb, version: number, requestId?: string) {
      await versionedUpdate({
        ...contractWrite(ctx, actor, id, "update", requestId),
        version,
        apply: (_tx, c) => ({ values: { feb }, summary: `Besoin (FEB) du contrat ${c.number} modifié` }),
      });
      return get(actor, id);
    },

    /**
     * Regenerates the FEB PDF, filed with the contract's change after its version is checked (a stale call
     * files nothing); a rendering failure is logged with its cause and answers the spec's message.
     */
    async regenerateFeb(actor: Actor, id: string, version: number, requestId?: string) {
      const b = await loadAuthorized(db, actor, id, "print");
      if (b.contract.version !== version) throw staleVersion();
      let data: Buffer;
      try {
        const identity = { configuration: await configuration.get(), logo: await configuration.logo() };
        data = await renderFebPdf(identity, b);
      } catch (error) {
        // An unreachable database is not a rendering fault: it answers 503 like any other call.
        if (isDatabaseUnavailable(error)) throw error;
        deps.log?.error({ err: error, contractId: id, requestId }, "FEB PDF not regenerated");
        throw new AppError(500, "INTERNAL", MESSAGES.febNotRegenerated);
      }
      const first = b.establishments[0]?.client;
      const pdf = {
        meta: {
          family: "CLIENT" as const,
          clientId: first?.id ?? null,
          name: `FEB ${b.contract.number}`,
          metaCode: "FEB",
        },
        file: { fileName: `feb-${b.contract.number}.pdf`, data },
      };
      await docs.withDocument(actor, pdf, (filed) =>
        versionedUpdate({
          ...contractWrite(ctx, actor, id, "print", requestId),
          version,
          apply: async (tx) => ({
            values: { febDocumentId: (await filed.file(tx)).id },
            summary: `FEB du contrat ${b.contract.number} régénérée`,
          }),
        }),
      );
      return get(actor, id);
    },

    /**
     * Programme: grouping status and ATC of each establishment, the visit days on the spec's time slots,
     * the team. A programmed visit needs a complete team and (since July 2025) two days. On a signed
     * contract it sets the establishments' evaluation date. `clientId` scopes the call to one client.
     */
    async updateProgramme(actor: Actor, id: string, input: ProgrammeInput, requestId?: string, clientId?: string) {
      if (clientId) authorize(actor, "read", clientResource, { id: clientId });
      await refusalsRecorded(actor, id, requestId, () =>
        versionedUpdate({
          ...contractWrite(ctx, actor, id, clientId ? "programmeForClient" : "programme", requestId),
          version: input.version,
          apply: async (tx, c) => {
            const { clientIds: ids, service } = await repo.contractFacts(tx, c);
            if (clientId && !ids.includes(clientId)) throw notFound(contractResource.notFound);
            if (input.establishments.some((e) => !ids.includes(e.clientId)))
              throw badRequest("Un établissement ne fait pas partie de ce contrat.");
            if (ids.length < 2 && input.establishments.some((e) => e.regroupingStatus !== null))
              throw badRequest("Le regroupement d'évaluations concerne plusieurs établissements du contrat.");
            if (input.days.some((d) => d.clientId && !ids.includes(d.clientId)))
              throw badRequest("Un jour de visite vise un établissement hors du contrat.");
            const auditorIds = input.evaluators.map((e) => e.auditorId);
            if ((await repo.countAuditors(tx, auditorIds)) !== auditorIds.length)
              throw badRequest("Évaluateur introuvable.");
            const days = input.days.map((d) => ({ ...d, dayFraction: timeSlotById(d.timeSlotId)?.dayFraction ?? 1 }));
            if (days.length > 0) {
              const issues = programmeIssues({
                service,
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
            const sorted = [...days].sort((a, b) => a.day.localeCompare(b.day));
            await repo.replaceProgramme(tx, id, {
              establishments: input.establishments,
              days: sorted,
              evaluators: input.evaluators,
            });
            const first = sorted[0]?.day;
            const total = days.reduce((s, d) => s + d.dayFraction, 0);
            return {
              values: {},
              summary: first
                ? `Programme du contrat ${c.number} : ${formatDays(total)} de visite à partir du ${formatDate(first)}, ${input.evaluators.length} évaluateur(s)`
                : `Programme du contrat ${c.number} modifié (visite à programmer)`,
            };
          },
          after: async (tx, saved) => {
            if (saved.status !== "SIGNED") return;
            const { links: rows, days } = await repo.programmeOf(tx, id);
            await setEvaluationDates(tx, evaluationDatesOf(rows, days), { now: clock.now() });
          },
        }),
      );
      return get(actor, id);
    },

    /** The Contrat tab: typology, deadline and amounts, while the contract is being prepared. */
    async updateTerms(actor: Actor, id: string, input: TermsInput, requestId?: string) {
      const totals = computeQuoteTotals([{ days: 1, quantity: 1, unitPrice: input.amountHT }], input.vatRate, 2, null);
      const { version, ...values } = input;
      await versionedUpdate({
        ...contractWrite(ctx, actor, id, "terms", requestId),
        version,
        apply: (_tx, c) => ({
          values: {
            ...values,
            travelExpenseAmount: input.travelExpenseMode === 3 ? input.travelExpenseAmount : null,
            amountVAT: totals.totalVAT,
            amountTTC: totals.totalTTC,
            documentId: null,
          },
          summary: `Conditions du contrat ${c.number} modifiées`,
        }),
      });
      return get(actor, id);
    },

    /** Certification decision, by someone who did not evaluate (ISO 17065). */
    async decide(actor: Actor, id: string, input: DecisionInput, requestId?: string) {
      const b = await loadAuthorized(db, actor, id, "decide");
      const decider = await repo.findUser(db, input.deciderUserId);
      if (!decider?.active || !isStaffProfile(decider.profileType)) throw badRequest("Décideur introuvable.");
      if (decider.auditorId && b.team.some((t) => t.auditor.id === decider.auditorId))
        throw conflict("La décision revient à une personne qui n'a pas participé à l'évaluation.");
      const { version, ...rest } = input;
      const decision = { ...rest, decidedBy: `${decider.firstName} ${decider.lastName}` };
      await versionedUpdate({
        ...contractWrite(ctx, actor, id, "decide", requestId),
        version,
        apply: async (tx, c) => {
          // A decision rests on the whole audit (final report, observations, majors lifted), dated after it;
          // and never by someone who audited the client.
          if (input.decision !== "PENDING") {
            const problems = await decisionPreconditions(tx, {
              contractId: id,
              asOf: clock.today(),
              decidedAt: input.decidedAt,
            });
            if (problems.length)
              throw unprocessable(
                problems.map((p) => p.message).join(" "),
                problems.map((p) => ({ path: p.path ?? "", message: p.message, rule: p.rule })),
              );
            const blocker = await decisionBlocker(tx, { contractId: id, deciderAuditorId: decider.auditorId ?? null });
            if (blocker) throw conflict(blocker);
          }
          return {
            values: { decision },
            summary: `Décision de certification du contrat ${c.number} : ${input.decision}`,
            action: "status",
          };
        },
      });
      return get(actor, id);
    },

    async auditorOptions(actor: Actor): Promise<AuditorOption[]> {
      staffOnly(actor);
      const rows = await repo.auditorOptionRows(db);
      return rows.map((a) => ({
        id: a.id,
        name: `${a.firstName} ${a.lastName}`,
        city: a.city,
        postalCode: a.postalCode,
      }));
    },

    async deciderOptions(actor: Actor) {
      staffOnly(actor);
      const rows = await repo.activeUsers(db);
      return rows
        .filter((u) => isStaffProfile(u.profileType))
        .map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`, profileType: u.profileType }));
    },
  };
}
export type ContractsService = ReturnType<typeof createContractsService>;

/** The evaluator, ESSMS and blocking reasons of an impartiality refusal (422 with `blocking` details). */
function blockedAssignment(error: unknown) {
  if (!(error instanceof AppError) || error.statusCode !== 422) return null;
  const d = error.details as
    | { auditorId?: string; clientId?: string; blocking?: Array<{ rule: string; message: string }> }
    | undefined;
  if (!d?.auditorId || !d.clientId || !d.blocking?.length) return null;
  return {
    auditorId: d.auditorId,
    clientId: d.clientId,
    reasons: d.blocking.map((b) => ({ rule: b.rule, message: b.message })),
  };
}

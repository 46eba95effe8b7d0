import type { Candidate, Eligibility, EligibilityReason, impartialitySettingsBodySchema } from "@certidesk/shared";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { impartialitySettings } from "../../db/schema/index.js";
import type { Actor, AuditActor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, badRequest, notFound } from "../../lib/errors.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import { auditorName } from "./auditor-row.js";
import { authorize } from "./auditors.policy.js";
import {
  activeAuditors,
  assignmentJustifications,
  auditorsByIds,
  clientLocation,
  findAuditor,
  insertJustification,
  insertRefusal,
} from "./auditors.repository.js";
import { distanceKm, locate } from "./geo/commune-coordinates.js";
import { evaluateEligibility } from "./impartiality/engine.js";
import { loadEssms, loadFacts, loadMonthLoads, loadSettings } from "./impartiality/load-facts.js";

/** An assignment the engine refused: who, where, and the blocking reasons shown to the user. */
export interface AssignmentRefusal {
  auditorId: string;
  clientId: string;
  contractId?: string | undefined;
  missionId?: string | undefined;
  reasons: Array<{ rule: string; message: string }>;
}

export interface ProgrammeAssignment {
  contractId: string;
  /** Each establishment of the contract with its visit days (days for "all" included). */
  establishments: Array<{ clientId: string; days: string[] }>;
  evaluators: Array<{ auditorId: string; justification?: string | undefined }>;
}

type EligibilityQuery = {
  clientId?: string | undefined;
  days: string[];
  contractId?: string | undefined;
  /** The role the evaluator would hold (a coordinator needs the coordinator role). */
  role?: "COORDINATOR" | "EVALUATOR" | undefined;
};

const sameWarnings = (a: Array<{ message: string }>, b: Array<{ message: string }>) =>
  JSON.stringify(a.map((w) => w.message).sort()) === JSON.stringify(b.map((w) => w.message).sort());

/**
 * The impartiality engine's entry points: one evaluator's eligibility, the ranked candidates for an
 * ESSMS, and the check of a contract programme's team (blocked refused with 422, warnings justified).
 */
export function createImpartialityService({ db, clock }: { db: Database; clock: Clock }) {
  async function verdict(auditorId: string, q: EligibilityQuery): Promise<Eligibility> {
    if (!q.clientId) throw badRequest("Choisissez l'établissement (clientId).");
    const auditor = await findAuditor(db, auditorId);
    if (!auditor) throw notFound("Évaluateur introuvable.");
    const essms = await essmsOrThrow(db, q.clientId);
    const facts = await loadFacts(db, {
      auditors: [auditor],
      essms,
      days: q.days,
      today: clock.today(),
      excludeContractId: q.contractId,
      roles: q.role ? new Map([[auditorId, q.role]]) : undefined,
    });
    const f = facts.get(auditorId);
    if (!f) throw notFound("Évaluateur introuvable.");
    return evaluateEligibility(f);
  }

  async function essmsOrThrow(tx: Executor, clientId: string) {
    const essms = await loadEssms(tx, clientId);
    if (!essms) throw badRequest("Établissement introuvable.");
    return essms;
  }

  return {
    /** One evaluator's verdict, for a caller that authorized the read (the eligibility route, a mission's rules). */
    verdict,

    async eligibility(actor: Actor, auditorId: string, q: EligibilityQuery): Promise<Eligibility> {
      authorize(actor, "read", { id: auditorId });
      return verdict(auditorId, q);
    },

    /**
     * Active evaluators for an ESSMS and its days: the eligible without warnings first, by distance
     * from home then by load this month; then those with warnings; then the blocked, with reasons.
     */
    async candidates(
      _actor: Actor,
      q: { clientId: string; days: string[]; contractId?: string | undefined },
    ): Promise<{ items: Candidate[] }> {
      const essms = await essmsOrThrow(db, q.clientId);
      const all = await activeAuditors(db);
      const today = clock.today();
      const facts = await loadFacts(db, { auditors: all, essms, days: q.days, today, excludeContractId: q.contractId });
      const month = (q.days[0] ?? today).slice(0, 7);
      const loads = await loadMonthLoads(
        db,
        all.map((a) => a.id),
        [month],
        q.contractId,
      );
      const client = await clientLocation(db, q.clientId);
      const target = client ? await locate(client) : null;
      const items: Candidate[] = [];
      for (const a of all) {
        const f = facts.get(a.id);
        if (!f) continue;
        const home = await locate(a);
        items.push({
          id: a.id,
          name: auditorName(a),
          city: a.city,
          departement: a.departement,
          status: a.status,
          roles: a.roles,
          distanceKm: home && target ? distanceKm(home, target) : null,
          monthLoad: loads.find((l) => l.auditorId === a.id)?.n ?? 0,
          eligibility: evaluateEligibility(f),
        });
      }
      const group = (c: Candidate) => (!c.eligibility.eligible ? 2 : c.eligibility.warnings.length ? 1 : 0);
      items.sort(
        (x, y) =>
          group(x) - group(y) ||
          (x.distanceKm ?? Number.POSITIVE_INFINITY) - (y.distanceKm ?? Number.POSITIVE_INFINITY) ||
          x.monthLoad - y.monthLoad ||
          x.name.localeCompare(y.name, "fr"),
      );
      return { items };
    },

    /**
     * Inside the programme's transaction: refuses (422) a blocked evaluator with the French reason,
     * and an evaluator with warnings unless a written justification is given (or was given for the
     * same warnings); a new justification is kept, with the warnings it answers, and journalled.
     */
    async checkProgramme(tx: Executor, actor: Actor, p: ProgrammeAssignment, requestId?: string) {
      if (p.evaluators.length === 0) return;
      const team = await auditorsByIds(
        tx,
        p.evaluators.map((e) => e.auditorId),
      );
      for (const est of p.establishments) {
        const essms = await essmsOrThrow(tx, est.clientId);
        const facts = await loadFacts(tx, {
          auditors: team,
          essms,
          days: est.days,
          today: clock.today(),
          excludeContractId: p.contractId,
        });
        for (const e of p.evaluators) {
          const auditor = team.find((a) => a.id === e.auditorId);
          const f = facts.get(e.auditorId);
          if (!auditor || !f) continue;
          const verdict = evaluateEligibility(f);
          const who = `${auditorName(auditor)} ne peut pas évaluer « ${essms.raisonSocial} »`;
          const details = { auditorId: auditor.id, clientId: essms.id, ...verdict };
          if (!verdict.eligible)
            throw new AppError(422, "UNPROCESSABLE", `${who} : ${verdict.blocking[0]?.message ?? ""}`, details);
          if (verdict.warnings.length === 0) continue;
          const warnings = verdict.warnings.map((w: EligibilityReason) => ({ rule: w.rule, message: w.message }));
          const text = e.justification?.trim();
          if (!text) {
            const previous = await assignmentJustifications(tx, {
              contractId: p.contractId,
              auditorId: auditor.id,
              clientId: essms.id,
            });
            if (previous.some((j) => sameWarnings(j.warnings, warnings))) continue;
            throw new AppError(
              422,
              "UNPROCESSABLE",
              `Justification requise pour affecter ${auditorName(auditor)} à « ${essms.raisonSocial} » : ${warnings.map((w) => w.message).join(" ")}`,
              { ...details, justificationRequired: true },
            );
          }
          await insertJustification(tx, {
            auditorId: auditor.id,
            contractId: p.contractId,
            clientId: essms.id,
            warnings,
            justification: text,
            createdById: actor.userId,
            createdByLabel: actor.label,
            createdAt: clock.now(),
          });
          await writeAudit(
            tx,
            actor,
            {
              action: "justify",
              entityType: "auditor",
              entityId: auditor.id,
              summary: `Affectation de ${auditorName(auditor)} à « ${essms.raisonSocial} » justifiée : ${text}`,
              changes: { warnings: warnings.map((w) => w.message), contractId: p.contractId },
            },
            requestId,
          );
        }
      }
    },

    /**
     * Keeps a refused assignment as evidence for the accreditation audit (statistics › Liens). Called
     * after the refused save rolled back, in a transaction of its own: the refusal changes nothing
     * else, so this row and its journal entry are its only trace.
     */
    async recordRefusal(actor: AuditActor, refusal: AssignmentRefusal, requestId?: string) {
      await db.transaction(async (tx) => {
        await insertRefusal(tx, {
          auditorId: refusal.auditorId,
          clientId: refusal.clientId,
          contractId: refusal.contractId ?? null,
          missionId: refusal.missionId ?? null,
          reasons: refusal.reasons,
          createdById: actor.userId,
          createdByLabel: actor.label,
          createdAt: clock.now(),
        });
        await writeAudit(
          tx,
          actor,
          {
            action: "refuseAssignment",
            entityType: "auditor",
            entityId: refusal.auditorId,
            summary: `Affectation refusée par le moteur d'impartialité : ${refusal.reasons.map((r) => r.message).join(" ")}`,
            changes: { clientId: refusal.clientId, contractId: refusal.contractId, missionId: refusal.missionId },
          },
          requestId,
        );
      });
    },

    settings: async () => loadSettings(db),

    async updateSettings(actor: Actor, input: z.output<typeof impartialitySettingsBodySchema>, requestId?: string) {
      const { version, ...values } = input;
      return versionedUpdate({
        db,
        table: impartialitySettings,
        id: "1",
        version,
        actor,
        entityType: "settings",
        entityId: "impartiality",
        requestId,
        clock,
        apply: () => ({ values, summary: "Règles d'impartialité modifiées", changes: true }),
      });
    },
  };
}
export type ImpartialityService = ReturnType<typeof createImpartialityService>;

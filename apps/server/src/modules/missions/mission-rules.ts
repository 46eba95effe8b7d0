import type { Eligibility, MissionPlanCheck, MissionRole } from "@certidesk/shared";
import type { Database, Executor } from "../../db/client.js";
import type { AuditActor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import * as repo from "./missions.repository.js";

/** The impartiality engine of the evaluators module, as the missions use it (wired in app.ts). */
export interface EligibilityChecker {
  /** The verdict, without authorizing: the mission's policy already decided who may change it. */
  verdict(
    auditorId: string,
    q: { clientId: string; days: string[]; contractId?: string | undefined; role?: MissionRole | undefined },
  ): Promise<Eligibility>;
  /** Keeps a refused assignment (accreditation evidence); the refused save itself changes nothing. */
  recordRefusal(
    actor: AuditActor,
    refusal: {
      auditorId: string;
      clientId: string;
      contractId?: string;
      missionId?: string;
      reasons: Array<{ rule: string; message: string }>;
    },
    requestId?: string,
  ): Promise<void>;
}

type Reason = { rule: string; message: string };
/** A warning knowingly overridden: who, on which mission, which warnings, and the written reason. */
export interface PlanningOverride {
  missionId: string;
  contractId: string;
  clientId: string;
  auditorId: string;
  auditorName: string;
  warnings: Reason[];
  justification: string;
}
/** What the checks let through; the save path records it and may pass it on (mails, history). */
export interface PlanningChecks {
  overridden: PlanningOverride[];
}

/** The change being checked: the team (with roles), the days (null: the mission's own). */
export interface PlannedChange {
  members: Array<{ auditorId: string; role: MissionRole }>;
  days: string[] | null;
  justification?: string | undefined;
  /** Members whose order was sent or accepted are not checked again on a team change (see below). */
  skipOrdered: boolean;
  /** Only these rules (an evaluator accepting answers for their own situation, not the planner's choices). */
  only?: readonly string[];
}

const fullName = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`;
const messages = (w: Reason[]) => JSON.stringify(w.map((x) => x.message).sort());

/**
 * The one place where a change of a mission's days or team is checked, whatever the path (team
 * screen, days form, planning board, API, an evaluator accepting an order): every member against
 * the impartiality engine's rule set, for every establishment of the group. A blocking reason
 * refuses (422, French reason, refusal kept); warnings need a written justification unless these
 * very warnings were already justified for this mission.
 */
export function createMissionRules({
  db,
  clock,
  impartiality,
}: {
  db: Database;
  clock: Clock;
  impartiality: EligibilityChecker;
}) {
  /** Each member × establishment of the group with the engine's verdict and whether it is already justified. */
  async function verdicts(group: repo.MissionRow[], change: PlannedChange) {
    const people = await repo.auditorsByIds(
      db,
      change.members.map((m) => m.auditorId),
    );
    // A member whose order was sent or accepted was checked when assigned and leaves only by
    // refusing it; a document expired since (an alert) must not stop the rest of the team changing.
    const ordered = change.skipOrdered
      ? new Set(
          (await repo.currentOrders(db, { missionIds: group.map((m) => m.id) }))
            .filter(({ order }) => order.status === "SENT" || order.status === "ACCEPT")
            .map(({ order }) => `${order.missionId}:${order.auditorId}`),
        )
      : new Set<string>();
    const out = [];
    for (const mission of group) {
      const days = change.days ?? (await repo.daysOf(db, mission.id)).map((d) => d.day);
      const { client } = await repo.contextOf(db, mission);
      const justifications = await repo.justificationsOfMission(db, mission.id);
      for (const member of change.members) {
        const person = people.find((p) => p.id === member.auditorId);
        if (!person)
          throw new AppError(422, "UNPROCESSABLE", "Évaluateur introuvable.", { auditorId: member.auditorId });
        if (ordered.has(`${mission.id}:${person.id}`)) continue;
        const full = await impartiality.verdict(person.id, {
          clientId: mission.clientId,
          days,
          contractId: mission.contractId,
          role: member.role,
        });
        const kept = (r: { rule: string }) => !change.only || change.only.includes(r.rule);
        const blocking = full.blocking.filter(kept);
        const verdict = { eligible: blocking.length === 0, blocking, warnings: full.warnings.filter(kept) };
        const warnings = verdict.warnings.map((w) => ({ rule: w.rule, message: w.message }));
        const justified =
          warnings.length > 0 &&
          justifications.some((j) => j.auditorId === person.id && messages(j.warnings) === messages(warnings));
        out.push({ mission, client, person, verdict, warnings, justified });
      }
    }
    return out;
  }

  return {
    /** Refuses (422) or lets through the change; answers the warnings overridden, to record with the save. */
    async enforce(actor: AuditActor, group: repo.MissionRow[], change: PlannedChange, requestId?: string) {
      const overridden: PlanningOverride[] = [];
      const text = change.justification?.trim();
      for (const { mission, client, person, verdict, warnings, justified } of await verdicts(group, change)) {
        if (!verdict.eligible) {
          await impartiality.recordRefusal(
            actor,
            {
              auditorId: person.id,
              clientId: mission.clientId,
              contractId: mission.contractId,
              missionId: mission.id,
              reasons: verdict.blocking.map((b) => ({ rule: b.rule, message: b.message })),
            },
            requestId,
          );
          throw new AppError(
            422,
            "UNPROCESSABLE",
            `${fullName(person)} ne peut pas évaluer « ${client.raisonSocial} » : ${verdict.blocking.map((b) => b.message).join(" ")}`,
            { auditorId: person.id, clientId: mission.clientId, ...verdict },
          );
        }
        if (warnings.length === 0 || (justified && !text)) continue;
        if (!text)
          throw new AppError(
            422,
            "UNPROCESSABLE",
            `Justification requise pour affecter ${fullName(person)} à « ${client.raisonSocial} » : ${warnings.map((w) => w.message).join(" ")}`,
            { auditorId: person.id, clientId: mission.clientId, warnings, justificationRequired: true },
          );
        overridden.push({
          missionId: mission.id,
          contractId: mission.contractId,
          clientId: mission.clientId,
          auditorId: person.id,
          auditorName: fullName(person),
          warnings,
          justification: text,
        });
      }
      return { overridden } satisfies PlanningChecks;
    },

    /** What saving this change would raise, without saving (the planning board, before the drop). */
    async preview(group: repo.MissionRow[], change: PlannedChange): Promise<MissionPlanCheck> {
      const items = (await verdicts(group, change))
        .filter((v) => !v.verdict.eligible || v.warnings.length > 0)
        .map((v) => ({
          auditorId: v.person.id,
          name: fullName(v.person),
          clientId: v.mission.clientId,
          raisonSocial: v.client.raisonSocial,
          blocking: v.verdict.blocking.map((b) => ({ rule: b.rule, message: b.message })),
          warnings: v.warnings,
          justified: v.justified,
        }));
      return { items };
    },

    /** Inside the save's transaction: each overridden warning kept with its justification, and journalled. */
    async record(tx: Executor, actor: AuditActor, overridden: PlanningOverride[], requestId?: string) {
      for (const o of overridden) {
        await repo.insertJustification(tx, {
          auditorId: o.auditorId,
          contractId: o.contractId,
          missionId: o.missionId,
          clientId: o.clientId,
          warnings: o.warnings,
          justification: o.justification,
          createdById: actor.userId,
          createdByLabel: actor.label,
          createdAt: clock.now(),
        });
        await writeAudit(
          tx,
          actor,
          {
            action: "justify",
            entityType: "mission",
            entityId: o.missionId,
            summary: `Affectation de ${o.auditorName} justifiée : ${o.justification}`,
            changes: { auditorId: o.auditorId, warnings: o.warnings.map((x) => x.message) },
          },
          requestId,
        );
      }
    },
  };
}

export type MissionRules = ReturnType<typeof createMissionRules>;

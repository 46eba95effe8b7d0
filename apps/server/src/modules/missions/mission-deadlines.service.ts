import {
  addCalendarDays,
  type DeadlineSettings,
  type deadlineSettingsBodySchema,
  formatDate,
  missionDeadlines,
  REMINDED_REPORT_LABELS,
  type RemindedReport,
} from "@certidesk/shared";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import type { Actor, AuditActor } from "../../lib/actor.js";
import type { Clock } from "../../lib/clock.js";
import { forbidden } from "../../lib/errors.js";
import { granted } from "../../lib/policy.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import type { EnqueueMail } from "./mission-orders.service.js";
import * as repo from "./missions.repository.js";

type SettingsInput = z.output<typeof deadlineSettingsBodySchema>;
const SYSTEM: AuditActor = { userId: null, label: "Rappels automatiques" };

export interface MissionDeadlinesDeps {
  db: Database;
  clock: Clock;
  enqueueMail: EnqueueMail;
  onMailQueued?: () => void;
}

/** The reports of a mission still awaited, with their due dates. */
export function awaitedReports(
  m: repo.MissionRow,
  s: DeadlineSettings,
): Array<{ report: RemindedReport; due: string }> {
  const d = missionDeadlines(m, s);
  const out: Array<{ report: RemindedReport; due: string }> = [];
  if (d.preliminaryReportDue && !m.preliminaryUploadedAt)
    out.push({ report: "PRELIMINARY", due: d.preliminaryReportDue });
  if (d.observationsDue && !m.observationsReceivedAt) out.push({ report: "OBSERVATIONS", due: d.observationsDue });
  if (d.finalReportDue && !m.finalReportAt) out.push({ report: "FINAL", due: d.finalReportDue });
  return out;
}

/**
 * Settings › Missions (the report deadlines every computation reads) and the reminder mails: a mail
 * to the coordinator from `reminderDaysBefore` days before a report is due until its due date, once
 * per mission, report and due date (a new due date, after the days move, gets its own reminder).
 */
export function createMissionDeadlinesService(deps: MissionDeadlinesDeps) {
  const { db, clock } = deps;

  return {
    async settings(actor: Actor) {
      if (!granted(actor, "SETTING", "read")) throw forbidden();
      return repo.loadDeadlineSettings(db);
    },

    async updateSettings(actor: Actor, input: SettingsInput, requestId?: string) {
      await repo.loadDeadlineSettings(db);
      const { version, ...values } = input;
      await versionedUpdate({
        db,
        table: repo.deadlineSettingsTable,
        id: "1",
        key: repo.deadlineSettingsTable.id,
        version,
        actor,
        clock,
        entityType: "settings",
        requestId,
        apply: () => ({
          values,
          summary: `Délais des rapports : préliminaire ${values.preliminaryReportDays} j, observations ${values.observationsDays} j, définitif ${values.finalReportDays} j, rappel ${values.reminderDaysBefore} j avant`,
          changes: true,
        }),
      });
      return repo.loadDeadlineSettings(db);
    },

    /**
     * Sends the reminders due today. Safe to run often and on several servers at once: each reminder
     * is claimed by inserting its (mission, report, due date) key in the same transaction as its mail.
     */
    async sendDueReminders(): Promise<number> {
      const settings = await repo.loadDeadlineSettings(db);
      const today = clock.today();
      let sent = 0;
      for (const mission of await repo.missionsAwaitingReports(db)) {
        for (const { report, due } of awaitedReports(mission, settings)) {
          if (today < addCalendarDays(due, -settings.reminderDaysBefore) || today > due) continue;
          const queued = await db.transaction(async (tx) => {
            const team = await repo.teamOf(tx, [mission.id]);
            const coordinator = team.find((t) => t.role === "COORDINATOR");
            if (!coordinator?.email) return false;
            if (!(await repo.claimReminder(tx, mission.id, report, due, clock.now()))) return false;
            const { client } = await repo.contextOf(tx, mission);
            await deps.enqueueMail(tx, SYSTEM, {
              templateCode: "REPORT_DUE_REMINDER",
              to: [coordinator.email],
              variables: {
                auditor: { firstName: coordinator.firstName },
                client: { raisonSocial: client.raisonSocial, city: client.city ?? "" },
                report: { name: REMINDED_REPORT_LABELS[report], dueDate: formatDate(due) },
              },
              clientId: client.id,
              missionId: mission.id,
              relatedType: "mission",
              relatedId: mission.id,
            });
            return true;
          });
          if (queued) sent++;
        }
      }
      if (sent) deps.onMailQueued?.();
      return sent;
    },
  };
}

export type MissionDeadlinesService = ReturnType<typeof createMissionDeadlinesService>;

/** Runs the reminders every `intervalMs` (hourly by default) once started; stops with the server. */
export function createReminderJob(
  service: MissionDeadlinesService,
  log?: { warn: (o: object, m: string) => void },
  intervalMs = 3_600_000,
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  const tick = () => {
    running ??= service
      .sendDueReminders()
      .catch((error) => {
        log?.warn({ err: (error as Error).message }, "rappels des rapports");
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    runOnce: tick,
    start() {
      if (timer) return;
      void tick();
      timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

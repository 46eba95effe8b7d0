import type { DeadlineSettings, MissionState } from "./codes.js";

/** A calendar date moved by whole days ("2026-02-28" + 1 → "2026-03-01"). */
export function addCalendarDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface MissionMilestones {
  status: string;
  lastDay: string | null;
  preliminaryUploadedAt: string | null;
  preliminarySentAt: string | null;
  observationsReceivedAt: string | null;
  finalReportAt: string | null;
}

export interface MissionDeadlines {
  /** The last visit day + the preliminary report delay (30 days by default). */
  preliminaryReportDue: string | null;
  /** The day the ESSMS received the preliminary report + the observation period (15 days). */
  observationsDue: string | null;
  /** The observations (or the end of their period) + the final report delay (15 days). */
  finalReportDue: string | null;
}

/**
 * The report due dates of a mission (domain.md "Deadlines"); the server's list computes the same
 * in SQL (missions list repository), keep both in step.
 */
export function missionDeadlines(m: MissionMilestones, s: DeadlineSettings): MissionDeadlines {
  const preliminaryReportDue = m.lastDay ? addCalendarDays(m.lastDay, s.preliminaryReportDays) : null;
  const observationsDue = m.preliminarySentAt ? addCalendarDays(m.preliminarySentAt, s.observationsDays) : null;
  const observationsEnd = m.observationsReceivedAt ?? observationsDue;
  const finalReportDue = observationsEnd ? addCalendarDays(observationsEnd, s.finalReportDays) : null;
  return { preliminaryReportDue, observationsDue, finalReportDue };
}

/** A report is late the day after its due date while it is not uploaded. */
export function lateReports(m: MissionMilestones, d: MissionDeadlines, today: string) {
  return {
    preliminary: Boolean(d.preliminaryReportDue && !m.preliminaryUploadedAt && today > d.preliminaryReportDue),
    final: Boolean(d.finalReportDue && !m.finalReportAt && today > d.finalReportDue),
  };
}

/** Where the mission stands today (the list's filters). */
export function missionState(m: MissionMilestones, s: DeadlineSettings, today: string): MissionState {
  if (m.status === "FINALISED") return "FINALISED";
  if (!m.lastDay) return "TO_PLAN";
  if (m.lastDay >= today) return "PLANNED";
  const late = lateReports(m, missionDeadlines(m, s), today);
  return late.preliminary || late.final ? "REPORT_LATE" : "VISIT_PAST";
}

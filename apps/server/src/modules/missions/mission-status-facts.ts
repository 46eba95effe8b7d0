import {
  type DeadlineSettings,
  lateReports,
  type MissionStatusFacts,
  missionDeadlines,
  missionState,
} from "@certidesk/shared";
import type { MissionRow } from "./missions.repository.js";

/** What the team looks like to the establishment: its size, its proposal, its latest answer. */
export interface TeamFacts {
  teamSize: number;
  proposedAt: Date | null;
  answer: { decision: "ACCEPT" | "OBJECT"; answeredAt: string; current: boolean } | null;
}

/**
 * The facts `missionStatusText` turns into the status texts of every screen (packages/shared,
 * missions/mission-status.ts), read from a mission's row, its contract and its team.
 */
export function missionStatusFacts(
  m: MissionRow,
  contractSignedAt: string | null,
  team: TeamFacts,
  settings: DeadlineSettings,
  today: string,
): MissionStatusFacts {
  const deadlines = missionDeadlines(m, settings);
  return {
    state: missionState(m, settings, today),
    contractSignedAt,
    teamSize: team.teamSize,
    teamProposedAt: team.proposedAt?.toISOString() ?? null,
    teamAnswer: team.answer
      ? { decision: team.answer.decision, answeredAt: team.answer.answeredAt, current: team.answer.current }
      : null,
    firstDay: m.firstDay,
    lastDay: m.lastDay,
    today,
    preliminaryUploadedAt: m.preliminaryUploadedAt,
    preliminaryReviewedAt: m.preliminaryReviewedAt,
    preliminarySentAt: m.preliminarySentAt,
    observationsReceivedAt: m.observationsReceivedAt,
    finalReportAt: m.finalReportAt,
    deadlines,
    late: lateReports(m, deadlines, today),
  };
}

import { formatDays, MIN_EVALUATORS, MIN_VISIT_DAYS, MIN_VISIT_DAYS_FROM } from "@certidesk/shared";
import type { EvaluationDates } from "../clients/index.js";

interface ProgrammeShape {
  service: string;
  days: Array<{ day: string; dayFraction: number }>;
  evaluatorCount: number;
  hasCoordinator: boolean;
}

/**
 * What the HAS framework requires of a programme before the contract is sent or signed: named
 * evaluators (at least two, one coordinating) and visit days; since référentiel v1.1 (July 2025),
 * a visit of at least two days.
 */
export function programmeIssues(p: ProgrammeShape): string[] {
  const issues: string[] = [];
  if (p.evaluatorCount < MIN_EVALUATORS)
    issues.push(`L'équipe d'évaluation compte au moins ${MIN_EVALUATORS} évaluateurs.`);
  else if (!p.hasCoordinator) issues.push("Désignez le coordinateur de l'équipe d'évaluation.");
  if (p.days.length === 0) issues.push("Programmez les jours de visite.");
  const total = p.days.reduce((s, d) => s + d.dayFraction, 0);
  const first = p.days.map((d) => d.day).sort()[0];
  if (p.service === "ESSMS_EVALUATION" && first && first >= MIN_VISIT_DAYS_FROM && total < MIN_VISIT_DAYS)
    issues.push(
      `Depuis juillet 2025, la visite dure au moins ${MIN_VISIT_DAYS} jours (programmé : ${formatDays(total)}).`,
    );
  return issues;
}

/**
 * Once a contract is signed, its establishments are clients and their evaluation date is the
 * programme's first day for them (or the visit's first day): "à programmer" until there is one.
 */
export function evaluationDatesOf(
  links: Array<{ clientId: string; regroupingStatus: number | null }>,
  days: Array<{ day: string; clientId: string | null }>,
): EvaluationDates[] {
  const firstOverall = days.map((d) => d.day).sort()[0] ?? null;
  const grouped = links.length > 1;
  return links.map((link) => {
    const own = days
      .filter((d) => d.clientId === link.clientId)
      .map((d) => d.day)
      .sort()[0];
    return {
      clientId: link.clientId,
      evaluationDate: own ?? firstOverall,
      regroupingStatus: grouped ? link.regroupingStatus : null,
    };
  });
}

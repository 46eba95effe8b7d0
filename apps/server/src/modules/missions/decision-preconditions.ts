import { formatDate, missionDeadlines } from "@certidesk/shared";
import type { Executor } from "../../db/client.js";
import { clientNamesOf, loadDeadlineSettings } from "./missions.repository.js";
import { majorsOpenOn, missionsOfContract } from "./non-conformities.repository.js";

/** One reason a certification decision cannot be taken (yet); `path` when it is the decision's date. */
export interface DecisionProblem {
  rule: "NO_AUDIT" | "FINAL_REPORT" | "OBSERVATIONS" | "MAJOR_OPEN" | "BEFORE_AUDIT";
  message: string;
  path?: "decidedAt";
}

/**
 * What stands in the way of a certification decision on a contract (ISO 17065: the decision rests on the
 * whole audit), every reason in French, none when it can be taken. As of `asOf`: each audit's final report
 * deposited, the establishment's observation period over or its observations received, no major
 * non-conformity open. With `decidedAt`, that day must not come before an audit's last day nor before its
 * final report. The server checks it when a decision is recorded (as of today), the contract's Décision tab
 * shows it, and the demo's consistency test runs it on each stored decision as of its own date.
 */
export async function decisionPreconditions(
  tx: Executor,
  input: { contractId: string; asOf: string; decidedAt: string | null },
): Promise<DecisionProblem[]> {
  const audits = (await missionsOfContract(tx, input.contractId)).filter((m) => m.kind !== "ESSMS_EVALUATION");
  if (audits.length === 0)
    return [{ rule: "NO_AUDIT", message: "Ce contrat n'a pas d'audit : la décision suit l'audit et son rapport." }];
  const { asOf, decidedAt } = input;
  const [settings, names, majors] = await Promise.all([
    loadDeadlineSettings(tx),
    clientNamesOf(
      tx,
      audits.map((m) => m.clientId),
    ),
    majorsOpenOn(
      tx,
      audits.map((m) => m.id),
      asOf,
    ),
  ]);
  const problems: DecisionProblem[] = [];
  for (const m of audits) {
    const of = `l'audit de « ${names.get(m.clientId) ?? ""} »`;
    if (!m.finalReportAt || m.finalReportAt > asOf)
      problems.push({ rule: "FINAL_REPORT", message: `Le rapport définitif de ${of} n'est pas déposé.` });
    const { observationsDue } = missionDeadlines(m, settings);
    const received = !!m.observationsReceivedAt && m.observationsReceivedAt <= asOf;
    const sent = !!m.preliminarySentAt && m.preliminarySentAt <= asOf;
    if (sent && !received && observationsDue && observationsDue >= asOf)
      problems.push({
        rule: "OBSERVATIONS",
        message: `L'établissement peut encore envoyer ses observations sur le rapport préliminaire de ${of}, jusqu'au ${formatDate(observationsDue)}.`,
      });
    const bound = [m.lastDay, m.finalReportAt]
      .filter((d): d is string => !!d)
      .sort()
      .at(-1);
    if (decidedAt && bound && decidedAt < bound)
      problems.push({
        rule: "BEFORE_AUDIT",
        message: `La décision ne peut pas être datée avant ${of} et son rapport définitif (${formatDate(bound)}).`,
        path: "decidedAt",
      });
  }
  if (majors.length)
    problems.push({
      rule: "MAJOR_OPEN",
      message: `${majors.length === 1 ? "Une non-conformité majeure est" : `${majors.length} non-conformités majeures sont`} encore ouverte${majors.length === 1 ? "" : "s"} (critère ${majors.map((m) => m.criterion).join(", ")}) : la décision attend leur levée.`,
    });
  return problems;
}

import { formatDays, MIN_EVALUATORS, MIN_VISIT_DAYS, MIN_VISIT_DAYS_FROM } from "@certidesk/shared";
import { eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { clients, contractDays, contractEstablishments, contracts, requestClients } from "../../db/schema/index.js";

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
export async function syncEstablishments(tx: Executor, contractId: string, signedAt: Date | null) {
  const links = await tx.select().from(contractEstablishments).where(eq(contractEstablishments.contractId, contractId));
  const days = await tx.select().from(contractDays).where(eq(contractDays.contractId, contractId));
  const firstOverall = days.map((d) => d.day).sort()[0] ?? null;
  const grouped = links.length > 1;
  for (const link of links) {
    const own = days
      .filter((d) => d.clientId === link.clientId)
      .map((d) => d.day)
      .sort()[0];
    await tx
      .update(clients)
      .set({
        evaluationDate: own ?? firstOverall,
        regroupingStatus: grouped ? link.regroupingStatus : null,
        ...(signedAt ? { clientSince: signedAt } : {}),
        updatedAt: new Date(),
      })
      .where(eq(clients.id, link.clientId));
  }
  return links.map((l) => l.clientId);
}

export const establishmentIds = async (tx: Executor, contractId: string) =>
  (
    await tx
      .select({ id: contractEstablishments.clientId })
      .from(contractEstablishments)
      .where(eq(contractEstablishments.contractId, contractId))
  ).map((r) => r.id);

export async function clientNames(tx: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return (await tx.select({ name: clients.raisonSocial }).from(clients).where(inArray(clients.id, ids))).map(
    (r) => r.name,
  );
}

export async function serviceOfContract(tx: Executor, contractId: string) {
  const [row] = await tx
    .select({ service: requestClients.service })
    .from(contracts)
    .innerJoin(requestClients, eq(requestClients.id, contracts.requestId))
    .where(eq(contracts.id, contractId));
  return row?.service ?? "ESSMS_EVALUATION";
}

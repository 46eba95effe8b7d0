import { type ContractDetail, type ContractStatus, type ContractTypology, quoteLabel } from "@certidesk/shared";
import type { DocumentLinks } from "../documents/index.js";
import { programmeIssues } from "./contract-rules.js";
import type { ContractBundle } from "./contracts.repository.js";

export function toContractDetail(
  b: ContractBundle,
  links: DocumentLinks,
  abilities: ContractDetail["abilities"],
  decisionBlockers: string[],
): ContractDetail {
  const c = b.contract;
  const doc = (id: string | null) => {
    const found = id ? b.docs.find((d) => d.id === id) : undefined;
    return found ? { id: found.id, name: found.name, url: links.url(found.id, "view") } : null;
  };
  const days = b.days.map((d) => ({
    id: d.id,
    day: d.day,
    timeSlotId: d.timeSlotId,
    dayFraction: d.dayFraction,
    clientId: d.clientId,
  }));
  const evaluators = b.team.map((t) => ({
    auditorId: t.auditor.id,
    name: `${t.auditor.firstName} ${t.auditor.lastName}`,
    city: t.auditor.city,
    role: t.role as "COORDINATOR" | "EVALUATOR",
  }));
  return {
    id: c.id,
    number: c.number,
    status: c.status as ContractStatus,
    typology: c.typology as ContractTypology,
    service: b.request.service,
    requestId: b.request.id,
    requestReference: b.request.reference,
    quoteId: c.quoteId,
    quoteLabel: b.quote ? quoteLabel(b.quote) : null,
    legalEntity: { id: b.request.legalEntityId, raisonSocial: b.entity?.raisonSocial ?? "" },
    contactEmail: b.contact?.email ?? null,
    establishments: b.establishments.map(({ link, client }) => ({
      clientId: client.id,
      raisonSocial: client.raisonSocial,
      finess: client.finess,
      city: client.city,
      regroupingStatus: link.regroupingStatus,
      atc: link.atc,
      evaluationDate: client.evaluationDate,
    })),
    days,
    totalDays: days.reduce((s, d) => s + d.dayFraction, 0),
    evaluators,
    signatureDate: c.signatureDate,
    deadline: c.deadline,
    amountHT: c.amountHT,
    vatRate: c.vatRate,
    amountVAT: c.amountVAT,
    amountTTC: c.amountTTC,
    travelExpenseMode: c.travelExpenseMode,
    depositPercent: Number(c.depositPercent),
    travelExpenseAmount: c.travelExpenseAmount,
    feb: c.feb ?? null,
    febDocument: doc(c.febDocumentId),
    document: doc(c.documentId),
    decision: c.decision
      ? {
          decision: c.decision.decision as "PENDING",
          deciderUserId: c.decision.deciderUserId ?? null,
          decidedBy: c.decision.decidedBy,
          decidedAt: c.decision.decidedAt,
          validUntil: c.decision.validUntil,
          comment: c.decision.comment,
        }
      : null,
    sentAt: c.sentAt?.toISOString() ?? null,
    refusalReason: c.refusalReason,
    programmeIssues: programmeIssues({
      service: b.request.service,
      days,
      evaluatorCount: evaluators.length,
      hasCoordinator: evaluators.some((e) => e.role === "COORDINATOR"),
    }),
    decisionBlockers,
    createdAt: c.createdAt.toISOString(),
    version: c.version,
    abilities,
  };
}

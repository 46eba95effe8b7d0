/** Contracts: typologies, programme time slots and rules, statuses, certification decisions (spec §3, §4). */

import { labelsOf } from "./labels.js";

export const CONTRACT_TYPOLOGIES = ["STANDARD_CONTRACT_DRAWN_UP_WITH_CREG_2", "APPEL_OFFRE"] as const;
export type ContractTypology = (typeof CONTRACT_TYPOLOGIES)[number];
export function contractTypologyLabel(typology: string, companyName: string): string {
  return typology === "APPEL_OFFRE" ? "Appel d'offre" : `Contrat type établi avec ${companyName}`;
}

/** Regrouping status of an ESSMS in a grouped evaluation (ATC approval), step one. */
export const REGROUPING_STATUSES = [
  { value: 1, label: "Preuve de validation du regroupement par l'ATC transmise" },
  { value: 2, label: "Regroupement demandé à l'ATC, en attente de réponse" },
  { value: 3, label: "Souhaite regrouper les évaluations mais ne l'a pas encore demandé à l'ATC" },
] as const;

/** Time slots of an audit day (spec §3), with their day fraction. */
interface AuditTimeSlot {
  id: number;
  name: string;
  value: string;
  dayFraction: number;
  timeId: number;
}
export const AUDIT_TIME_SLOTS: readonly AuditTimeSlot[] = [
  { id: 1, name: "Journée", value: "8h00-12h00 et 14h00-18h00", dayFraction: 1, timeId: 1 },
  { id: 2, name: "Journée", value: "8h30-12h00 et 13h30-18h00", dayFraction: 1, timeId: 1 },
  { id: 3, name: "Journée", value: "9h00-12h00 et 13h00-18h00", dayFraction: 1, timeId: 1 },
  { id: 4, name: "Journée", value: "9h00-12h30 et 13h30-18h00", dayFraction: 1, timeId: 1 },
  { id: 5, name: "Matin", value: "8h00-12h00", dayFraction: 0.5, timeId: 2 },
  { id: 6, name: "Matin", value: "8h30-12h30", dayFraction: 0.5, timeId: 2 },
  { id: 7, name: "Matin", value: "9h00-13h00", dayFraction: 0.5, timeId: 2 },
  { id: 8, name: "Matin", value: "9h00-12h00", dayFraction: 0.5, timeId: 2 },
  { id: 9, name: "Après-midi", value: "13h00-17h00", dayFraction: 0.5, timeId: 3 },
  { id: 10, name: "Après-midi", value: "13h30-17h30", dayFraction: 0.5, timeId: 3 },
  { id: 11, name: "Après-midi", value: "14h00-18h00", dayFraction: 0.5, timeId: 3 },
  { id: 12, name: "Après-midi", value: "13h00-18h00", dayFraction: 0.5, timeId: 3 },
  { id: 13, name: "Quart de journée", value: "8h00-10h00", dayFraction: 0.25, timeId: 4 },
  { id: 14, name: "Quart de journée", value: "14h00-16h00", dayFraction: 0.25, timeId: 4 },
  { id: 15, name: "Trois quarts de journée", value: "8h00-12h00 et 14h00-16h00", dayFraction: 0.75, timeId: 5 },
  { id: 16, name: "Trois quarts de journée", value: "9h00-12h00 et 13h00-16h00", dayFraction: 0.75, timeId: 5 },
];
/** The spec's audit types of a programme day; kept for the missions module (planning of visits). */
export const AUDIT_TYPE_OPTIONS = [
  { value: 1, label: "Journée Complète", dayFraction: 1 },
  { value: 2, label: "Matin", dayFraction: 0.5 },
  { value: 3, label: "Après-midi", dayFraction: 0.5 },
] as const;
export const timeSlotById = (id: number) => AUDIT_TIME_SLOTS.find((s) => s.id === id);
/** Since référentiel v1.1 (July 2025) a visit lasts at least two days, with at least two evaluators. */
export const MIN_VISIT_DAYS = 2;
export const MIN_VISIT_DAYS_FROM = "2025-07-01";
export const MIN_EVALUATORS = 2;

/**
 * Contract statuses: DRAFT (needs, programme and terms being written) → SENT (for signature) →
 * SIGNED (the establishments become clients) or REFUSE; a draft or sent contract can be CANCELLED.
 */
export const CONTRACT_STATUSES = ["DRAFT", "SENT", "SIGNED", "REFUSE", "CANCELLED"] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_STATUS_DETAIL_LABELS = labelsOf<ContractStatus>({
  DRAFT: "En préparation",
  SENT: "Envoyé pour signature",
  SIGNED: "Signé",
  REFUSE: "Refus",
  CANCELLED: "Annulé",
});

export const CERTIFICATION_DECISIONS = ["PENDING", "GRANTED", "REFUSED", "DEFERRED"] as const;
export type CertificationDecision = (typeof CERTIFICATION_DECISIONS)[number];
export const CERTIFICATION_DECISION_LABELS = labelsOf<CertificationDecision>({
  PENDING: "En attente de décision",
  GRANTED: "Certification accordée",
  REFUSED: "Certification refusée",
  DEFERRED: "Décision ajournée (compléments demandés)",
});

/** The four tabs of a contract (spec screen codes). */
export const CONTRACT_TABS = [
  { code: "CONTRACT_FEB", label: "Besoin" },
  { code: "CONTRACT_PROGRAM", label: "Programme" },
  { code: "CONTRACT_CONTRACT", label: "Contrat" },
  { code: "CONTRACT_DECISION", label: "Décision" },
] as const;

/** Requests (prospects): services, sources, statuses, recevability of certifications (spec §4; domain.md). */

import { labelsOf } from "./labels.js";

export const REQUEST_SERVICES = ["ESSMS_EVALUATION", "CERTIFICATION"] as const;
export type RequestService = (typeof REQUEST_SERVICES)[number];
export const REQUEST_SERVICE_LABELS = labelsOf<RequestService>({
  ESSMS_EVALUATION: "Évaluation externe ESSMS",
  CERTIFICATION: "Certification",
});

export const REQUEST_SOURCES = ["DIRECT", "APPEL_OFFRE", "SITE_WEB", "RECOMMANDATION", "RENOUVELLEMENT"] as const;
export type RequestSource = (typeof REQUEST_SOURCES)[number];
export const REQUEST_SOURCE_LABELS = labelsOf<RequestSource>({
  DIRECT: "Demande directe",
  APPEL_OFFRE: "Appel d'offres",
  SITE_WEB: "Site internet",
  RECOMMANDATION: "Recommandation",
  RENOUVELLEMENT: "Renouvellement",
});

/**
 * A request's life: NEW → (RECEVABILITY for certifications) → QUOTE_DRAFT → QUOTE_SENT → QUOTE_ACCEPTED
 * (a contract is prepared) → CONTRACT_SENT → SIGNED (the establishments are clients). REFUSE at any
 * step before signing; archiving is separate and reversible ("move back to prospect").
 */
export const REQUEST_STATUSES = [
  "NEW",
  "RECEVABILITY",
  "QUOTE_DRAFT",
  "QUOTE_SENT",
  "QUOTE_ACCEPTED",
  "CONTRACT_SENT",
  "SIGNED",
  "REFUSE",
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_STATUS_LABELS = labelsOf<RequestStatus>({
  NEW: "Nouvelle demande",
  RECEVABILITY: "Recevabilité en cours",
  QUOTE_DRAFT: "Devis en préparation",
  QUOTE_SENT: "Devis envoyé",
  QUOTE_ACCEPTED: "Contrat en préparation",
  CONTRACT_SENT: "Contrat envoyé",
  SIGNED: "Contrat signé",
  REFUSE: "Refusé",
});
export const REQUEST_REFUSAL_REASONS = [
  "Demande non recevable",
  "Devis refusé par l'établissement",
  "Autre organisme retenu",
  "Demande sans suite",
  "Conflit d'intérêts",
  "Autre",
] as const;

/** Prospect list filters (spec §4): all, in progress, refused. */
export const PROSPECT_TYPES = ["all", "EnCours", "REFUSE"] as const;
export type ProspectType = (typeof PROSPECT_TYPES)[number];

export const RECEVABILITY_DECISIONS = ["PENDING", "RECEVABLE", "NON_RECEVABLE"] as const;
export type RecevabilityDecision = (typeof RECEVABILITY_DECISIONS)[number];
export const RECEVABILITY_DECISION_LABELS = labelsOf<RecevabilityDecision>({
  PENDING: "En cours d'examen",
  RECEVABLE: "Recevable",
  NON_RECEVABLE: "Non recevable",
});
/** The file a certification applicant must complete before a quote (ISO 17065 / 17021 practice). */
export const RECEVABILITY_CHECKLIST = [
  { code: "FORM", label: "Formulaire de demande complété et signé" },
  { code: "LEGAL", label: "Extrait Kbis, statuts ou arrêté d'autorisation de moins de 3 mois" },
  { code: "SCOPE", label: "Périmètre de certification défini (activités, sites)" },
  { code: "QMS", label: "Documents du système qualité transmis" },
  { code: "IMPARTIALITY", label: "Absence de conflit d'intérêts vérifiée" },
  { code: "COMPETENCE", label: "Compétences d'audit disponibles pour le périmètre" },
] as const;

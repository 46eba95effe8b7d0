/** Codes and labels of the commercial pipeline (spec §3, §4; domain.md). */

const labelsOf = <T extends string>(entries: Record<T, string>) => entries;

export const TYPOLOGY_SECTORS = ["MEDICO_SOCIAL", "SOCIAL"] as const;
export type TypologySector = (typeof TYPOLOGY_SECTORS)[number];
export const TYPOLOGY_SECTOR_LABELS = labelsOf<TypologySector>({ MEDICO_SOCIAL: "Médico-Social", SOCIAL: "Social" });

export const TYPOLOGY_TYPES = ["SERVICE", "ESTABLISHMENT"] as const;
export type TypologyType = (typeof TYPOLOGY_TYPES)[number];
export const TYPOLOGY_TYPE_LABELS = labelsOf<TypologyType>({ SERVICE: "Service", ESTABLISHMENT: "Établissement" });

export const SECTOR_DOMAINS = ["PA", "PH", "PEPJJ", "PDS", "AHI"] as const;
export type SectorDomain = (typeof SECTOR_DOMAINS)[number];
export const SECTOR_DOMAIN_LABELS = labelsOf<SectorDomain>({
  PA: "PA — Personnes âgées",
  PH: "PH — Personnes handicapées",
  PEPJJ: "PEPJJ — Protection de l'enfance et PJJ",
  PDS: "PDS — Personnes en difficulté spécifique",
  AHI: "AHI — Accueil, hébergement, insertion",
});

export const PUBLIC_KEY_TYPES = ["PA", "PHA", "PHE", "PEPJJ", "PDS", "AHI"] as const;
export type PublicKeyType = (typeof PUBLIC_KEY_TYPES)[number];
export const PUBLIC_KEY_TYPE_LABELS = labelsOf<PublicKeyType>({
  PA: "PA — Personnes âgées",
  PHA: "PHA — Adultes handicapés",
  PHE: "PHE — Enfants handicapés",
  PEPJJ: "PEPJJ — Protection de l'enfance et PJJ",
  PDS: "PDS — Personnes en difficulté spécifique",
  AHI: "AHI — Accueil, hébergement, insertion",
});

/** VAT rates of quotes and contracts: 20 %, 8.5 % (overseas departments) or exempt. */
export const VAT_RATES = [
  { value: 0.2, label: "20 %" },
  { value: 0.085, label: "8,5 %" },
  { value: 0, label: "Exonéré" },
] as const;
export type VatRate = (typeof VAT_RATES)[number]["value"];
export const vatRateLabel = (rate: number) => VAT_RATES.find((r) => r.value === Number(rate))?.label ?? `${rate}`;

/** Travel expenses: 1 billed on top, 2 included, 3 flat fee (with its amount). */
export const TRAVEL_EXPENSE_OPTIONS = [
  { value: 1, label: "Frais en sus" },
  { value: 2, label: "Inclus" },
  { value: 3, label: "Forfait" },
] as const;
export type TravelExpenseMode = 1 | 2 | 3;
export const travelExpenseLabel = (mode: number) =>
  TRAVEL_EXPENSE_OPTIONS.find((o) => o.value === Number(mode))?.label ?? "";

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
export interface AuditTimeSlot {
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

export const REQUEST_SERVICES = ["ESSMS_EVALUATION", "CERTIFICATION"] as const;
export type RequestService = (typeof REQUEST_SERVICES)[number];
export const REQUEST_SERVICE_LABELS = labelsOf<RequestService>({
  ESSMS_EVALUATION: "Évaluation externe ESSMS",
  CERTIFICATION: "Certification",
});

/** The usual lines of a quote, per service (days, unit price per day or per team-day); quantity = establishments. */
export const DEFAULT_QUOTE_LINES: Record<
  RequestService,
  ReadonlyArray<{ service: string; days: number; unitPrice: number }>
> = {
  ESSMS_EVALUATION: [
    {
      service: "Préparation de l'évaluation externe : analyse documentaire et plan d'évaluation",
      days: 1,
      unitPrice: 980,
    },
    { service: "Visite d'évaluation sur site par un binôme d'évaluateurs", days: 2, unitPrice: 1960 },
    { service: "Rédaction du rapport, restitution et dépôt sur la plateforme Synaé", days: 1.5, unitPrice: 980 },
  ],
  CERTIFICATION: [
    { service: "Revue de recevabilité et préparation de l'audit", days: 0.5, unitPrice: 950 },
    { service: "Audit initial de certification sur site", days: 2, unitPrice: 1150 },
    { service: "Revue du rapport et décision de certification", days: 0.5, unitPrice: 950 },
  ],
};

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
export const PROSPECT_TYPE_LABELS = labelsOf<ProspectType>({ all: "Tous", EnCours: "En cours", REFUSE: "Refusés" });

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

export const QUOTE_STATUSES = ["DRAFT", "SENT", "ACCEPTED", "REFUSED", "SUPERSEDED"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS = labelsOf<QuoteStatus>({
  DRAFT: "Brouillon",
  SENT: "Envoyé",
  ACCEPTED: "Accepté",
  REFUSED: "Refusé",
  SUPERSEDED: "Remplacé",
});

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

/** Client list filters (spec §4). */
export const CLIENT_LIST_FILTERS = [
  "all",
  "NO_EVALUATION_DATE",
  "EVALUATION_DATE",
  "AUDIT_DATE_PAST",
  "EVALUATION_FINISH",
] as const;
export type ClientListFilter = (typeof CLIENT_LIST_FILTERS)[number];
export const CLIENT_LIST_FILTER_LABELS = labelsOf<ClientListFilter>({
  all: "Tous",
  NO_EVALUATION_DATE: "Évaluation non programmée",
  EVALUATION_DATE: "Évaluation programmée",
  AUDIT_DATE_PAST: "Évaluations réalisées",
  EVALUATION_FINISH: "Évaluations finalisées",
});

/** The département of a French postal code (Corsica 2A/2B, overseas 971–976). */
export function departementOf(postalCode: string | null | undefined): string | null {
  const code = postalCode?.trim() ?? "";
  if (!/^\d{5}$/.test(code)) return null;
  if (code.startsWith("97") || code.startsWith("98")) return code.slice(0, 3);
  if (code.startsWith("20")) return Number(code) < 20200 ? "2A" : "2B";
  return code.slice(0, 2);
}

/** Overseas départements get the 8.5 % VAT rate (Guadeloupe, Martinique, La Réunion). */
export const isReducedVatDepartement = (dep: string | null) => dep === "971" || dep === "972" || dep === "974";

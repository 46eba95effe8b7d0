/** ESSMS and legal entities: typology, sectors, publics, client list filters, départements (spec §3, §4). */

import { labelsOf } from "./labels.js";

export const TYPOLOGY_SECTORS = ["MEDICO_SOCIAL", "SOCIAL"] as const;
type TypologySector = (typeof TYPOLOGY_SECTORS)[number];
export const TYPOLOGY_SECTOR_LABELS = labelsOf<TypologySector>({ MEDICO_SOCIAL: "Médico-Social", SOCIAL: "Social" });

export const TYPOLOGY_TYPES = ["SERVICE", "ESTABLISHMENT"] as const;
type TypologyType = (typeof TYPOLOGY_TYPES)[number];
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

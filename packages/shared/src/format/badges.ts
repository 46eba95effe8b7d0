import { isTruthyFlag } from "./display.js";

export interface BadgeRow {
  isMultiClient?: boolean | string | null;
  isRegroupingClient?: boolean | string | null;
  isGestionnaire?: boolean | string | null;
  gestionnaireRaisonSocial?: string | null;
}

type BadgeCode = "M" | "G" | "GST";

interface BadgeDescriptor {
  code: BadgeCode;
  label: string;
  tooltip: string;
  /** A palette name the screens map to their theme. */
  color: "blue" | "green" | "orange";
}

/** Badges shown beside a client's name: M multi-establishment, G grouped evaluation, GST manager. */
export function rowBadges(row: BadgeRow | null | undefined): BadgeDescriptor[] {
  if (!row) return [];
  const badges: BadgeDescriptor[] = [];
  if (isTruthyFlag(row.isMultiClient)) {
    badges.push({ code: "M", label: "M", tooltip: "Multi-établissement", color: "blue" });
  }
  if (isTruthyFlag(row.isRegroupingClient)) {
    badges.push({ code: "G", label: "G", tooltip: "Évaluation regroupée", color: "green" });
  }
  if (isTruthyFlag(row.isGestionnaire)) {
    const name = row.gestionnaireRaisonSocial?.trim();
    badges.push({ code: "GST", label: "GST", tooltip: name || "Gestionnaire", color: "orange" });
  }
  return badges;
}

/** Profile types of the spec (section 6). INGERIS is a special code kept for compatibility; no user gets it. */
const STAFF_PROFILE_TYPES = ["DIR", "CC", "CMCC", "CMADMIN", "QSE", "RH", "CPI", "COMPTA"] as const;
export const PROFILE_TYPES = [...STAFF_PROFILE_TYPES, "AUDITEUR", "MYQUALIANOR"] as const;

type StaffProfileType = (typeof STAFF_PROFILE_TYPES)[number];
export type ProfileType = (typeof PROFILE_TYPES)[number];

export const PROFILE_LABELS: Record<ProfileType, string> = {
  DIR: "Direction",
  CC: "Chargé(e) de clientèle",
  CMCC: "Chargé(e) de mission / coordination",
  CMADMIN: "Administration des missions",
  QSE: "Qualité (QSE)",
  RH: "Ressources humaines",
  CPI: "Planification",
  COMPTA: "Comptabilité",
  AUDITEUR: "Évaluateur",
  MYQUALIANOR: "Utilisateur client (portail)",
};

export function isStaffProfile(profile: string): profile is StaffProfileType {
  return (STAFF_PROFILE_TYPES as readonly string[]).includes(profile);
}

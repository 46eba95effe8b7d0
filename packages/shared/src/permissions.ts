import type { ProfileType } from "./profiles.js";

/** The permission catalogue of the spec (sections 2 and 6). */
export const PERMISSION_CODES = [
  "CLIENT",
  "GESTIONNAIRE",
  "PROSPECT",
  "MISSION",
  "CERTMANAGER_DOCUMENT",
  "MAIL",
  "SETTING",
  "NOUVEAU",
  "STATISTIC",
  "WALL",
  "AUDITOR",
  "INVOICE",
  "ADMIN",
] as const;
export type PermissionCode = (typeof PERMISSION_CODES)[number];

export const OPERATIONS = ["create", "read", "update", "delete"] as const;
export type Operation = (typeof OPERATIONS)[number];

type OperationFlags = Record<Operation, boolean>;
export interface PermissionGrant {
  code: PermissionCode;
  operation: OperationFlags;
}

export const PERMISSION_LABELS: Record<PermissionCode, string> = {
  CLIENT: "Clients",
  GESTIONNAIRE: "Gestionnaires",
  PROSPECT: "Prospects et contrats",
  MISSION: "Missions",
  CERTMANAGER_DOCUMENT: "Bibliothèque de documents",
  MAIL: "E-mails",
  SETTING: "Paramètres",
  NOUVEAU: "Création de clients (nouveau, entité juridique)",
  STATISTIC: "Statistiques",
  WALL: "Mur",
  AUDITOR: "Fiches des évaluateurs (liens d'intérêts, documents)",
  INVOICE: "Factures clients",
  ADMIN: "Administration des comptes et des droits",
};

/**
 * The codes a portal profile (evaluator, client user) may hold: what their record scope already bounds.
 * Every other code opens staff data; granted by mistake to those profiles it opens nothing (the route
 * access refuses them) and the rights screen does not offer it.
 */
const PORTAL_CODES: Record<"AUDITEUR" | "MYQUALIANOR", readonly PermissionCode[]> = {
  AUDITEUR: ["MISSION", "CERTMANAGER_DOCUMENT", "AUDITOR"],
  MYQUALIANOR: ["CLIENT", "CERTMANAGER_DOCUMENT"],
};
/** The codes a profile may be granted (the rights screen shows only these). */
export function grantableCodes(profile: ProfileType): readonly PermissionCode[] {
  return profile === "AUDITEUR" || profile === "MYQUALIANOR" ? PORTAL_CODES[profile] : PERMISSION_CODES;
}

/** Whether every flag of `grants` is also held in `held`: a profile within an administrator's reach. */
export function grantsWithin(grants: readonly PermissionGrant[], held: readonly PermissionGrant[]): boolean {
  return grants.every((g) => OPERATIONS.every((op) => !g.operation[op] || hasPermission(held, g.code, op)));
}

export const OPERATION_LABELS: Record<Operation, string> = {
  create: "Créer",
  read: "Lire",
  update: "Modifier",
  delete: "Supprimer",
};

/** "any" means: at least one of the four flags (the spec's rule for most routes). */
export type Requirement = Operation | "any";

export function hasPermission(
  grants: readonly PermissionGrant[],
  code: PermissionCode,
  requirement: Requirement,
): boolean {
  const grant = grants.find((g) => g.code === code);
  if (!grant) return false;
  if (requirement === "any") return OPERATIONS.some((op) => grant.operation[op]);
  return grant.operation[requirement];
}

const NONE = "";
/** Compact notation for the default grants: a string of the letters C, R, U, D. */
type Letters = string;
const DEFAULT_GRANT_LETTERS: Record<ProfileType, Partial<Record<PermissionCode, Letters>>> = {
  // Direction: everything.
  DIR: Object.fromEntries(PERMISSION_CODES.map((c) => [c, "CRUD"])),
  // Sales: owns prospects, quotes and contracts, creates clients, follows them and their statistics.
  CC: {
    CLIENT: "CRU",
    GESTIONNAIRE: "CRU",
    PROSPECT: "CRUD",
    MISSION: "R",
    CERTMANAGER_DOCUMENT: "CRU",
    MAIL: "CR",
    NOUVEAU: "CR",
    STATISTIC: "CR",
    WALL: "CRU",
  },
  // Mission coordination: runs missions from programme to final report.
  CMCC: {
    CLIENT: "RU",
    GESTIONNAIRE: "R",
    PROSPECT: "R",
    MISSION: "CRUD",
    CERTMANAGER_DOCUMENT: "CRU",
    MAIL: "CR",
    STATISTIC: "R",
    WALL: "CRU",
  },
  // Mission administration: contracts paperwork, mission orders, documents, reads settings.
  CMADMIN: {
    CLIENT: "CRU",
    GESTIONNAIRE: "RU",
    PROSPECT: "RU",
    MISSION: "CRU",
    CERTMANAGER_DOCUMENT: "CRUD",
    MAIL: "CRU",
    SETTING: "R",
    NOUVEAU: "CR",
    WALL: "CRU",
  },
  // Quality: procedures and référentiels, settings of the quality system, statistics.
  QSE: {
    CLIENT: "R",
    GESTIONNAIRE: "R",
    PROSPECT: "R",
    MISSION: "R",
    CERTMANAGER_DOCUMENT: "CRUD",
    MAIL: "R",
    SETTING: "RU",
    STATISTIC: "CR",
    WALL: "CRU",
  },
  // Human resources: evaluators' files and their links of interest.
  RH: {
    CLIENT: "R",
    MISSION: "R",
    CERTMANAGER_DOCUMENT: "CRU",
    MAIL: "CR",
    WALL: "CRU",
    AUDITOR: "CRUD",
  },
  // Planning: evaluation dates and evaluators' availability.
  CPI: {
    CLIENT: "RU",
    GESTIONNAIRE: "R",
    PROSPECT: "R",
    MISSION: "CRU",
    CERTMANAGER_DOCUMENT: "R",
    MAIL: "CR",
    STATISTIC: "R",
    WALL: "CRU",
  },
  // Accounting: invoices and expenses of missions, financial statistics.
  COMPTA: {
    CLIENT: "R",
    GESTIONNAIRE: "R",
    PROSPECT: "R",
    MISSION: "RU",
    CERTMANAGER_DOCUMENT: "CR",
    MAIL: "CR",
    STATISTIC: "CR",
    WALL: "R",
    INVOICE: "CRU",
  },
  // Evaluators: their own missions and the documents shared with them (record scope on the server).
  // Their own file only (record scope): contact details, links of interest, unavailability, documents.
  AUDITEUR: { MISSION: "R", CERTMANAGER_DOCUMENT: "R", AUDITOR: "U" },
  // Client users: their own client and its documents (record scope on the server).
  MYQUALIANOR: { CLIENT: "R", CERTMANAGER_DOCUMENT: "R" },
};

export function defaultGrants(profile: ProfileType): PermissionGrant[] {
  const letters = DEFAULT_GRANT_LETTERS[profile];
  return PERMISSION_CODES.map((code) => {
    const l = letters[code] ?? NONE;
    return {
      code,
      operation: { create: l.includes("C"), read: l.includes("R"), update: l.includes("U"), delete: l.includes("D") },
    };
  });
}
